import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { createHttpClient } from './http';
import {
  EXPIRE_COOKIE,
  LOGGED_IN_COOKIE,
  LOGOUT_PATH,
  REFRESH_PATH,
  createSession,
  isAccessExpired,
  isAccountPage,
  isLoggedIn,
  isSessionExempt,
  loginPath,
  sanitizeFrom,
} from './session';
import type { Locale } from './locale';
import { ACCOUNT_API } from '@courtside/events/api-paths';

const MINUTE = 60_000;

type Call = { method: string; url: string; headers: Headers; body: unknown };
type Respond = (call: Call) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A deferred answer: the test decides when the server answers. */
function deferred() {
  let resolve: (r: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/**
 * A browser in miniature: a cookie jar, a clock, the current router path, an app client with the
 * session interceptor and a bare client for refresh/logout, and a fake server answering by `respond`.
 */
function world(
  options: {
    loggedIn?: boolean;
    expiresIn?: number | null;
    path?: string;
    locale?: Locale;
    respond?: Respond;
  } = {},
) {
  let now = 1_700_000_000_000;
  const cookies = new Map<string, string>([['XSRF-TOKEN', 'xsrf-1']]);
  if (options.loggedIn ?? true) cookies.set(LOGGED_IN_COOKIE, 'true');
  if (options.expiresIn !== null)
    cookies.set(EXPIRE_COOKIE, String(now + (options.expiresIn ?? 10 * MINUTE)));
  const calls: Call[] = [];
  const navigations: string[] = [];
  let loggedOutCount = 0;
  let path = options.path ?? '/manager/en/c1/ladders?tab=season';
  let respond: Respond = options.respond ?? (() => json(200, { ok: true }));

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const response = await respond(call);
    if (call.url.startsWith(REFRESH_PATH) && response.ok)
      cookies.set(EXPIRE_COOKIE, String(now + 15 * MINUTE));
    if (call.url === LOGOUT_PATH) {
      cookies.delete(LOGGED_IN_COOKIE);
      cookies.delete(EXPIRE_COOKIE);
    }
    return response;
  }) as typeof globalThis.fetch;

  const store = createStore();
  const getCookie = (name: string) => cookies.get(name);
  const app = createHttpClient({ fetch, store, getCookie });
  const bare = createHttpClient({ fetch, store, getCookie });
  const session = createSession({
    http: bare,
    getCookie,
    now: () => now,
    locale: () => options.locale ?? 'en',
    currentPath: () => path,
    navigate: (to) => navigations.push(to),
    onLoggedOut: () => loggedOutCount++,
  });
  app.addInterceptor(session.interceptor);

  return {
    app,
    session,
    calls,
    navigations,
    cookies,
    loggedOut: () => loggedOutCount,
    advance: (ms: number) => (now += ms),
    setPath: (p: string) => (path = p),
    setRespond: (r: Respond) => (respond = r),
    refreshCalls: () => calls.filter((c) => c.url.startsWith(REFRESH_PATH)),
    logoutCalls: () => calls.filter((c) => c.url === LOGOUT_PATH),
  };
}

describe('cookie reading', () => {
  it('given the logged-in cookie, when it is exactly "true", then the user is logged in', () => {
    expect(isLoggedIn((n) => (n === LOGGED_IN_COOKIE ? 'true' : undefined))).toBe(true);
    expect(isLoggedIn((n) => (n === LOGGED_IN_COOKIE ? 'false' : undefined))).toBe(false);
    expect(isLoggedIn(() => undefined)).toBe(false);
  });

  it('given an expiry, when it is not later than now, then the token counts as expired', () => {
    const cookie = (value: string | undefined) => (n: string) => (n === EXPIRE_COOKIE ? value : undefined);
    expect(isAccessExpired(cookie('1000'), 999)).toBe(false);
    expect(isAccessExpired(cookie('1000'), 1000)).toBe(true);
    expect(isAccessExpired(cookie('1000'), 1001)).toBe(true);
    expect(isAccessExpired(cookie(undefined), 0)).toBe(true);
    expect(isAccessExpired(cookie('soon'), 0)).toBe(true);
  });
});

