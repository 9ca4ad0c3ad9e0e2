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
