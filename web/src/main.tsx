import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './index.css';
import { App } from './app/App';
import { routerReady } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A public page arrives with its first paint (rendered by the api, src/first-paint.tsx): the app renders over it
// once the router is ready, so its first render is the page itself and the page never blinks to an empty frame.
// Then the focus is kept off <body> (DESIGN.md §14), loaded after the first render: not part of the page's first load.
const ready = container.hasChildNodes() ? routerReady() : Promise.resolve();
void ready.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // And the service worker that keeps the app for use with no connection (DESIGN.md §13).
  void import('./lib/after-first-render').then((after) => after.default());
});
