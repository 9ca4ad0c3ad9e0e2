import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { managerWithCompany } from '../support/accounts.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { LiveClient } from '../support/live-client.ts';

const PUBLIC_ROOM = 'match:6d1f6f52-3b8a-4f0e-9a51-7e0c2b1d9a10';

/**
 * A page of another site can open a socket to the live channel, and the browser sends the session cookie with it:
 * such a socket follows the public rooms only, never the account's or its company's (DESIGN.md §3, §19).
 */
describe('the live channel and the Origin of a socket', () => {
  let courtside: RunningCourtside;
  let behindPublicUrl: RunningCourtside;
  beforeAll(async () => {
    const backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend);
    behindPublicUrl = await startTestCourtside(backend, {
      runProjector: false,
      publicUrl: 'https://ladders.example.test',
    });
  });
  afterAll(async () => {
    await behindPublicUrl?.stop();
    await courtside?.stop();
  });

  /** What each room answers a socket that carries the manager's session cookie and this Origin (or none). */
  async function roomsWith(server: RunningCourtside, origin: string | undefined) {
    const http = new HttpClient(courtside.url!);
    const { account, company } = await managerWithCompany(http);
    const live = new LiveClient(server.url!, {
      cookie: http.cookieHeader(),
      ...(origin === undefined ? {} : { origin }),
    });
    try {
      await live.connected();
      return {
        account: (await live.subscribe(`account:${account.id}`)).ok,
        company: (await live.subscribe(`company:${company.id}`)).ok,
        public: (await live.subscribe(PUBLIC_ROOM)).ok,
      };
    } finally {
      live.close();
    }
  }

  it('gives a socket from another origin the public rooms only, though it carries a valid session cookie', async () => {
    expect(await roomsWith(courtside, 'http://evil.example')).toEqual({
      account: false,
      company: false,
      public: true,
    });
  });

  it('gives a socket of the page’s own origin, or of no browser at all, the account’s rooms', async () => {
    const all = { account: true, company: true, public: true };
    expect(await roomsWith(courtside, courtside.url)).toEqual(all);
    expect(await roomsWith(courtside, undefined)).toEqual(all);
  });

  it('judges the origin against PUBLIC_URL where it is set', async () => {
    expect(await roomsWith(behindPublicUrl, 'https://ladders.example.test')).toEqual({
      account: true,
      company: true,
      public: true,
    });
    expect(await roomsWith(behindPublicUrl, behindPublicUrl.url)).toEqual({
      account: false,
      company: false,
      public: true,
    });
  });
});
