import { createBrowserRouter } from 'react-router-dom';
import { forgetFirstData } from '../lib/first-data';
import { BASENAME } from './basename';
import { routes } from './route-table';
import { installSession } from './session';

type AppRouter = ReturnType<typeof createBrowserRouter>;

// The session (token refresh, logout and redirect on 401) is wired before the first loader runs. Those loaders
// run inside createBrowserRouter, before the router is kept: until then the session has no router to read.
let created: AppRouter | undefined;
installSession(() => created);

/**
 * The app's router, made on first use rather than when the modules load: making it matches the routes and runs the
 * first address's loaders, work that then runs as a task of its own instead of lengthening the modules' one
 * (main.tsx; a phone's main thread, docs/performance.md "Pages on a phone").
 */
export function appRouter(): AppRouter {
  if (created) return created;
  const router = createBrowserRouter(routes, { basename: BASENAME });
  created = router;
  // The answers a page was sent with describe it as it was then: pages reached later load their own.
  const firstLocation = router.state.location;
  const stopForgetting = router.subscribe((state) => {
    if (state.location === firstLocation) return;
    forgetFirstData();
    stopForgetting();
  });
  return router;
}

/** Resolves once the router has run the first address's loaders and loaded its route modules. */
export function routerReady(): Promise<void> {
  const router = appRouter();
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
