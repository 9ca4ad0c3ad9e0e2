import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { jsonBody, nestingDepth } from './json-body.ts';

describe('nesting depth of a JSON text, counted without parsing it', () => {
  it('counts arrays and objects inside one another, not brackets in strings', () => {
    expect(nestingDepth('{}')).toBe(1);
    expect(nestingDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(nestingDepth('{"a":"[[[{{{","b":"\\"[[["}')).toBe(1);
    expect(nestingDepth('[[],[],[[]]]')).toBe(3);
    expect(nestingDepth('"x"')).toBe(0);
  });

  it('stops once past the limit', () => {
    expect(nestingDepth('['.repeat(1_000), 10)).toBe(11);
  });
});

describe('the JSON body of a request, within limits', () => {
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    const app = new Koa();
    app.use(errorHandler());
    app.use(jsonBody({ maxBytes: 256 * 1024, maxDepth: 8 }));
    app.use((ctx) => {
      ctx.body = { got: ctx.request.body ?? null };
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const post = async (body: string, type = 'application/json') => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': type }, body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('parses a body within the limits', async () => {
    expect(await post('{"a":[{"b":1}]}')).toEqual({ status: 200, body: { got: { a: [{ b: 1 }] } } });
    expect(await post('')).toEqual({ status: 200, body: { got: {} } });
    expect(await post('a=1', 'application/x-www-form-urlencoded')).toEqual({
      status: 200,
      body: { got: {} },
    });
  });

  it('refuses a body nested deeper than the limit with 400 naming it, arrays and objects alike', async () => {
    for (const deep of [
      '['.repeat(50_000) + ']'.repeat(50_000),
      '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
    ]) {
      expect(await post(deep)).toEqual({
        status: 400,
        body: {
          error: 'The request body is nested too deeply',
          issues: [
            { path: ['body'], message: 'Arrays and objects may be nested at most 8 deep', code: 'too_deep' },
          ],
        },
      });
    }
    expect((await post('['.repeat(8) + ']'.repeat(8))).status).toBe(200);
  });

  it('refuses a body larger than the limit with 413 naming it', async () => {
    expect(await post(JSON.stringify({ a: 'x'.repeat(300_000) }))).toEqual({
      status: 413,
      body: { error: 'The request body is larger than 256 kB' },
    });
  });

  it('refuses what is no JSON object or array, and __proto__ keys, with 400', async () => {
    for (const bad of ['{"a":', '"text"', 'null', '{"__proto__":{"admin":true}}']) {
      expect(await post(bad)).toEqual({ status: 400, body: { error: 'The request body is not valid JSON' } });
    }
  });
});
