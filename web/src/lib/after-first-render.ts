import { keepFocusOffTheBody } from './focus-rescue';
import { registerServiceWorker } from './service-worker';

/**
 * What main.tsx starts after the app's first render, in one chunk of its own (not part of a page's first load, and
 * one import in the entry, whose size is at its budget): the focus kept off <body> (DESIGN.md §14) and the service
 * worker (DESIGN.md §13).
 */
export default function afterFirstRender(): void {
  keepFocusOffTheBody();
  registerServiceWorker();
}
