import { createBrowserRouter } from 'react-router-dom';
import { forgetFirstData } from '../lib/first-data';
import { BASENAME } from './basename';
import { routes } from './route-table';
import { installSession, type SessionRouter } from './session';

// The session (token refresh, logout and redirect on 401) is wired before the first loader runs. Those loaders
// run inside createBrowserRouter, before `router` is assigned: until then the session has no router to read.
const created: { router?: SessionRouter } = {};
installSession(() => created.router);

export const router = createBrowserRouter(routes, { basename: BASENAME });
created.router = router;

// The answers a page was sent with describe it as it was then: pages reached later load their own.
const firstLocation = router.state.location;
const stopForgetting = router.subscribe((state) => {
  if (state.location === firstLocation) return;
  forgetFirstData();
  stopForgetting();
});

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
