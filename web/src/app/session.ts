import type { Location } from 'react-router-dom';
import { addInterceptor, createHttpClient } from '../lib/http';
import { getCookie } from '../lib/cookies';
import { EXPIRE_COOKIE, LOGGED_IN_COOKIE, createSession, type Session } from '../lib/session';
import { toLocale } from '../lib/locale';
import { BASENAME } from './basename';
import { routerPath } from './routes/locale-loader';
import { appStore } from '../stores/store';
import { accountAtom } from '../stores/session';

/** What the session needs of the data router (kept structural, so the router can be created later). */
export interface SessionRouter {
  readonly state: { location: Location; navigation: { location?: Location } };
  navigate(to: string, options: { replace: boolean }): Promise<void>;
}

/** The parts of an address the session reads (a `Location`, or `window.location`). */
type Address = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** The router path of an address: without the /webapps basename (the router's locations have it too). */
function addressOf(location: Address): string {
  return `${routerPath(location.pathname)}${location.search}${location.hash}`;
}

/** Removes the script-readable session cookies (the server clears them too; this covers a failed logout). */
function clearReadableCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of [LOGGED_IN_COOKIE, EXPIRE_COOKIE]) {
    for (const path of ['/', '/webapps', '/webapps/']) {
      document.cookie = `${name}=; Max-Age=0; path=${path}`;
    }
  }
}

/**
 * Where the user is, for the session: the router's location (or the one it is going to) once the router exists;
 * before that, while the first address's loaders run inside createBrowserRouter (and may need a refresh first),
 * the address the browser loaded, `loaded`. The locale is the page's (`/{page}/{locale}/…`).
 */
export function sessionPlace(getRouter: () => SessionRouter | undefined, loaded: () => Address) {
  const currentPath = (): string => {
    const router = getRouter();
    return addressOf(router ? (router.state.navigation.location ?? router.state.location) : loaded());
  };
  return { currentPath, locale: () => toLocale(currentPath().split('/')[2]) };
}

/**
 * Plugs the session (refresh before expired calls, logout and redirect on 401) into the app's http
 * client. `getRouter` is called lazily and answers undefined until the router exists: its first loaders
 * run before that, and they too wait for a refresh (spec §4 "Session").
 */
export function installSession(getRouter: () => SessionRouter | undefined): Session {
  const place = sessionPlace(getRouter, () => window.location);
  const session = createSession({
    // Refresh and logout go out on a client of their own, without this interceptor.
    http: createHttpClient(),
    getCookie,
    now: () => Date.now(),
    locale: place.locale,
    currentPath: place.currentPath,
    navigate: (path) => {
      const router = getRouter();
      if (router) void router.navigate(path, { replace: true });
      else window.location.replace(`${BASENAME}${path}`);
    },
    onLoggedOut: () => {
      clearReadableCookies();
      appStore.set(accountAtom, null);
    },
  });
  addInterceptor(session.interceptor);
  return session;
}
