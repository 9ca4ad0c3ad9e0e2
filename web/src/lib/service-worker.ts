/**
 * Registers the service worker (`src/sw/sw.ts`, built to /webapps/sw.js; DESIGN.md §13) once the page has loaded,
 * so it takes nothing from the page's first load. The scorer registers it: its precache (the whole app, ~1.6 MB) is
 * downloaded by the phones that score, not by every visitor who reads a standings page (docs/decisions/matches-and-live-scoring.md). Only in a built app (`vite dev` has none). A failed
 * registration changes nothing: the app works without it, only not offline.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/webapps/sw.js', { scope: '/webapps/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
