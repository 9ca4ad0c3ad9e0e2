import { keepFocusOffTheBody } from './focus-rescue';

/**
 * What main.tsx starts after the app's first render, in one chunk of its own (not part of a page's first load, and
 * one import in the entry, whose size is at its budget): the focus kept off <body> (DESIGN.md §14).
 */
export default function afterFirstRender(): void {
  keepFocusOffTheBody();
}
