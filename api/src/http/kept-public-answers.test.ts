import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sessionIdOf } from '../accounts/sessions.ts';
import { createLogger } from '../observability/logger.ts';
import { createMetrics } from '../observability/metrics.ts';
import { withKeptPublicAnswers } from './kept-public-answers.ts';
import { PublicAnswerCache } from './public-answer-cache.ts';
import { XsrfCookies, xsrfProtection } from './xsrf.ts';

describe('the short path of a kept public answer', () => {
  const servers: Array<{ close: () => void }> = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  /** A Koa app (with the anti-forgery cookie rule) behind the short path, and a route that counts how often it ran. */
  async function serve(byAddress?: true | (() => boolean)) {
    const cache = new PublicAnswerCache();
    const routeRuns: string[] = [];
    const app = new Koa();
    const router = new Router();
    router.get('/things/:id', async (ctx) => {
      routeRuns.push(ctx.url);
      // "big": an answer worth compressing.
      const thing = { id: ctx.params.id, ...(ctx.params.id === 'big' ? { notes: 'n'.repeat(2_000) } : {}) };
      await cache.answer(ctx, `thing ${ctx.params.id}`, async () => thing, { byAddress });
    });
    const xsrf = new XsrfCookies('secret');
    app.use(xsrfProtection(xsrf, sessionIdOf));
    app.use(router.routes());
    app.proxy = true;
    const server = createServer(
      withKeptPublicAnswers(app.callback(), {
        cache,
        xsrf,
        logger: createLogger({ level: 'silent' }),
        metrics: createMetrics(async () => ({ lag: 0, quarantinedCompanies: 0 })),
        trustProxy: true,
      }),
    ).listen(0, '127.0.0.1');
    servers.push(server);
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // node:http rather than fetch: fetch marks a conditional request no-cache, which rules out a 304.
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{
        status: number;
        body: string;
        etag?: string;
        cookie?: string;
        token?: string;
        length?: string;
      }>((resolve, reject) => {
        request(`${base}${path}`, { headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              body,
              etag: response.headers.etag,
              // The token left out: every answer to a client without one carries a new one.
              cookie: response.headers['set-cookie']?.[0]?.replace(/=[^;]*/, '=…'),
              token: /XSRF-TOKEN=([^;]*)/.exec(response.headers['set-cookie']?.[0] ?? '')?.[1],
              length: response.headers['content-length'],
            }),
          );
        })
          .on('error', reject)
          .end();
      });
    return {
      cache,
      routeRuns,
      get,
      getSansToken: async (path: string, headers: Record<string, string> = {}) => {
        const { token: _, ...rest } = await get(path, headers);
        return rest;
      },
    };
  }

  it('answers a GET without a session of a kept address without the route, until the answers change', async () => {
    const { cache, routeRuns, getSansToken: get } = await serve(true);

    const first = await get('/things/1');
    const again = await get('/things/1');
    const other = await get('/things/2');
    const withSession = await get('/things/1', { cookie: `${SESSION_COOKIE}=abc` });
    const polled = await get('/things/1', { 'if-none-match': first.etag! });
    cache.invalidate();
    const afterChange = await get('/things/1');

    expect(first).toMatchObject({ status: 200, body: '{"id":"1"}', length: '10' });
    expect(again).toEqual(first);
    expect(other).toMatchObject({ status: 200, body: '{"id":"2"}' });
    expect(withSession).toEqual(first);
    expect(polled).toMatchObject({ status: 304, body: '', length: undefined, etag: first.etag });
    expect(afterChange).toEqual(first);
    // The route ran for the first read of each address, for the caller with a session and after the change; never
    // for the repeated or polled reads.
    expect(routeRuns).toEqual(['/things/1', '/things/2', '/things/1', '/things/1']);
  });

  it('leaves an answer whose key is not the address alone to its route every time', async () => {
    const { routeRuns, get } = await serve(undefined);

    await get('/things/1');
    await get('/things/1');

    expect(routeRuns).toEqual(['/things/1', '/things/1']);
  });

  it('takes an answer kept by address only while its condition holds (a key with today’s date in it)', async () => {
    let sameDay = true;
    const { routeRuns, get } = await serve(() => sameDay);

    await get('/things/1');
    await get('/things/1');
    sameDay = false;
    await get('/things/1');

    expect(routeRuns).toEqual(['/things/1', '/things/1']);
  });

  it('leaves to the chain a client asking for an encoding it has not kept, and addresses too long to keep', async () => {
    const { routeRuns, getSansToken: get } = await serve(true);
    const long = `/things/1?${'x'.repeat(600)}`;

    const [gzip, gzipAgain] = [
      await get('/things/big', { 'accept-encoding': 'gzip' }),
      await get('/things/big', { 'accept-encoding': 'gzip' }),
    ];
    await get('/things/big', { 'accept-encoding': 'deflate' });
    await get('/things/big', { 'accept-encoding': '*' });
    await get('/things/big');
    await get(long);
    await get(long);

    expect(gzipAgain).toEqual(gzip);
    expect(routeRuns).toEqual(['/things/big', '/things/big', '/things/big', long, long]);
  });

  it('sets the anti-forgery cookie as the app does: for a client without a valid one, secure behind HTTPS', async () => {
    const { routeRuns, get } = await serve(true);
    const https = { 'x-forwarded-proto': 'https' };

    const chain = await get('/things/1', https);
    const short = await get('/things/1', https);
    const plain = await get('/things/1');
    const returning = await get('/things/1', { cookie: `XSRF-TOKEN=${short.token}` });
    const forged = await get('/things/1', { cookie: `XSRF-TOKEN=${short.token}x` });

    expect(routeRuns).toEqual(['/things/1']);
    expect(chain.cookie).toBe('XSRF-TOKEN=…; path=/; samesite=lax; secure');
    expect(short.cookie).toBe(chain.cookie);
    expect(short.token).not.toBe(chain.token);
    expect(plain.cookie).toBe('XSRF-TOKEN=…; path=/; samesite=lax');
    expect(returning.cookie).toBeUndefined();
    expect(forged.cookie).toBe(plain.cookie);
  });
});
