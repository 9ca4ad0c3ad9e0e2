import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';
import { requestLogging } from './request-logging.ts';

/** A Koa app whose answers log to lines kept here; `handler` is the route. */
async function serve(handler: Koa.Middleware, level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const metrics = createMetrics(async () => ({ lag: 0, quarantinedCompanies: 0 }));
  const app = new Koa();
  app.use(requestLogging(pino({ level }, destination), metrics));
  app.use(handler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  return {
    lines,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('request logging', () => {
  it("logs one line per answer with the request's id, and a route's own lines carry the same id", async () => {
    const app = await serve((ctx) => {
      ctx.state.logger.warn({ reason: 'slow' }, 'inside the route');
      ctx.body = { ok: true };
    });
    try {
      const kept = await fetch(`${app.url}/webapps/api/x`, { headers: { 'x-request-id': 'req-1' } });
      const made = await fetch(`${app.url}/webapps/api/y`);
      const madeId = made.headers.get('x-request-id');

      expect(kept.headers.get('x-request-id')).toBe('req-1');
      expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
      const summary = app.lines.map(({ requestId, msg, path, status, reason }) => ({
        requestId,
        msg,
        path,
        status,
        reason,
      }));
      expect(summary).toEqual([
        { requestId: 'req-1', msg: 'inside the route', path: undefined, status: undefined, reason: 'slow' },
        { requestId: 'req-1', msg: 'request', path: '/webapps/api/x', status: 200, reason: undefined },
        { requestId: madeId, msg: 'inside the route', path: undefined, status: undefined, reason: 'slow' },
        { requestId: madeId, msg: 'request', path: '/webapps/api/y', status: 200, reason: undefined },
      ]);
    } finally {
      await app.close();
    }
  });

  it('writes no request line below its level, and still answers with an id', async () => {
    const app = await serve((ctx) => {
      ctx.body = 'ok';
    }, 'warn');
    try {
      const answer = await fetch(`${app.url}/webapps/api/x`, { headers: { 'x-request-id': 'bad id!' } });
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(app.lines).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
