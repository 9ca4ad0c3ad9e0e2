/**
 * The page's one polite live region (DESIGN.md §14): live score and standings changes are said here, never
 * through regions of their own, so a screen reader hears one voice and never the same change twice. `key` names the
 * change (a match and its point's number): a change already said is not said again, however often it is shown
 * (a push and the read after a reconnect, a render again).
 *
 * The region is made when this module first loads (with the first page that announces anything, before its first
 * change: a region must be there before it speaks), inside the page's <main> landmark; the pages' first load does
 * not carry it.
 */
const ANNOUNCER_ID = 'announcer';

function region(): HTMLElement {
  const found = document.getElementById(ANNOUNCER_ID);
  if (found) return found;
  const made = document.createElement('p');
  made.id = ANNOUNCER_ID;
  made.className = 'sr-only';
  made.setAttribute('aria-live', 'polite');
  made.setAttribute('aria-atomic', 'true');
  (document.getElementById('main') ?? document.body).append(made);
  return made;
}

if (typeof document !== 'undefined') region();

let lastKey: string | undefined;

export function announce(text: string, key: string = text): void {
  if (key === lastKey) return;
  lastKey = key;
  region().textContent = text;
}
