import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API, PREFERENCES_PATH } from '@courtside/events/api-paths';
import { PASSWORD, latestCode, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { linkIn } from '../support/smtp.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually } from '../support/wait.ts';

const MINUTE = 60_000;
const SIGN_UP = `${ACCOUNT_API}/account`;
const LOGIN = `${ACCOUNT_API}/account/login`;
const WRONG = 'not the password at all';

interface Unverified {
  error: string;
  id: string;
  refresh: string;
  codeMailed: boolean;
}

/**
 * DESIGN.md §19 "Hardening", the account points, against a real SMTP server: codes, sign-ups with an address that has
 * an account, wrong current passwords, guessable passwords. The api runs behind a proxy (TRUST_PROXY) with the real
 * sign-up limit: a test that counts per network address sends its own X-Forwarded-For; the others, from 127.0.0.1,
 * stay far below the limit.
 */
describe('account hardening (DESIGN.md §19, real SMTP)', () => {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const running = courtsideWithSmtp({ clock, trustProxy: true, signUpsPerAddress: undefined });
  let db: pg.Pool;
  beforeAll(() => {
    db = new pg.Pool({ connectionString: running.backend.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
  });
  const client = () => new HttpClient(running.courtside.url!);
  const codeMails = (email: string) => running.smtp.to(email).filter((mail) => /code/i.test(mail.subject));
  /** Waits until the outbox has sent everything for the account, so no mail replaces another unsent one. */
  const outboxSent = (accountId: string) =>
    eventually(async () => {
      const { rows } = await db.query<{ waiting: number }>(
        'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE account_id = $1 AND sent_at IS NULL',
        [accountId],
      );
      return rows[0]!.waiting === 0;
    });
  const signUp = (http: HttpClient, email: string, password = PASSWORD, language = 'en') =>
    http.json<{ id: string; refresh: string }>('POST', `${SIGN_UP}?language=${language}`, {
      email,
      password,
    });
  const verify = (http: HttpClient, id: string, refresh: string, code: string) =>
    http.request('POST', `${ACCOUNT_API}/account/${id}/verify`, { refresh, code });
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('codes', () => {
    it('mails an unverified account a code on sign-in no more often than resend does, on the same count', async () => {
      const http = client();
      const email = uniqueEmail();
      const created = await signUp(http, email);
      await outboxSent(created.body.id);

      const signIns: Array<{ status: number; codeMailed: boolean }> = [];
      let last: Unverified | undefined;
      for (let n = 0; n < 8; n++) {
        const login = await http.json<Unverified>('POST', LOGIN, { email, password: PASSWORD });
        signIns.push({ status: login.status, codeMailed: login.body.codeMailed });
        last = login.body;
        await outboxSent(created.body.id);
      }
      const resend = await http.request('POST', `${ACCOUNT_API}/account/${created.body.id}/code`, {
        refresh: last!.refresh,
      });
      // The ticket of a sign-in that mailed nothing goes with the code mailed last.
      const verified = await verify(http, created.body.id, last!.refresh, await latestCode(http, email));

      // The sign-up's code and five more.
      expect(codeMails(email)).toHaveLength(6);
      expect(signIns.map((signIn) => signIn.status)).toEqual(Array(8).fill(403));
      expect(signIns.map((signIn) => signIn.codeMailed)).toEqual([
        true,
        true,
        true,
        true,
        true,
        false,
        false,
        false,
      ]);
      expect(resend.status).toBe(429);
      expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(verified.status).toBe(200);
    });

    it('mails codes again on sign-in 15 minutes later', async () => {
      const http = client();
      const email = uniqueEmail();
      const created = await signUp(http, email);
      for (let n = 0; n < 6; n++) await http.json('POST', LOGIN, { email, password: PASSWORD });

      offset += 15 * MINUTE;
      const later = await http.json<Unverified>('POST', LOGIN, { email, password: PASSWORD });
      await outboxSent(created.body.id);

      expect(later).toMatchObject({ status: 403, body: { codeMailed: true } });
      expect(
        await verify(http, created.body.id, later.body.refresh, await latestCode(http, email)),
      ).toMatchObject({
        status: 200,
      });
    });

    it('locks verification for 15 minutes after five wrong codes, whatever new codes are mailed', async () => {
      const http = client();
      const email = uniqueEmail();
      const created = await signUp(http, email);
      const wrong = wrongCodeFor(await latestCode(http, email));

      const guesses = [];
      for (let n = 0; n < 5; n++)
        guesses.push((await verify(http, created.body.id, created.body.refresh, wrong)).status);
      // A new code, by signing in and by asking for one: neither gives new guesses.
      const login = await http.json<Unverified>('POST', LOGIN, { email, password: PASSWORD });
      await outboxSent(created.body.id);
      const resent = await http.json<{ refresh: string }>(
        'POST',
        `${ACCOUNT_API}/account/${created.body.id}/code`,
        {
          refresh: login.body.refresh,
        },
      );
      await outboxSent(created.body.id);
      const locked = await verify(http, created.body.id, resent.body.refresh, await latestCode(http, email));

      offset += 15 * MINUTE;
      // The code mailed before the wait has expired with it: a new one, as a person would get.
      const again = await http.json<Unverified>('POST', LOGIN, { email, password: PASSWORD });
      await outboxSent(created.body.id);
      const unlocked = await verify(http, created.body.id, again.body.refresh, await latestCode(http, email));

      expect(locked.status).toBe(429);
      expect(guesses).toEqual([400, 400, 400, 400, 400]);
      expect(login.body.codeMailed).toBe(true);
      expect(resent.status).toBe(200);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(unlocked.status).toBe(200);
    });

    it('counts no guess of someone without the ticket', async () => {
      const http = client();
      const email = uniqueEmail();
      const created = await signUp(http, email);
      const code = await latestCode(http, email);

      const strangers = [];
      for (let n = 0; n < 6; n++) {
        strangers.push(
          (await verify(client(), created.body.id, 'a ticket someone guessed', wrongCodeFor(code))).status,
        );
      }
      const owner = await verify(http, created.body.id, created.body.refresh, code);

      expect(strangers).toEqual(Array(6).fill(400));
      expect(owner.status).toBe(200);
    });
  });

  describe('sign-up with an address that has an account', () => {
    const noteTo = (email: string, subject: RegExp) =>
      eventually(() => running.smtp.to(email).find((mail) => subject.test(mail.subject)), {
        message: `a note ${subject} to ${email}`,
      });

    it('answers as a new sign-up, mails no code, and mails the owner a note with the way back in', async () => {
      const owner = client();
      const { id: ownerId, email } = await signedInAccount(owner);
      await outboxSent(ownerId);

      const someone = client();
      const again = await signUp(someone, email.toUpperCase(), 'another good password');
      const fresh = await signUp(client(), uniqueEmail(), 'another good password');
      const note = await noteTo(email, /already have a Courtside account/);
      await outboxSent(ownerId);

      expect(again.status).toBe(201);
      expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(again.body.id).not.toBe(ownerId);
      // Only the code of the owner's own sign-up ever arrived.
      expect(codeMails(email)).toHaveLength(1);
      expect(new URL(linkIn(note.text, /^Sign in/)).pathname).toBe('/webapps/account/en/login');
      expect(new URL(linkIn(note.text, /Forgot your password/)).pathname).toBe('/webapps/account/en/forgot');
      // The account is as it was: the new password opens nothing, the owner's still works.
      expect((await someone.json('POST', LOGIN, { email, password: 'another good password' })).status).toBe(
        401,
      );
      expect((await client().json('POST', LOGIN, { email, password: PASSWORD })).status).toBe(200);
      expect((await owner.json<{ id: string }>('GET', `${ACCOUNT_API}/account`)).body.id).toBe(ownerId);
    });

    it('gives a ticket that answers as a new sign-up’s does, and verifies nothing', async () => {
      const { email } = await signedInAccount(client());
      const decoy = client();
      const again = await signUp(decoy, email, 'another good password');
      const realEmail = uniqueEmail();
      const real = client();
      const created = await signUp(real, realEmail, 'another good password');
      const wrong = wrongCodeFor(await latestCode(real, realEmail));

      const answersOf = async (http: HttpClient, sign: { id: string; refresh: string }) => {
        const resent = await http.json<{ refresh: string }>(
          'POST',
          `${ACCOUNT_API}/account/${sign.id}/code`,
          {
            refresh: sign.refresh,
          },
        );
        const oldTicket = await http.json('POST', `${ACCOUNT_API}/account/${sign.id}/verify`, {
          refresh: sign.refresh,
          code: wrong,
        });
        const guesses = [];
        for (let n = 0; n < 6; n++) {
          const guess = await http.json('POST', `${ACCOUNT_API}/account/${sign.id}/verify`, {
            refresh: resent.body.refresh,
            code: wrong,
          });
          guesses.push(guess);
        }
        return { resent: resent.status, oldTicket, guesses };
      };
      const decoyAnswers = await answersOf(decoy, again.body);
      const realAnswers = await answersOf(real, created.body);

      expect(decoyAnswers).toEqual(realAnswers);
      expect(realAnswers.guesses.map((guess) => guess.status)).toEqual([400, 400, 400, 400, 400, 429]);
      // Nothing is signed in, and nobody is on the player pages.
      expect(decoy.cookie('courtside.loggedin')).toBeUndefined();
    });

    it('mails the note in the owner’s language', async () => {
      const owner = client();
      const { id, email } = await signedInAccount(owner);
      expect((await owner.json('PUT', PREFERENCES_PATH, { language: 'nl' })).status).toBe(200);

      await signUp(client(), email, 'another good password', 'en');
      const note = await noteTo(email, /al een Courtside-account/);
      await outboxSent(id);

      expect(new URL(linkIn(note.text, /^Inloggen/)).pathname).toBe('/webapps/account/nl/login');
      expect(new URL(linkIn(note.text, /Wachtwoord vergeten/)).pathname).toBe('/webapps/account/nl/forgot');
    });

    it('limits sign-ups per network address, counting those with an address that has an account alike', async () => {
      const { email } = await signedInAccount(client());
      const from = (address: string, signUpEmail: string) =>
        client().request(
          'POST',
          SIGN_UP,
          { email: signUpEmail, password: PASSWORD },
          { 'x-forwarded-for': address },
        );
      const statuses: number[] = [];
      // 98 new addresses and 2 that have an account: 100, the limit of 15 minutes.
      const emails = [...Array.from({ length: 98 }, () => uniqueEmail('crowd')), email, email];
      for (let start = 0; start < emails.length; start += 10) {
        const batch = emails.slice(start, start + 10).map((address) => from('203.0.113.70', address));
        statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
      }

      const past = await from('203.0.113.70', uniqueEmail());
      const pastTaken = await from('203.0.113.70', email);
      const elsewhere = await from('203.0.113.71', uniqueEmail());
      offset += 15 * MINUTE;
      const laterOn = await from('203.0.113.70', uniqueEmail());

      expect(statuses).toEqual(Array(100).fill(201));
      expect(past.status).toBe(429);
      expect(Number(past.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(pastTaken.status).toBe(429);
      expect(elsewhere.status).toBe(201);
      expect(laterOn.status).toBe(201);
    });
  });

  describe('current password', () => {
    const failed = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status);

    it('limits wrong current passwords of a password change like sign-in', async () => {
      const http = client();
      const { email } = await signedInAccount(http);
      const change = (currentPassword: string) =>
        http.request('PUT', `${ACCOUNT_API}/account/password`, {
          currentPassword,
          newPassword: 'a new good password',
        });

      const wrong = [];
      for (let n = 0; n < 5; n++) wrong.push(await change(WRONG));
      const right = await change(PASSWORD);
      const signIn = await client().json('POST', LOGIN, { email, password: PASSWORD });
      offset += MINUTE;
      const afterWait = await change(PASSWORD);

      expect(failed(wrong)).toEqual([403, 403, 403, 403, 403]);
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same count as sign-in's: the account and this address wait.
      expect(signIn.status).toBe(429);
      expect(afterWait.status).toBe(200);
    });

    it('limits wrong current passwords of a deletion like sign-in, and deletes nothing meanwhile', async () => {
      const http = client();
      const { email } = await signedInAccount(http);
      const erase = (currentPassword: string) =>
        http.request('DELETE', `${ACCOUNT_API}/account`, { currentPassword });

      const wrong = [];
      for (let n = 0; n < 5; n++) wrong.push(await erase(WRONG));
      const right = await erase(PASSWORD);

      expect(failed(wrong)).toEqual([403, 403, 403, 403, 403]);
      expect(right.status).toBe(429);
      expect((await http.json<{ email: string }>('GET', `${ACCOUNT_API}/account`)).body.email).toBe(email);
    });

    it('counts wrong current passwords of an email change with failed sign-ins', async () => {
      const http = client();
      const { email } = await signedInAccount(http);
      const changeEmail = (currentPassword: string) =>
        http.request('PUT', `${ACCOUNT_API}/account/email`, { newEmail: uniqueEmail(), currentPassword });

      const wrong = [];
      for (let n = 0; n < 4; n++) wrong.push(await changeEmail(WRONG));
      const signIn = await client().json('POST', LOGIN, { email, password: WRONG });
      // The fifth change asked for this hour: within the change's own limit, past sign-in's.
      const right = await changeEmail(PASSWORD);

      expect(failed(wrong)).toEqual([403, 403, 403, 403]);
      expect(signIn.status).toBe(401);
      expect(right.status).toBe(429);
    });
  });

  describe('guessable passwords', () => {
    const issuesOf = (body: unknown) =>
      (body as { issues: Array<{ path: string[]; message: string }> }).issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message}`,
      );
    const refused = (field: string) => [
      `${field}: This password is too easy to guess (a very common one, or one character repeated): choose another`,
    ];

    it('refuses the most used passwords and one character repeated, on sign-up, reset and change', async () => {
      const common = await client().json('POST', SIGN_UP, { email: uniqueEmail(), password: 'QwertyUiop' });
      const repeated = await client().json('POST', SIGN_UP, { email: uniqueEmail(), password: '7777777777' });
      const reset = await client().json('POST', `${ACCOUNT_API}/account/password/reset`, {
        token: 'a token from a mail',
        newPassword: '1234567890',
      });
      const http = client();
      await signedInAccount(http);
      const change = await http.json('PUT', `${ACCOUNT_API}/account/password`, {
        currentPassword: PASSWORD,
        newPassword: 'zzzzzzzzzzzz',
      });
      const fine = await client().json('POST', SIGN_UP, { email: uniqueEmail(), password: 'zzzzzzzzzy' });

      expect(common.status).toBe(400);
      expect(issuesOf(common.body)).toEqual(refused('password'));
      expect(issuesOf(repeated.body)).toEqual(refused('password'));
      expect(reset.status).toBe(400);
      expect(issuesOf(reset.body)).toEqual(refused('newPassword'));
      expect(change.status).toBe(400);
      expect(issuesOf(change.body)).toEqual(refused('newPassword'));
      expect(fine.status).toBe(201);
    });
  });
});
