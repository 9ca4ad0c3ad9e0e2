import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker (DESIGN.md §13), built by vite-plugin-pwa (injectManifest) into /webapps/sw.js:
 * - the app shell (index.html) and the app's code (scripts, styles, icons) are precached, so a page opened once
 *   (the scorer above all) opens again with no connection;
 * - a page address goes to the network first, and only with no network to the precached app shell, so every page
 *   keeps its server-rendered first paint and its status (a 404) while online;
 * - nothing else is handled here: the API (`/webapps/api/`) and the live channel (`/webapps/socket.io/`) always go
 *   to the network, never to a cache;
 * - a new deploy installs a new worker that takes over at once (skipWaiting + clientsClaim) and drops the old
 *   precache, so the next page opened runs the new code.
 */
// The web app's type check has the DOM's types, not the worker's: only what is used of the worker's scope.
declare global {
  interface Window {
    /** The precache list, written in by the build (vite-plugin-pwa looks for this very expression). */
    __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  }
}
const worker = self as unknown as { skipWaiting(): Promise<void> };

void worker.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Addresses under the scope that are not pages of the app. */
const NOT_PAGES = [/^\/webapps\/api\//, /^\/webapps\/socket\.io\//];

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache('index.html');
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_PAGES },
  ),
);

/**
 * DESIGN.md §17: a push from the notifier (`{title, body, url}`, in the account's language) is shown as a
 * notification; a tap opens its `url`, in a window of the app that is open already if there is one. The worker's
 * types are written here (the web app's check has the DOM's only).
 */
interface ShownNotification {
  data: unknown;
  close(): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface WorkerScope {
  location: Location;
  registration: {
    showNotification(
      title: string,
      options: { body: string; data: { url: string }; icon: string; badge: string; tag?: string },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
}
interface Waiting {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends Waiting {
  data: { json(): unknown } | null;
}
interface NotificationClickLike extends Waiting {
  notification: ShownNotification;
}
const scope = self as unknown as WorkerScope;

/** The app's own address a notification may open: a path under /webapps/ on this origin, else the app's start. */
function appAddress(url: unknown): string {
  const start = new URL('/webapps/', scope.location.origin);
  if (typeof url !== 'string') return start.href;
  const target = new URL(url, scope.location.origin);
  return target.origin === start.origin && target.pathname.startsWith('/webapps/') ? target.href : start.href;
}

/** Keeps the worker alive for the work; a test's own dispatched event (not trusted) may not wait, the work still runs. */
function keepAlive(event: Waiting, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // An untrusted event: nothing waits for it.
  }
}

scope.addEventListener('push', (event) => {
  let payload: { title?: unknown; body?: unknown; url?: unknown } = {};
  try {
    payload = (event.data?.json() ?? {}) as typeof payload;
  } catch {
    // Not JSON: shown with the app's name, so that the push is never silent.
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Courtside';
  keepAlive(
    event,
    scope.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      data: { url: appAddress(payload.url) },
      icon: '/webapps/icons/icon-192.png',
      badge: '/webapps/icons/icon-192.png',
    }),
  );
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appAddress((event.notification.data as { url?: unknown } | null)?.url);
  keepAlive(
    event,
    (async () => {
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open =
        windows.find((client) => client.url === url) ??
        windows.find((client) => new URL(client.url).pathname.startsWith('/webapps/'));
      if (!open) return scope.clients.openWindow(url);
      // A window the worker does not control cannot be moved: a new one then.
      const shown = open.url === url ? open : await open.navigate(url).catch(() => null);
      if (!shown) return scope.clients.openWindow(url);
      return open.focus().catch(() => undefined);
    })(),
  );
});
