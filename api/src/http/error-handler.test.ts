import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandUnavailable, unavailableCodes, type UnavailableReason } from '../commands/command-errors.ts';
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
    const body = (await response.json()) as { reason?: string };
    return { status: response.status, retryAfter: response.headers.get('retry-after'), reason: body.reason };
  };

  it('a transaction the database rolled back (deadlock, serialization, lock not available) is a 503 to try again', async () => {
    for (const code of ['40P01', '40001', '55P03']) {
      expect(await answer(pgError(code))).toEqual({ status: 503, retryAfter: '2', reason: 'DATABASE_BUSY' });
    }
  });

  it('any other database error is ours: 500, its details in the log only', async () => {
    expect(await answer(pgError('23505'))).toEqual({ status: 500, retryAfter: null, reason: undefined });
    expect(await answer(new Error('boom'))).toEqual({ status: 500, retryAfter: null, reason: undefined });
  });

  it('a command that cannot run now is a 503 that says why, so a client knows whether anything was changed', async () => {
    for (const reason of Object.keys(unavailableCodes) as UnavailableReason[]) {
      expect(await answer(new CommandUnavailable(reason))).toEqual({
        status: 503,
        retryAfter: '2',
        reason: unavailableCodes[reason],
      });
    }
  });
});
