import { createBrowserRouter } from 'react-router-dom';
import { BASENAME } from './basename';
import { routes } from './route-table';
import { installSession } from './session';

// The session (token refresh, logout and redirect on 401) is wired before the first loader runs.
installSession(() => router);

export const router = createBrowserRouter(routes, { basename: BASENAME });

/** Resolves once the router has run the first address's loaders and loaded its route modules. */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
