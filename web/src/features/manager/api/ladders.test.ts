import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_API } from '@courtside/events/api-paths';
import { getLadders, getSeasons } from './ladders';

/** Records the calls that go out; every call answers `[]`. */
function serve() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    return new Response('[]', { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

const signedIn = () => vi.stubGlobal('document', { cookie: 'courtside.loggedin=true' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the manager’s ladder calls without what they need (spec §8)', () => {
  it('given no company selected, when the ladders are asked, then "No company" and no call', async () => {
    signedIn();
    const asked = serve();
    await expect(getLadders('')).rejects.toMatchObject({ error: 'No company', kind: 'client', status: 0 });
    expect(asked).toEqual([]);
  });

  it('given nobody signed in and no company, when the ladders are asked, then "No account" and no call', async () => {
    const asked = serve();
    await expect(getLadders(' ')).rejects.toMatchObject({ error: 'No account' });
    expect(asked).toEqual([]);
  });

  it('given no ladder (or no company), when the seasons are asked, then "Not enough info" and no call', async () => {
    signedIn();
    const asked = serve();
    await expect(getSeasons('company-1', '')).rejects.toMatchObject({ error: 'Not enough info' });
    await expect(getSeasons('', 'ladder-1')).rejects.toMatchObject({ error: 'Not enough info' });
    expect(asked).toEqual([]);
  });

  it('given a company and a ladder, then the calls go out', async () => {
    signedIn();
    const asked = serve();
    await expect(getLadders('company-1')).resolves.toEqual([]);
    await expect(getSeasons('company-1', 'ladder-1')).resolves.toEqual([]);
    expect(asked).toEqual([
      `${ADMIN_API}/companies/company-1/ladders`,
      `${ADMIN_API}/companies/company-1/ladders/ladder-1/seasons`,
    ]);
  });
});