describe('addresses', () => {
  it('given a from, when building the login path, then it is kept unless it is an account page', () => {
    expect(loginPath('en', '/manager/en/c1/ladders?x=1')).toBe(
      '/account/en/login?from=%2Fmanager%2Fen%2Fc1%2Fladders%3Fx%3D1',
    );
    expect(loginPath('nl', '/account/nl/onboarding?from=/x')).toBe('/account/nl/login');
    expect(loginPath('en')).toBe('/account/en/login');
  });

  it('given outside or odd addresses, when sanitised, then only same-site router paths survive', () => {
    expect(sanitizeFrom('/company/en/')).toBe('/company/en/');
    expect(sanitizeFrom('/webapps/company/en/?a=1')).toBe('/company/en/?a=1');
    expect(sanitizeFrom('https://evil.example/')).toBeUndefined();
    expect(sanitizeFrom('//evil.example/')).toBeUndefined();
    expect(sanitizeFrom('/\\evil.example')).toBeUndefined();
    expect(sanitizeFrom('')).toBeUndefined();
    expect(sanitizeFrom(null)).toBeUndefined();
  });

  it('given router paths, when checked, then only /account/… is an account page', () => {
    expect(isAccountPage('/account/en/')).toBe(true);
    expect(isAccountPage('/account/en/login?from=/x')).toBe(true);
    expect(isAccountPage('/accounts/en/')).toBe(false);
    expect(isAccountPage('/company/en/')).toBe(false);
  });

  it('given the sign-in calls, when checked, then they are exempt from the session handling', () => {
    expect(isSessionExempt('POST', `${ACCOUNT_API}/account/refresh`)).toBe(true);
    expect(isSessionExempt('GET', `${ACCOUNT_API}/account/logout`)).toBe(true);
    expect(isSessionExempt('POST', `${ACCOUNT_API}/account/login`)).toBe(true);
    expect(isSessionExempt('POST', `${ACCOUNT_API}/account`)).toBe(true);
    expect(isSessionExempt('POST', `${ACCOUNT_API}/account/a1/verify`)).toBe(true);
    expect(isSessionExempt('POST', `${ACCOUNT_API}/account/a1/code`)).toBe(true);
    expect(isSessionExempt('GET', `${ACCOUNT_API}/account`)).toBe(false);
    expect(isSessionExempt('GET', `${ACCOUNT_API}/account/hasminimalaccount`)).toBe(false);
    expect(isSessionExempt('PUT', `${ACCOUNT_API}/account/minimal`)).toBe(false);
    expect(isSessionExempt('GET', `${ACCOUNT_API}/companies`)).toBe(false);
  });
});

