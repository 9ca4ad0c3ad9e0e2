import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { hasMinimalAccount } from './account-api';
import { addInterceptor, type ApiError } from './http';

/** `GET …/hasminimalaccount` answers `status` with `body` (JSON), or fails to connect. */
function answer(status: number | 'offline', body: unknown = null) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    if (status === 'offline') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

/** The failures the app-wide error handling (the interceptors) sees. */
function watchErrors() {
  const seen: number[] = [];
  removers.push(addInterceptor({ onError: (error: ApiError) => void seen.push(error.status) }));
  return seen;
}
const removers: Array<() => void> = [];

afterEach(() => {
  vi.unstubAllGlobals();
  while (removers.length) removers.pop()!();
});

describe('hasMinimalAccount (spec §7, §8)', () => {
  it('answers the server’s boolean', async () => {
    const asked = answer(200, true);
    await expect(hasMinimalAccount()).resolves.toBe(true);
    answer(200, false);
    await expect(hasMinimalAccount()).resolves.toBe(false);
    expect(asked).toEqual([`${ACCOUNT_API}/account/hasminimalaccount`]);
  });

  it('given a 404, then false, and the error still reaches the error handling', async () => {
    answer(404, { error: 'No such account' });
    const seen = watchErrors();
    await expect(hasMinimalAccount()).resolves.toBe(false);
    expect(seen).toEqual([404]);
  });

  it.each([500, 503, 403])('given a %i, then the error reaches the caller', async (status) => {
    answer(status, { error: 'Nope' });
    await expect(hasMinimalAccount()).rejects.toMatchObject({ status, error: 'Nope' });
  });

  it('given no connection, then the network error reaches the caller', async () => {
    answer('offline');
    await expect(hasMinimalAccount()).rejects.toMatchObject({ status: 0, kind: 'network' });
  });
});
