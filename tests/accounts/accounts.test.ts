import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import {
  PASSWORD,
  latestCode,
  managerWithCompany,
  signedInAccount,
  uniqueEmail,
} from '../support/accounts.ts';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { LiveClient } from '../support/live-client.ts';
import { ACCOUNT_API, DEV_MAILBOX_PATH, PREFERENCES_PATH } from '@courtside/events/api-paths';

const MINUTE = 60_000;

describe('accounts, sessions and companies', () => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  beforeAll(async () => {
    backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend, { clock });
  });
  afterAll(async () => {
    await courtside?.stop();
  });
  const client = () => new HttpClient(courtside.url!);
  /** Moves this installation's clock; undone after the test body by the caller. */
  const later = (ms: number) => (offset += ms);

  it('takes a new user from sign-up to owning a company', async () => {
    const http = client();
    const email = uniqueEmail();

    const created = await http.json<{ id: string; refresh: string }>(
      'POST',
      `${ACCOUNT_API}/account?language=en`,
      {
        email,
        password: PASSWORD,
      },
    );
    const code = await latestCode(http, email);
    const verified = await http.json('POST', `${ACCOUNT_API}/account/${created.body.id}/verify?language=en`, {
      refresh: created.body.refresh,
      code,
    });
    const login = await http.request('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD });
    const before = await http.json('GET', `${ACCOUNT_API}/account/hasminimalaccount`);
    const minimal = await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
      fullName: '  Serena Court ',
      phoneNumber: { countryCode: '31', number: '06-1234 5678' },
    });
    const after = await http.json('GET', `${ACCOUNT_API}/account/hasminimalaccount`);
    const noCompanies = await http.json('GET', `${ACCOUNT_API}/companies`);
    const company = await http.json<{ id: string; name: string }>('POST', `${ACCOUNT_API}/companies`, {
      name: 'TC Ace',
    });
    const companies = await http.json('GET', `${ACCOUNT_API}/companies`);

    expect(created.status).toBe(201);
    expect(code).toMatch(/^\d{6}$/);
    expect(verified).toEqual({ status: 200, body: true });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('SESSION-ID='))).toMatch(/httponly/i);
    expect(cookies.find((c) => c.startsWith('courtside.loggedin='))).toMatch(/^courtside\.loggedin=true;/);
    expect(cookies.find((c) => c.startsWith('courtside.loggedin='))).not.toMatch(/httponly/i);
    const expire = Number(http.cookie('courtside.expire'));
    expect(expire).toBeGreaterThan(clock().getTime() + 14 * MINUTE);
    expect(expire).toBeLessThanOrEqual(clock().getTime() + 15 * MINUTE);
    expect(cookies.some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    expect(before).toEqual({ status: 200, body: false });
    expect(minimal).toEqual({
      status: 200,
      body: {
        id: created.body.id,
        email,
        fullName: 'Serena Court',
        phoneNumber: { countryCode: '31', number: '612345678' },
        // DESIGN.md §6: the account's personal calendar feed.
        calendarUrl: expect.stringMatching(
          /^http:\/\/127\.0\.0\.1:\d+\/webapps\/api\/matches\/api\/v1\/calendar\/[\w-]{43}\.ics$/,
        ),
      },
    });
    expect(after).toEqual({ status: 200, body: true });
    expect(noCompanies).toEqual({ status: 200, body: [] });
    expect(company).toEqual({ status: 201, body: { id: expect.any(String), name: 'TC Ace' } });
    expect(companies).toEqual({ status: 200, body: [company.body] });
  });

  it('signs the person in with the right code: the password is not asked for again', async () => {
    const http = client();
    const email = uniqueEmail();
    const created = await http.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
      email,
      password: PASSWORD,
    });
    const code = await latestCode(http, email);
    const wrong = await http.request('POST', `${ACCOUNT_API}/account/${created.body.id}/verify`, {
      refresh: created.body.refresh,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('SESSION-ID='))).toBe(false);

    const verified = await http.request('POST', `${ACCOUNT_API}/account/${created.body.id}/verify`, {
      refresh: created.body.refresh,
      code,
    });
    expect(verified.status).toBe(200);
    const cookies = verified.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('SESSION-ID='))).toMatch(/httponly/i);
    expect(cookies.find((c) => c.startsWith('courtside.loggedin='))).toMatch(/^courtside\.loggedin=true;/);
    // Signed in without a login: the account's own calls answer.
    expect(await http.json('GET', `${ACCOUNT_API}/account/hasminimalaccount`)).toEqual({
      status: 200,
      body: false,
    });
    expect((await http.json<{ email: string }>('GET', `${ACCOUNT_API}/account`)).body.email).toBe(email);
  });

  it('refuses bad sign-up input with the fields that are wrong, and answers a taken address as a new one', async () => {
    const http = client();
    const email = uniqueEmail();
    await http.json('POST', `${ACCOUNT_API}/account`, { email, password: PASSWORD });

    const bad = await http.json<{ issues: Array<{ path: string[] }> }>('POST', `${ACCOUNT_API}/account`, {
      email: 'not-an-address',
      password: 'short',
    });
    const taken = await http.json('POST', `${ACCOUNT_API}/account`, {
      email: email.toUpperCase(),
      password: PASSWORD,
    });

    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['email', 'password']);
    // DESIGN.md §19: nobody learns who has an account (account-hardening.test.ts: what its owner is mailed).
    expect(taken).toMatchObject({
      status: 201,
      body: { id: expect.any(String), refresh: expect.any(String) },
    });
  });

  it('refuses a wrong code, stops after five wrong codes, and refuses an expired code', async () => {
    const http = client();
    const email = uniqueEmail();
    const { body: account } = await http.json<{ id: string; refresh: string }>(
      'POST',
      `${ACCOUNT_API}/account`,
      {
        email,
        password: PASSWORD,
      },
    );
    const code = await latestCode(http, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const verify = (refresh: string, value: string) =>
      http.json<{ error: string }>('POST', `${ACCOUNT_API}/account/${account.id}/verify`, {
        refresh,
        code: value,
      });

    const wrong = await verify(account.refresh, wrongCode);
    for (let attempt = 2; attempt <= 5; attempt++) await verify(account.refresh, wrongCode);
    const blocked = await verify(account.refresh, code);
    const resent = await http.json<{ refresh: string }>('POST', `${ACCOUNT_API}/account/${account.id}/code`, {
      refresh: account.refresh,
    });
    const newCode = await latestCode(http, email);
    later(16 * MINUTE);
    const expired = await verify(resent.body.refresh, newCode);

    expect(wrong).toEqual({ status: 400, body: { error: 'This code is not right' } });
    expect(blocked.status).toBe(429);
    expect(resent.status).toBe(200);
    expect(expired).toEqual({ status: 410, body: { error: 'This code has expired. Ask for a new one.' } });
  });

  it('mails the code of a Dutch sign-up, and a new one, in Dutch, and makes Dutch the account’s mail language', async () => {
    const http = client();
    const email = uniqueEmail();
    const subjects = async () =>
      (
        await http.json<Array<{ subject: string }>>(
          'GET',
          `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
        )
      ).body.map((mail) => mail.subject.replace(/\d{6}/, 'CODE'));
    const created = await http.json<{ id: string; refresh: string }>(
      'POST',
      `${ACCOUNT_API}/account?language=nl`,
      { email, password: PASSWORD },
    );
    expect(created.status).toBe(201);
    expect(await subjects()).toEqual(['Je Courtside-code: CODE']);
    const resent = await http.json<{ refresh: string }>(
      'POST',
      `${ACCOUNT_API}/account/${created.body.id}/code?language=nl`,
      { refresh: created.body.refresh },
    );
    expect(resent.status).toBe(200);
    expect(await subjects()).toEqual(['Je Courtside-code: CODE', 'Je Courtside-code: CODE']);
    const verified = await http.json('POST', `${ACCOUNT_API}/account/${created.body.id}/verify`, {
      refresh: resent.body.refresh,
      code: await latestCode(http, email),
    });
    expect(verified.status).toBe(200);
    expect(
      (await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
    ).toBe(200);
    expect((await http.json<{ language: string }>('GET', PREFERENCES_PATH)).body.language).toBe('nl');

    // An English sign-up keeps English.
    const english = client();
    await signedInAccount(english);
    expect((await english.json<{ language: string }>('GET', PREFERENCES_PATH)).body.language).toBe('en');
  });

  it('sends an unverified account back to verification with a new code when it signs in', async () => {
    const http = client();
    const email = uniqueEmail();
    await http.json('POST', `${ACCOUNT_API}/account`, { email, password: PASSWORD });
    const firstCode = await latestCode(http, email);

    const login = await http.json<{ error: string; id: string; refresh: string }>(
      'POST',
      `${ACCOUNT_API}/account/login`,
      {
        email,
        password: PASSWORD,
      },
    );
    const signedInByLogin = http.cookie('courtside.loggedin');
    const code = await latestCode(http, email);
    const verified = await http.json('POST', `${ACCOUNT_API}/account/${login.body.id}/verify`, {
      refresh: login.body.refresh,
      code,
    });

    expect(login.status).toBe(403);
    expect(login.body.error).toBe('Verify your email address first');
    expect(signedInByLogin).toBeUndefined();
    expect(verified.status).toBe(200);
    // The code signs in (the password was given with the sign-in).
    expect(http.cookie('courtside.loggedin')).toBe('true');
    expect(firstCode).toMatch(/^\d{6}$/);
  });

  it('lets access expire after 15 minutes, renews it with refresh, and ends the session after 30 days', async () => {
    const http = client();
    await signedInAccount(http);
    const firstExpiry = Number(http.cookie('courtside.expire'));

    later(16 * MINUTE);
    const expired = await http.json('GET', `${ACCOUNT_API}/account`);
    const [refreshed, again] = await Promise.all([
      http.json<{ expiresAt: number }>('POST', `${ACCOUNT_API}/account/refresh?language=en`, {}),
      http.json<{ expiresAt: number }>('POST', `${ACCOUNT_API}/account/refresh?language=nl`, {}),
    ]);
    const renewed = await http.json('GET', `${ACCOUNT_API}/account`);
    later(31 * 24 * 60 * MINUTE);
    const ended = await http.json('POST', `${ACCOUNT_API}/account/refresh?language=en`, {});

    expect(expired.status).toBe(401);
    expect(refreshed.status).toBe(200);
    expect(again.status).toBe(200);
    expect(Number(http.cookie('courtside.expire'))).toBeGreaterThanOrEqual(refreshed.body.expiresAt - 1_000);
    expect(refreshed.body.expiresAt).toBeGreaterThan(firstExpiry);
    expect(renewed.status).toBe(200);
    expect(ended.status).toBe(401);
  });

  it('refuses a state-changing call without the anti-forgery token, with a wrong one, or with one of another session', async () => {
    const http = client();
    await signedInAccount(http);
    const other = client();
    await signedInAccount(other);
    const body = JSON.stringify({ name: 'Forged club' });
    const cookieHeader = `SESSION-ID=${http.cookie('SESSION-ID')}; XSRF-TOKEN=${http.cookie('XSRF-TOKEN')}`;
    const post = (headers: Record<string, string>) =>
      fetch(`${courtside.url}${ACCOUNT_API}/companies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieHeader, ...headers },
        body,
      });

    const missing = await post({});
    const wrong = await post({ 'x-xsrf-token': 'abc.def' });
    const foreign = await post({
      'x-xsrf-token': other.cookie('XSRF-TOKEN')!,
      cookie: `SESSION-ID=${http.cookie('SESSION-ID')}; XSRF-TOKEN=${other.cookie('XSRF-TOKEN')}`,
    });
    const right = await post({ 'x-xsrf-token': http.cookie('XSRF-TOKEN')! });

    expect([missing.status, wrong.status, foreign.status]).toEqual([403, 403, 403]);
    expect(right.status).toBe(201);
  });

  it('limits wrong passwords per account and address across api processes, and tells when to try again', async () => {
    const second = await startTestCourtside(backend, { runProjector: false, clock });
    try {
      const http = client();
      const { email } = await signedInAccount(http);
      const attempts = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const via = attempt % 2 ? new HttpClient(second.url!) : client();
        attempts.push(
          (await via.json('POST', `${ACCOUNT_API}/account/login`, { email, password: 'wrong password!' }))
            .status,
        );
      }
      const limited = await new HttpClient(second.url!).request('POST', `${ACCOUNT_API}/account/login`, {
        email,
        password: PASSWORD,
      });

      expect(attempts).toEqual([401, 401, 401, 401, 401]);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      later(16 * MINUTE);
      expect(
        (await client().json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
      ).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('answers 401 to an unknown session id, accepts the SESSION-ID header from scripts, and ends a session at logout', async () => {
    const http = client();
    await signedInAccount(http);
    const sessionId = http.cookie('SESSION-ID')!;
    const byHeader = (id: string) =>
      fetch(`${courtside.url}${ACCOUNT_API}/account`, { headers: { 'SESSION-ID': id } }).then(
        (r) => r.status,
      );

    const script = await byHeader(sessionId);
    const foreign = await byHeader('made-up-session-id');
    const logout = await http.request('GET', `${ACCOUNT_API}/account/logout`);
    const afterLogout = await byHeader(sessionId);

    expect(script).toBe(200);
    expect(foreign).toBe(401);
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().find((c) => c.startsWith('courtside.loggedin='))).toMatch(
      /^courtside\.loggedin=;/,
    );
    expect(afterLogout).toBe(401);
  });

  it('ends the other sessions when the password changes', async () => {
    const first = client();
    const { email } = await signedInAccount(first);
    const second = client();
    await second.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD });

    const wrong = await first.json('PUT', `${ACCOUNT_API}/account/password`, {
      currentPassword: 'not it at all',
      newPassword: 'a new long password',
    });
    const changed = await first.json('PUT', `${ACCOUNT_API}/account/password`, {
      currentPassword: PASSWORD,
      newPassword: 'a new long password',
    });

    expect(wrong.status).toBe(403);
    expect(changed).toEqual({ status: 200, body: true });
    expect((await first.json('GET', `${ACCOUNT_API}/account`)).status).toBe(200);
    expect((await second.json('GET', `${ACCOUNT_API}/account`)).status).toBe(401);
    expect(
      (await client().json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
    ).toBe(401);
  });

  it('ends the live sockets of a session when it signs out, and of the other sessions when the password changes', async () => {
    const first = client();
    const { id, email } = await signedInAccount(first);
    const second = client();
    await second.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD });
    const third = client();
    await third.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD });
    const follow = async (http: HttpClient) => {
      const live = new LiveClient(courtside.url!, { 'SESSION-ID': http.cookie('SESSION-ID')! });
      await live.connected();
      expect(await live.subscribe(`account:${id}`)).toMatchObject({ ok: true });
      const ended = new Promise<string>((resolve) => live.socket.once('disconnect', resolve));
      return { live, ended };
    };
    const [one, two, three] = [await follow(first), await follow(second), await follow(third)];
    try {
      expect((await first.request('GET', `${ACCOUNT_API}/account/logout`)).status).toBe(200);
      expect(await one.ended).toBe('io server disconnect');
      expect(two.live.socket.connected).toBe(true);

      const changed = await second.json('PUT', `${ACCOUNT_API}/account/password`, {
        currentPassword: PASSWORD,
        newPassword: 'a new long password',
      });
      expect(changed.status).toBe(200);
      expect(await three.ended).toBe('io server disconnect');
      // The session that changed it goes on.
      expect(two.live.socket.connected).toBe(true);
    } finally {
      for (const { live } of [one, two, three]) live.close();
    }
  });

  it('refuses a phone number that is not one, on the field', async () => {
    const http = client();
    await signedInAccount(http, { minimal: false });

    const answer = await http.json<{ issues: Array<{ path: string[]; message: string }> }>(
      'PUT',
      `${ACCOUNT_API}/account/minimal`,
      { fullName: 'Ann', phoneNumber: { countryCode: '31', number: '12' } },
    );

    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      { path: ['phoneNumber', 'number'], message: 'This is not a valid phone number', code: 'invalid_phone' },
    ]);
  });

  it('lets only the managers of a company follow its room', async () => {
    const manager = client();
    const { company } = await managerWithCompany(manager);
    const stranger = client();
    await signedInAccount(stranger);
    const room = `company:${company.id}`;
    const follow = async (http: HttpClient | undefined) => {
      const live = new LiveClient(courtside.url!, http ? { 'SESSION-ID': http.cookie('SESSION-ID')! } : {});
      try {
        await live.connected();
        return await live.subscribe(room);
      } finally {
        live.close();
      }
    };

    expect(await follow(manager)).toMatchObject({ ok: true });
    expect(await follow(stranger)).toEqual({
      ok: false,
      error: 'Only managers of this company can follow this room',
    });
    expect(await follow(undefined)).toMatchObject({ ok: false });
  });

  it('never answers 500 to malformed input on the account routes', async () => {
    const http = client();
    await signedInAccount(http);
    const bodies = [
      null,
      42,
      'text',
      [],
      {},
      { email: 7 },
      { refresh: {}, code: [] },
      { fullName: 'x', phoneNumber: 'x' },
    ];
    const routes: Array<[string, string]> = [
      ['POST', `${ACCOUNT_API}/account`],
      ['POST', `${ACCOUNT_API}/account/not-a-uuid/verify`],
      ['POST', `${ACCOUNT_API}/account/00000000-0000-4000-8000-000000000000/verify`],
      ['POST', `${ACCOUNT_API}/account/00000000-0000-4000-8000-000000000000/code`],
      ['POST', `${ACCOUNT_API}/account/login`],
      ['POST', `${ACCOUNT_API}/account/refresh?language=xx`],
      ['PUT', `${ACCOUNT_API}/account/minimal`],
      ['PUT', `${ACCOUNT_API}/account/password`],
      ['POST', `${ACCOUNT_API}/companies`],
    ];

    const statuses = [];
    for (const [method, path] of routes) {
      for (const body of bodies)
        statuses.push([method, path, JSON.stringify(body), (await http.json(method, path, body)).status]);
    }

    expect(statuses.filter(([, , , status]) => (status as number) >= 500)).toEqual([]);
  });
});
