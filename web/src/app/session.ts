import type { Location } from 'react-router-dom';
import { addInterceptor, createHttpClient } from '../lib/http';
import { getCookie } from '../lib/cookies';
import { EXPIRE_COOKIE, LOGGED_IN_COOKIE, createSession, type Session } from '../lib/session';
import { toLocale } from '../lib/locale';
import { appStore } from '../stores/store';
import { accountAtom } from '../stores/session';

/** What the session needs of the data router (kept structural, so the router can be created later). */
export interface SessionRouter {
  readonly state: { location: Location; navigation: { location?: Location } };
  navigate(to: string, options: { replace: boolean }): Promise<void>;
}

function addressOf(location: Location): string {
  return `${location.pathname}${location.search}${location.hash}`;
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
 * Plugs the session (refresh before expired calls, logout and redirect on 401) into the app's http
 * client. `getRouter` is called lazily, so this can run before the router exists.
 */
export function installSession(getRouter: () => SessionRouter): Session {
  const session = createSession({
    // Refresh and logout go out on a client of their own, without this interceptor.
    http: createHttpClient(),
    getCookie,
    now: () => Date.now(),
    locale: () => {
      const router = getRouter();
      const location = router.state.navigation.location ?? router.state.location;
      return toLocale(location.pathname.split('/')[2]);
    },
    currentPath: () => {
      const router = getRouter();
      return addressOf(router.state.navigation.location ?? router.state.location);
    },
    navigate: (path) => {
      void getRouter().navigate(path, { replace: true });
    },
    onLoggedOut: () => {
      clearReadableCookies();
      appStore.set(accountAtom, null);
    },
  });
  addInterceptor(session.interceptor);
  return session;
}
