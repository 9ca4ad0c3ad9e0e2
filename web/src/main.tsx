import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './lib/i18n';
import './index.css';
import { App } from './app/App';
import { routerReady } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A public page arrives with its first paint (rendered by the api, src/first-paint.tsx, with the same markup): once
// the router is ready the app takes it over as it is (hydration), so the page never blinks and a phone builds no
// second copy of it, in a transition: in slices that yield to the browser every few milliseconds, so taking over a
// long page (100 standings rows on a slow phone) is no single long task. Other pages render at once, as a
// transition there could miss the end of the router's first navigation (docs/decisions/web.md).
// Then the focus is kept off <body> (DESIGN.md §14), loaded after the first render: not part of the page's first load.
// The first paint sits in an inert element of its own (api/src/web/web-app.ts): the app takes over that element.
const firstPaint = container.firstElementChild?.hasAttribute('inert') ? container.firstElementChild : null;

/**
 * `renderToString` does not wait for a lazy module whose first load is under way: the server leaves that part to
 * the browser (once per module and process), which renders it while it takes the page over, as it should. Only
 * that is expected; anything else is reported as React reports it.
 */
function onRecoverableError(error: unknown): void {
  const message = error instanceof Error ? error.message : '';
  if (/#419\b|could not finish this Suspense boundary/.test(message)) return;
  reportError(error);
}

/** Once the app has taken the first paint over, it answers: the first paint is inert no more. */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => firstPaint?.removeAttribute('inert'), []);
  return children;
}

const app = (
  <StrictMode>
    <TakenOver>
      <App />
    </TakenOver>
  </StrictMode>
);

// The router is made in a task of its own, after the one that ran the modules: two shorter tasks, not one long.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void nextTask()
  .then(() => (firstPaint ? routerReady() : undefined))
  .then(() => {
    if (firstPaint) startTransition(() => void hydrateRoot(firstPaint, app, { onRecoverableError }));
    else createRoot(container).render(app);
    // And the service worker that keeps the app for use with no connection (DESIGN.md §13).
    void import('./lib/after-first-render').then((after) => after.default());
  });
