import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { PASSWORD, signedInAccount } from '../support/accounts.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { ACCOUNT_API } from '@courtside/events/api-paths';

const MINUTE = 60_000;
const WRONG = 'not the password';

/**
 * The api as it runs behind nginx (TRUST_PROXY): the X-Forwarded-For header these tests send is what nginx would
 * pass on. A frozen clock, moved by hand, so waits can be compared exactly.
 */
describe('sign-in limits behind the proxy', () => {
  let courtside: RunningCourtside;
  let now = Date.parse('2026-03-02T09:00:00Z');
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), {
      trustProxy: true,
      clock: () => new Date(now),
    });
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  /** A sign-in as it arrives from nginx: `forwardedFor` is the X-Forwarded-For header the api receives. */
  const signIn = async (email: string, password: string, forwardedFor: string) => {
    const response = await new HttpClient(courtside.url!).request(
      'POST',
      `${ACCOUNT_API}/account/login`,
      { email, password },
      { 'x-forwarded-for': forwardedFor },
    );
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };
  const account = async () =>
    (await signedInAccount(new HttpClient(courtside.url!), { minimal: false })).email;

  it('counts the address the proxy saw, whatever X-Forwarded-For the client sent', async () => {
    const email = await account();
    // What a proxy that appends (nginx's $proxy_add_x_forwarded_for) passes on: the client's forged entry first.
    const forged = (n: number) => `198.51.100.${n}, 203.0.113.10`;
    const attempts = [];
    for (let n = 1; n <= 5; n++) attempts.push((await signIn(email, WRONG, forged(n))).status);

    const sixth = await signIn(email, PASSWORD, forged(6));
    const elsewhere = await signIn(email, PASSWORD, '203.0.113.20');

    expect(attempts).toEqual([401, 401, 401, 401, 401]);
    expect(sixth).toEqual({ status: 429, retryAfter: '60' });
    // The limit held that address back, not the account: its owner signs in from home.
    expect(elsewhere.status).toBe(200);
  });

  it('does not lock out another account behind the same address', async () => {
    const [victim, colleague] = [await account(), await account()];
    for (let n = 0; n < 5; n++) await signIn(victim, WRONG, '203.0.113.30');

    const hammering = await signIn(victim, WRONG, '203.0.113.30');
    const sameAddress = await signIn(colleague, PASSWORD, '203.0.113.30');

    expect(hammering.status).toBe(429);
    expect(sameAddress.status).toBe(200);
  });

  it('makes the same account and address wait longer after every further failure, and forgets after a success', async () => {
    const email = await account();
    const address = '203.0.113.40';
    for (let n = 0; n < 5; n++) await signIn(email, WRONG, address);

    const first = await signIn(email, WRONG, address);
    now += MINUTE;
    const afterWait = await signIn(email, WRONG, address);
    const second = await signIn(email, WRONG, address);
    now += 2 * MINUTE;
    const success = await signIn(email, PASSWORD, address);
    const wrongAgain = await signIn(email, WRONG, address);

    expect(first).toEqual({ status: 429, retryAfter: '60' });
    expect(afterWait.status).toBe(401);
    expect(second).toEqual({ status: 429, retryAfter: '120' });
    expect(success.status).toBe(200);
    expect(wrongAgain.status).toBe(401);
  });

  it('lets no more than the limit through when attempts arrive all at once', async () => {
    const email = await account();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => signIn(email, WRONG, '203.0.113.50').then((answer) => answer.status)),
    );

    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});
