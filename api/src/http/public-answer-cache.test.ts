import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa, { type Context } from 'koa';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import { describe, expect, it } from 'vitest';
import { PublicAnswerCache } from './public-answer-cache.ts';

const answered = async (cache: PublicAnswerCache, key: string, build: () => Promise<unknown>) => {
  const ctx = {} as Context & { etag: string };
  await cache.answer(ctx, key, build);
  return { body: ctx.body as string, etag: ctx.etag, type: ctx.type };
};

describe('public answers kept until the read models change', () => {
  it('builds once and answers the same JSON and ETag until invalidated, then builds again', async () => {
    const cache = new PublicAnswerCache();
    let builds = 0;
    const build = async () => ({ teams: [`v${++builds}`] });
    const first = await answered(cache, 'standings l1', build);
    const again = await answered(cache, 'standings l1', build);
    cache.invalidate();
    const after = await answered(cache, 'standings l1', build);

    expect(first).toEqual({
      body: '{"teams":["v1"]}',
      etag: expect.stringMatching(/^"[\w-]+"$/),
      type: 'application/json',
    });
    expect(again).toEqual(first);
    expect(after.body).toBe('{"teams":["v2"]}');
    expect(after.etag).not.toBe(first.etag);
    expect(builds).toBe(2);
  });

  it('does not keep an answer built while the read models changed (it may be from before the change)', async () => {
    const cache = new PublicAnswerCache();
    let builds = 0;
    const racing = async () => {
      builds++;
      cache.invalidate(); // a batch lands while this answer is read
      return { n: builds };
    };
    await answered(cache, 'k', racing);
    expect(cache.size).toBe(0);
    expect((await answered(cache, 'k', async () => ({ n: ++builds }))).body).toBe('{"n":2}');
    expect(cache.size).toBe(1);
  });

  it('builds again after its maximum age, keeps at most maxEntries (oldest out), and keeps no failure', async () => {
    let now = 0;
    const cache = new PublicAnswerCache({ maxAgeMs: 1_000, maxEntries: 2, now: () => now });
    let builds = 0;
    const build = async () => ({ n: ++builds });
    await answered(cache, 'a', build);
    now = 999;
    expect((await answered(cache, 'a', build)).body).toBe('{"n":1}');
    now = 1_000;
    expect((await answered(cache, 'a', build)).body).toBe('{"n":2}');
    await answered(cache, 'b', build);
    await answered(cache, 'c', build);
    expect(cache.size).toBe(2);
    expect((await answered(cache, 'a', build)).body).toBe('{"n":5}');
    await expect(answered(cache, 'd', () => Promise.reject(new Error('No such ladder')))).rejects.toThrow();
    expect(cache.size).toBe(2);
  });

  it('keeps a value (the part of an answer everyone shares) by the same rules, apart from the answers', async () => {
    const cache = new PublicAnswerCache();
    let builds = 0;
    const rows = async () => [{ teamId: 't1', build: ++builds }];
    const first = await cache.value('standings l1', rows);
    expect(await cache.value('standings l1', rows)).toBe(first);
    // An answer under the same key is another entry.
    expect((await answered(cache, 'standings l1', async () => ({ kind: 'answer' }))).body).toBe(
      '{"kind":"answer"}',
    );
    expect(await cache.value('standings l1', rows)).toBe(first);
    cache.invalidate();
    expect(await cache.value('standings l1', rows)).toEqual([{ teamId: 't1', build: 2 }]);
  });

  it('shares one build among callers that miss together, and none across an invalidation or a failure', async () => {
    const cache = new PublicAnswerCache();
    let builds = 0;
    const pending: Array<(value: unknown) => void> = [];
    const slow = () => {
      builds++;
      return new Promise<unknown>((resolve) => pending.push(resolve));
    };
    // Fifty readers arrive while the first build is under way (an answer expired under a poller's load).
    const together = Array.from({ length: 50 }, () => cache.value('standings l1', slow));
    expect(builds).toBe(1);
    // A batch lands: a reader arriving now must not get the answer read before it.
    cache.invalidate();
    const afterBatch = cache.value('standings l1', slow);
    expect(builds).toBe(2);
    pending[0]!({ generation: 'before' });
    pending[1]!({ generation: 'after' });
    expect(new Set(await Promise.all(together))).toEqual(new Set([{ generation: 'before' }]));
    expect(await afterBatch).toEqual({ generation: 'after' });
    expect(await cache.value('standings l1', slow)).toEqual({ generation: 'after' });
    expect(builds).toBe(2);

    let failures = 0;
    const failing = () => Promise.reject(new Error(`No such ladder ${++failures}`));
    const failed = await Promise.allSettled([cache.value('l2', failing), cache.value('l2', failing)]);
    expect(failed.map((result) => result.status === 'rejected' && String(result.reason))).toEqual([
      'Error: No such ladder 1',
      'Error: No such ladder 1',
    ]);
    await expect(cache.value('l2', failing)).rejects.toThrow('No such ladder 2');
  });
});

describe('public answers compressed once, as the client accepts them', () => {
  /** The api's order: compression outside, then 304s, then the kept answer (app.ts). */
  async function serve(cache: PublicAnswerCache, build: () => Promise<unknown>) {
    const app = new Koa();
    app.use(compress());
    app.use(conditional());
    app.use((ctx) => cache.answer(ctx, ctx.path, build));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    return { get, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('sends brotli or gzip by the request, the same ETag for all, 304 for a held one, and small answers as they are', async () => {
    const cache = new PublicAnswerCache();
    let builds = 0;
    const teams = Array.from({ length: 200 }, (_, index) => ({ teamId: `t${index}`, position: index + 1 }));
    const { get, close } = await serve(cache, async () => {
      builds++;
      return { teams };
    });
    try {
      const json = JSON.stringify({ teams });
      const br = await get('/standings', { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get('/standings', { 'accept-encoding': 'gzip' });
      const plain = await get('/standings', {});
      const held = await get('/standings', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });

      expect([br.status, br.headers['content-encoding'], brotliDecompressSync(br.body).toString()]).toEqual([
        200,
        'br',
        json,
      ]);
      expect([gzip.headers['content-encoding'], gunzipSync(gzip.body).toString()]).toEqual(['gzip', json]);
      expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, json]);
      expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(1);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      // Sent as kept bytes (with their length), not compressed again as a stream for this request.
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
      expect(held.status).toBe(304);
      expect(builds).toBe(1);
    } finally {
      await close();
    }
  });

  it('sends an answer below 1 KB as it is', async () => {
    const { get, close } = await serve(new PublicAnswerCache(), async () => ({ id: 'm1' }));
    try {
      const small = await get('/match', { 'accept-encoding': 'br, gzip' });
      expect([small.headers['content-encoding'], small.body.toString()]).toEqual([undefined, '{"id":"m1"}']);
    } finally {
      await close();
    }
  });
});