describe('refreshing the access token', () => {
  it('given a fresh token, when a call is made, then no refresh is made', async () => {
    const w = world({ expiresIn: 5 * MINUTE });
    await w.app.request('GET', `${ACCOUNT_API}/companies`);
    expect(w.refreshCalls()).toHaveLength(0);
    expect(w.calls).toHaveLength(1);
  });

  it('given an anonymous user with no expiry, when a call is made, then no refresh is made', async () => {
    const w = world({ loggedIn: false, expiresIn: null });
    await w.app.request('GET', '/webapps/api/ladder/api/v1/ladders');
    expect(w.refreshCalls()).toHaveLength(0);
  });

  it('given an expired token, when a call is made, then it refreshes first with an empty JSON body and the locale', async () => {
    const w = world({ expiresIn: -1, locale: 'nl' });
    await w.app.request('PUT', `${ACCOUNT_API}/account/minimal`, { body: { fullName: 'A' } });
    expect(w.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${REFRESH_PATH}?language=nl`,
      `PUT ${ACCOUNT_API}/account/minimal`,
    ]);
    const refresh = w.calls[0]!;
    expect(refresh.body).toEqual({});
    expect(refresh.headers.get('Content-Type')).toBe('application/json');
    expect(refresh.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('given an expiry exactly now, when a call is made, then it counts as expired and refreshes', async () => {
    const w = world({ expiresIn: 0 });
    await w.app.request('GET', `${ACCOUNT_API}/companies`);
    expect(w.refreshCalls()).toHaveLength(1);
  });

  it('given an expired token, when two calls are made at once, then both wait on ONE refresh', async () => {
    const answer = deferred();
    const w = world({
      expiresIn: -1,
      respond: (call) => (call.url.startsWith(REFRESH_PATH) ? answer.promise : json(200, [])),
    });
    const first = w.app.request('GET', `${ACCOUNT_API}/companies`);
    const second = w.app.request('GET', `${ACCOUNT_API}/account`);
    await settle();
    // Only the refresh is out; both calls wait for it.
    expect(w.calls.map((c) => c.url)).toEqual([`${REFRESH_PATH}?language=en`]);

    answer.resolve(json(200, { expiresAt: 1 }));
    await Promise.all([first, second]);
    expect(w.refreshCalls()).toHaveLength(1);
    expect(w.calls.slice(1).map((c) => c.url)).toEqual([
      `${ACCOUNT_API}/companies`,
      `${ACCOUNT_API}/account`,
    ]);
  });

  it('given a refresh in flight, when a third call comes in later, then it waits on the same refresh', async () => {
    const answer = deferred();
    const w = world({
      expiresIn: -1,
      respond: (call) => (call.url.startsWith(REFRESH_PATH) ? answer.promise : json(200, [])),
    });
    const first = w.app.request('GET', `${ACCOUNT_API}/companies`);
    await settle();
    const late = w.app.request('GET', `${ACCOUNT_API}/account`);
    await settle();
    expect(w.calls).toHaveLength(1);
    answer.resolve(json(200, {}));
    await Promise.all([first, late]);
    expect(w.refreshCalls()).toHaveLength(1);
    expect(w.calls).toHaveLength(3);
  });

  it('given a token that expires between two calls, when the second call is made, then only it refreshes first', async () => {
    const w = world({ expiresIn: 2 * MINUTE });
    await w.app.request('GET', `${ACCOUNT_API}/companies`);
    expect(w.refreshCalls()).toHaveLength(0);

    w.advance(2 * MINUTE);
    await w.app.request('GET', `${ACCOUNT_API}/companies`);
    expect(w.calls.map((c) => c.url)).toEqual([
      `${ACCOUNT_API}/companies`,
      `${REFRESH_PATH}?language=en`,
      `${ACCOUNT_API}/companies`,
    ]);

    // The refreshed token (15 minutes) is good for the next call.
    w.advance(MINUTE);
    await w.app.request('GET', `${ACCOUNT_API}/companies`);
    expect(w.refreshCalls()).toHaveLength(1);
  });

  it.each([400, 401, 404, 405])(
    'given the refresh fails with %i, when a call is made, then it logs out and goes to login keeping from',
    async (status) => {
      const w = world({
        expiresIn: -1,
        respond: (call) =>
          call.url.startsWith(REFRESH_PATH) ? json(status, { error: 'no' }) : json(200, true),
      });
      await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).rejects.toMatchObject({ status: 401 });
      expect(w.logoutCalls()).toHaveLength(1);
      expect(w.loggedOut()).toBe(1);
      expect(w.navigations).toEqual(['/account/en/login?from=%2Fmanager%2Fen%2Fc1%2Fladders%3Ftab%3Dseason']);
      // The call that waited was never sent.
      expect(w.calls.some((c) => c.url === `${ACCOUNT_API}/companies`)).toBe(false);
    },
  );

  it('given the refresh fails with a 503, when a call is made, then the error reaches the caller and nobody is logged out', async () => {
    const w = world({
      expiresIn: -1,
      respond: (call) => (call.url.startsWith(REFRESH_PATH) ? json(503, { error: 'busy' }) : json(200, [])),
    });
    await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).rejects.toMatchObject({ status: 503 });
    expect(w.logoutCalls()).toHaveLength(0);
    expect(w.navigations).toEqual([]);
  });

  it('given the sign-in calls, when made with an expired token, then they do not refresh', async () => {
    const w = world({ expiresIn: -1 });
    await w.app.request('POST', `${ACCOUNT_API}/account/login`, { body: { email: 'a@b.c', password: 'x' } });
    expect(w.refreshCalls()).toHaveLength(0);
  });
});

describe('a 401 answer while the expiry cookie says the token is fresh (the server’s clock is ahead)', () => {
  it('given the token was refused, when the refresh succeeds, then the call is sent again and nobody is logged out', async () => {
    let refused = true;
    const w = world({
      expiresIn: 3 * 24 * 60 * MINUTE,
      respond: (call) => {
        if (call.url.startsWith(REFRESH_PATH)) {
          refused = false;
          return json(200, { expiresAt: 1 });
        }
        return refused ? json(401, { error: 'Unauthorized' }) : json(200, { ok: 'again' });
      },
    });
    await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).resolves.toEqual({ ok: 'again' });
    expect(w.refreshCalls()).toHaveLength(1);
    expect(w.calls.filter((c) => c.url.endsWith('/companies'))).toHaveLength(2);
    expect(w.logoutCalls()).toHaveLength(0);
    expect(w.navigations).toEqual([]);
  });

  it('given several calls refused at once, when they are sent again, then they share one refresh', async () => {
    let refused = true;
    const w = world({
      respond: (call) => {
        if (call.url.startsWith(REFRESH_PATH)) {
          refused = false;
          return json(200, {});
        }
        return refused ? json(401, {}) : json(200, {});
      },
    });
    await Promise.all([
      w.app.request('GET', `${ACCOUNT_API}/companies`),
      w.app.request('GET', `${ACCOUNT_API}/account`),
    ]);
    expect(w.refreshCalls()).toHaveLength(1);
    expect(w.logoutCalls()).toHaveLength(0);
  });

  it('given the call is refused again after the refresh, then the user is logged out (once)', async () => {
    const w = world({
      respond: (call) => (call.url.startsWith(REFRESH_PATH) ? json(200, {}) : json(401, {})),
    });
    await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).rejects.toMatchObject({ status: 401 });
    expect(w.refreshCalls()).toHaveLength(1);
    expect(w.calls.filter((c) => c.url.endsWith('/companies'))).toHaveLength(2);
    expect(w.logoutCalls()).toHaveLength(1);
    expect(w.navigations).toHaveLength(1);
  });
});

describe('a 401 answer', () => {
  it('given any call answers 401, when it fails, then the user is logged out and sent to login keeping from', async () => {
    const w = world({ respond: () => json(401, { error: 'Unauthorized' }) });
    await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).rejects.toMatchObject({ status: 401 });
    expect(w.logoutCalls()).toHaveLength(1);
    expect(w.loggedOut()).toBe(1);
    expect(w.navigations).toEqual(['/account/en/login?from=%2Fmanager%2Fen%2Fc1%2Fladders%3Ftab%3Dseason']);
  });

  it('given the user is on an account page, when a call answers 401, then login is reached without from', async () => {
    const w = world({ path: '/account/nl/', locale: 'nl', respond: () => json(401, {}) });
    await expect(w.app.request('GET', `${ACCOUNT_API}/account`)).rejects.toMatchObject({ status: 401 });
    expect(w.navigations).toEqual(['/account/nl/login']);
  });

  it('given several calls answer 401 at once, when they fail, then there is one logout and one redirect', async () => {
    const w = world({ respond: () => json(401, {}) });
    await Promise.allSettled([
      w.app.request('GET', `${ACCOUNT_API}/companies`),
      w.app.request('GET', `${ACCOUNT_API}/account`),
      w.app.request('GET', `${ACCOUNT_API}/account/hasminimalaccount`),
    ]);
    expect(w.logoutCalls()).toHaveLength(1);
    expect(w.navigations).toHaveLength(1);
  });

  it('given the logout call itself fails, when a 401 happens, then the user is still sent to login', async () => {
    const w = world({
      respond: (call) =>
        call.url === LOGOUT_PATH ? Promise.reject(new TypeError('offline')) : json(401, {}),
    });
    await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).rejects.toMatchObject({ status: 401 });
    expect(w.loggedOut()).toBe(1);
    expect(w.navigations).toHaveLength(1);
  });

  it('given a wrong password, when login answers 401, then nobody is logged out or redirected', async () => {
    const w = world({
      loggedIn: false,
      path: '/account/en/login',
      respond: () => json(401, { error: 'wrong' }),
    });
    await expect(
      w.app.request('POST', `${ACCOUNT_API}/account/login`, { body: { email: 'a@b.c', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401, error: 'wrong' });
    expect(w.logoutCalls()).toHaveLength(0);
    expect(w.navigations).toEqual([]);
  });

  it('given another failure (403, 500), when a call fails, then nothing happens to the session', async () => {
    const w = world({ respond: () => json(403, { error: 'Forbidden' }) });
    await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).rejects.toMatchObject({ status: 403 });
    w.setRespond(() => json(500, {}));
    await expect(w.app.request('GET', `${ACCOUNT_API}/companies`)).rejects.toMatchObject({ status: 500 });
    expect(w.logoutCalls()).toHaveLength(0);
    expect(w.navigations).toEqual([]);
  });
});
