import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { linkIn, type ReceivedMail } from '../support/smtp.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually } from '../support/wait.ts';

const MINUTE = 60_000;
const NEW_PASSWORD = 'a brand new password';
const FORGOT = `${ACCOUNT_API}/account/password/forgot`;
const RESET = `${ACCOUNT_API}/account/password/reset`;

/**
 * DESIGN.md §10 "Forgot and reset password", against a real SMTP server: the link arrives in the page's language,
 * works once and for 30 minutes, ends every session, and the forgot route answers alike for every address.
 */
describe('forgot and reset password (real SMTP)', () => {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const running = courtsideWithSmtp({ clock, runProjector: false });
  let db: pg.Pool;
  beforeAll(() => {
    db = new pg.Pool({ connectionString: running.backend.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
  });
  const smtp = { to: (email: string) => running.smtp.to(email) };
  // Every test starts in a fresh hour: the forgot limits count per address, and all requests come from 127.0.0.1.
  const freshHour = () => (offset += 61 * MINUTE);
  const client = () => new HttpClient(running.courtside.url!);
  const resetMails = (email: string) =>
    smtp.to(email).filter((mail) => /password|wachtwoord/i.test(mail.subject));
  const nextResetMail = (email: string, seen = 0) =>
    eventually(() => resetMails(email)[seen], { message: `reset mail ${seen + 1} to ${email}` });
  const tokenIn = (mail: ReceivedMail) =>
    new URL(linkIn(mail.text, /New password|Nieuw wachtwoord/)).searchParams.get('token')!;
  /** Waits until the outbox has sent everything for the account: no more mail is on its way. */
  const outboxSent = (accountId: string) =>
    eventually(async () => {
      const { rows } = await db.query<{ waiting: number }>(
        'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE account_id = $1 AND sent_at IS NULL',
        [accountId],
      );
      return rows[0]!.waiting === 0;
    });

  it('mails a link that sets a new password once and signs out every session', async () => {
    freshHour();
    const first = client();
    const { email } = await signedInAccount(first);
    const second = client();
    expect(
      (await second.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
    ).toBe(200);

    const forgot = await client().request('POST', `${FORGOT}?language=en`, { email: email.toUpperCase() });
    expect(forgot.status).toBe(202);
    const mail = await nextResetMail(email);
    expect(mail.subject).toBe('Set a new Courtside password');
    const link = new URL(linkIn(mail.text, /New password/));
    expect(link.pathname).toBe('/webapps/account/en/reset');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    // Until it is used, the sessions go on and the old password still works.
    expect((await second.json('GET', `${ACCOUNT_API}/account`)).status).toBe(200);
    const tooShort = await client().json('POST', RESET, { token, newPassword: 'short' });
    expect(tooShort.status).toBe(400);

    const reset = await client().json('POST', RESET, { token, newPassword: NEW_PASSWORD });
    expect(reset).toEqual({ status: 200, body: true });
    // Every session ended: the other browsers get 401 on their next request.
    expect((await first.json('GET', `${ACCOUNT_API}/account`)).status).toBe(401);
    expect((await second.json('GET', `${ACCOUNT_API}/account`)).status).toBe(401);
    const login = (password: string) =>
      client().json('POST', `${ACCOUNT_API}/account/login`, { email, password });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
    // Used once: the same link again is gone.
    const again = await client().json('POST', RESET, { token, newPassword: 'yet another password' });
    expect(again.status).toBe(410);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an address without an account exactly alike, and mails it nothing', async () => {
    freshHour();
    const { email } = await signedInAccount(client());
    const nobody = uniqueEmail('nobody');
    const unknown = await client().request('POST', FORGOT, { email: nobody });
    const known = await client().request('POST', FORGOT, { email });
    // The same status, headers that matter and body: nothing tells the two apart.
    const seen = async (answer: Response) => ({
      status: answer.status,
      type: answer.headers.get('content-type'),
      body: await answer.text(),
    });
    const withoutAccount = await seen(unknown);
    expect(withoutAccount).toEqual({ status: 202, type: 'text/plain; charset=utf-8', body: 'Accepted' });
    expect(await seen(known)).toEqual(withoutAccount);
    // The work goes on after the answers, the unknown address's first: by the time the known one's mail is in, the
    // unknown one's would have been put in the outbox too.
    await nextResetMail(email);
    const { rows } = await db.query('SELECT 1 FROM courtside.mail_outbox WHERE recipient = $1', [nobody]);
    expect(rows).toEqual([]);
    expect(smtp.to(nobody)).toEqual([]);
  });

  it('mails the link in Dutch for a Dutch page, to the account whatever the case of the address', async () => {
    freshHour();
    const { id, email } = await signedInAccount(client());
    expect(
      (await client().request('POST', `${FORGOT}?language=nl`, { email: email.toUpperCase() })).status,
    ).toBe(202);
    const mail = await nextResetMail(email);
    expect(mail.subject).toBe('Stel een nieuw Courtside-wachtwoord in');
    expect(new URL(linkIn(mail.text, /Nieuw wachtwoord/)).pathname).toBe('/webapps/account/nl/reset');
    await outboxSent(id);
    expect(resetMails(email)).toHaveLength(1);
  });

  it('refuses a link after 30 minutes, and one that was never mailed, with 410', async () => {
    freshHour();
    const { email } = await signedInAccount(client());
    await client().request('POST', FORGOT, { email });
    const token = tokenIn(await nextResetMail(email));
    offset += 30 * MINUTE + 1_000;
    expect((await client().json('POST', RESET, { token, newPassword: NEW_PASSWORD })).status).toBe(410);
    expect(
      (await client().json('POST', RESET, { token: 'not-a-token', newPassword: NEW_PASSWORD })).status,
    ).toBe(410);
    expect(
      (await client().json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('ends the other links of the account when one is used', async () => {
    freshHour();
    const { email } = await signedInAccount(client());
    await client().request('POST', FORGOT, { email });
    const older = tokenIn(await nextResetMail(email, 0));
    await client().request('POST', FORGOT, { email });
    const newer = tokenIn(await nextResetMail(email, 1));
    expect((await client().json('POST', RESET, { token: newer, newPassword: NEW_PASSWORD })).status).toBe(
      200,
    );
    expect(
      (await client().json('POST', RESET, { token: older, newPassword: 'another new password' })).status,
    ).toBe(410);
  });

  it('limits 100 requests for one email to 5 mails, with 429 and Retry-After, alike with and without an account', async () => {
    freshHour();
    const { id, email } = await signedInAccount(client());
    const nobody = uniqueEmail('nobody');
    const statuses = async (address: string) => {
      const seen: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 100; i++) {
        const answer = await client().request('POST', FORGOT, { email: address });
        seen.push(answer.status);
        if (answer.status === 429) retryAfter = answer.headers.get('retry-after');
      }
      return { seen, retryAfter };
    };
    const known = await statuses(email);
    const unknown = await statuses(nobody);

    const expected = [...Array<number>(5).fill(202), ...Array<number>(95).fill(429)];
    expect(known.seen).toEqual(expected);
    expect(unknown.seen).toEqual(expected);
    expect(Number(known.retryAfter)).toBeGreaterThan(0);
    expect(Number(known.retryAfter)).toBeLessThanOrEqual(3600);
    expect(Number(unknown.retryAfter)).toBeGreaterThan(0);
    await eventually(() => resetMails(email).length >= 5);
    await outboxSent(id);
    expect(resetMails(email)).toHaveLength(5);
    // Nothing was queued for the unknown address either (its 5 taken requests' work is done after their answers).
    const { rows } = await db.query('SELECT 1 FROM courtside.mail_outbox WHERE recipient = $1', [nobody]);
    expect(rows).toEqual([]);
    expect(smtp.to(nobody)).toEqual([]);
  });
});
