import { ApiError, type HttpClient, type HttpInterceptor, type RequestContext } from './http';
import { pagePath, type Locale } from './locale';
import { ACCOUNT_API } from '@courtside/events/api-paths';

/**
 * The browser side of a session (spec §4 "Session", §7, §8; DESIGN.md §3): login state and access
 * expiry come from two script-readable cookies; an expired access token is refreshed once before
 * other calls go out (single flight); a failed refresh or any 401 logs out and sends the user to
 * the login page with the current address as `from` (unless already on an account page).
 */

export const LOGGED_IN_COOKIE = 'courtside.loggedin';
export const EXPIRE_COOKIE = 'courtside.expire';

export const REFRESH_PATH = `${ACCOUNT_API}/account/refresh`;
export const LOGOUT_PATH = `${ACCOUNT_API}/account/logout`;

/** Refresh answers that mean the session is gone: log out and go to login. */
const REFRESH_LOGOUT_STATUSES: readonly number[] = [400, 401, 404, 405];

type CookieReader = (name: string) => string | undefined;

/** `courtside.loggedin` is exactly "true". */
export function isLoggedIn(getCookie: CookieReader): boolean {
  return getCookie(LOGGED_IN_COOKIE) === 'true';
}

/**
 * The access expiry (epoch ms) from `courtside.expire`; undefined when absent or unreadable.
 */
