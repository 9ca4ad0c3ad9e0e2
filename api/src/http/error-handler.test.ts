import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';

/** An error as node-postgres throws it: the server's SQLSTATE in `code`. */
const pgError = (code: string) => Object.assign(new Error(`database said ${code}`), { code });

describe('what a failure answers', () => {
  let url: string;
  let close: () => void;
  let thrown: unknown;
  beforeAll(async () => {
    const app = new Koa();
    app.use(errorHandler());
    app.use(() => {
      throw thrown;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const answer = async (error: unknown) => {
    thrown = error;
    const response = await fetch(url, { method: 'POST' });
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };

  it('a transaction the database rolled back (deadlock, serialization, lock not available) is a 503 to try again', async () => {
    for (const code of ['40P01', '40001', '55P03']) {
      expect(await answer(pgError(code))).toEqual({ status: 503, retryAfter: '2' });
    }
  });

  it('any other database error is ours: 500, its details in the log only', async () => {
    expect(await answer(pgError('23505'))).toEqual({ status: 500, retryAfter: null });
    expect(await answer(new Error('boom'))).toEqual({ status: 500, retryAfter: null });
  });
});