function accessExpiry(getCookie: CookieReader): number | undefined {
  const raw = getCookie(EXPIRE_COOKIE);
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Expired when the expiry is not later than now; a missing or unreadable expiry counts as expired. */
export function isAccessExpired(getCookie: CookieReader, now: number): boolean {
  const expiry = accessExpiry(getCookie);
  return expiry === undefined || expiry <= now;
}

/** The path part of an address (no query, no hash). */
function pathOnly(path: string): string {
  const cut = path.search(/[?#]/);
  return cut < 0 ? path : path.slice(0, cut);
}

/**
 * Calls that must not trigger the session handling: the refresh and logout calls themselves, and
 * the sign-in steps whose 401/403 answers are meant for the form (wrong password, unverified email).
 */
export function isSessionExempt(method: string, path: string): boolean {
  const p = pathOnly(path);
  if (p === REFRESH_PATH || p === LOGOUT_PATH) return true;
  if (!p.startsWith(`${ACCOUNT_API}/account`)) return false;
  const rest = p.slice(`${ACCOUNT_API}/account`.length);
  if (method === 'POST' && (rest === '' || rest === '/')) return true; // register
  if (rest === '/login') return true;
  return /^\/[^/]+\/(verify|code)$/.test(rest);
}

/** A router path (`/account/en/…`, no /webapps prefix) is an account page. */
export function isAccountPage(routerPath: string): boolean {
  return /^\/account(\/|$)/.test(routerPath);
}

/**
 * A safe place to return to: only same-site router paths. `/webapps/x` becomes `/x`; other origins,
 * protocol-relative and malformed values give undefined (no open redirect).
 */
export function sanitizeFrom(from: string | null | undefined): string | undefined {
  if (typeof from !== 'string') return undefined;
  const value = from.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  if (value === '/webapps' || value === '/webapps/') return '/';
  if (value.startsWith('/webapps/')) return value.slice('/webapps'.length);
  return value;
}

/** `/account/{locale}/login`, with `?from=` unless `from` is empty or itself an account page. */
export function loginPath(locale: Locale, from?: string): string {
  const base = pagePath('account', locale, 'login');
  const safe = sanitizeFrom(from);
  if (!safe || isAccountPage(safe)) return base;
  return `${base}?${new URLSearchParams({ from: safe }).toString()}`;
}

interface SessionDeps {
  /** A client WITHOUT the session interceptor (so refresh and logout don't loop through it). */
  http: Pick<HttpClient, 'request'>;
  getCookie: CookieReader;
  now: () => number;
  /** The locale for `?language=` and the login page. */
  locale: () => Locale;
  /** The router path (with search and hash) of the page being shown or navigated to. */
  currentPath: () => string;
  /** Goes to a router path (replacing the current entry). */
  navigate: (path: string) => void;
  /** Forgets what the client holds about the user (cached account) and clears the readable cookies. */
  onLoggedOut?: () => void;
  /** Right after a successful refresh, the token counts as fresh for this long (guards against clock skew). */
  refreshGraceMs?: number;
}

export interface Session {
  /** The interceptor to add to the app's http client. */
  readonly interceptor: HttpInterceptor;
  /** Refreshes the access token first when logged in and expired; waits for a refresh in flight. */
  ensureFreshToken(): Promise<void>;
  /** Logs out (server call, result ignored) and goes to the login page with `from` (one at a time). */
  logoutAndRedirect(): Promise<void>;
}

export function createSession(deps: SessionDeps): Session {
  const grace = deps.refreshGraceMs ?? 5_000;
  let refreshing: Promise<void> | null = null;
  let loggingOut: Promise<void> | null = null;
  let lastRefreshAt = Number.NEGATIVE_INFINITY;

  async function logoutAndRedirect(): Promise<void> {
    if (loggingOut) return loggingOut;
    loggingOut = (async () => {
      // Read the address before anything changes it.
      const from = deps.currentPath();
      try {
        await deps.http.request('GET', LOGOUT_PATH);
      } catch {
        // Ignored: the point is to leave; the server clears its cookies when it can.
      }
      deps.onLoggedOut?.();
      deps.navigate(loginPath(deps.locale(), from));
    })().finally(() => {
      loggingOut = null;
    });
    return loggingOut;
  }

  async function refresh(): Promise<void> {
    try {
      await deps.http.request('POST', REFRESH_PATH, { query: { language: deps.locale() }, body: {} });
      lastRefreshAt = deps.now();
    } catch (error) {
      if (error instanceof ApiError && REFRESH_LOGOUT_STATUSES.includes(error.status)) {
        await logoutAndRedirect();
        throw new ApiError({ status: 401, error: 'Your session has ended. Please sign in again.' });
      }
      throw error;
    }
  }

  function needsRefresh(): boolean {
    if (!isLoggedIn(deps.getCookie)) return false;
    const now = deps.now();
    if (now - lastRefreshAt < grace) return false;
    return isAccessExpired(deps.getCookie, now);
  }

  function refreshOnce(): Promise<void> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function ensureFreshToken(): Promise<void> {
    if (refreshing) return refreshing;
    if (!needsRefresh()) return;
    return refreshOnce();
  }

  /** Requests whose 401 the refresh already answered by logging out. */
  const loggedOutFor = new WeakSet<RequestContext>();

  const interceptor: HttpInterceptor = {
    async beforeRequest(ctx: RequestContext) {
      if (isSessionExempt(ctx.method, ctx.path)) return;
      await ensureFreshToken();
    },
    // The expiry cookie is the server's clock: a browser whose clock is behind it (a phone, the dev clock) sees
    // an unexpired token the server refuses. So a 401 refreshes once and the call goes again; only a refresh
    // that fails, or a second 401, logs out.
    async sendAgain(error: ApiError, ctx: RequestContext) {
      if (error.status !== 401 || isSessionExempt(ctx.method, ctx.path) || !isLoggedIn(deps.getCookie))
        return false;
      try {
        await refreshOnce();
        return true;
      } catch (refreshError) {
        if (refreshError instanceof ApiError && refreshError.status === 401) loggedOutFor.add(ctx);
        return false;
      }
    },
    async onError(error: ApiError, ctx: RequestContext) {
      if (error.status !== 401 || isSessionExempt(ctx.method, ctx.path) || loggedOutFor.has(ctx)) return;
      await logoutAndRedirect();
    },
  };

  return { interceptor, ensureFreshToken, logoutAndRedirect };
}
