/**
 * Focus never falls to `<body>` (DESIGN.md §14). When an action removes the focused control (Challenge becomes a
 * chip, Accept goes with its row's challenge, Edit turns into Save), the browser leaves the focus on the body and a
 * keyboard user starts again at the top of the page. This puts it on the next sensible place instead:
 *
 * - a control in a dialog that closed: the control that opened the dialog (a lazily loaded dialog cannot know it the
 *   first time: its own focus history starts when its code arrives, after the opener was focused);
 * - otherwise, or when that opener is gone too: the first visible control in the nearest part of the page that is
 *   still there (the card, the table row, the section), as the elements around the control were when it had the
 *   focus.
 *
 * Framework-free, installed once for the whole document by main.tsx.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** An element with the elements around it, innermost first, as they were when it had the focus. */
type Placed = Element[];

function placed(element: Element, body: HTMLElement): Placed {
  const path: Element[] = [];
  for (let node: Element | null = element; node && node !== body; node = node.parentElement) path.push(node);
  return path;
}

function usable(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0 && !element.closest('[inert]');
}

const inDialog = (path: Placed) => path.some((element) => element.getAttribute('role') === 'dialog');

/** The first usable control in the nearest part of `path` that is still in the page; the element itself first. */
function nextPlace(path: Placed): HTMLElement | undefined {
  const [self] = path;
  if (self instanceof HTMLElement && usable(self)) return self;
  for (const around of path.slice(1)) {
    if (!around.isConnected) continue;
    const control = [...around.querySelectorAll<HTMLElement>(FOCUSABLE)].find(usable);
    if (control) return control;
  }
  return undefined;
}

export function keepFocusOffTheBody(doc: Document = document): () => void {
  const body = doc.body;
  let last: Placed = [];
  /** The control that had the focus before it went into a dialog. */
  let opener: Placed = [];

  const remember = (event: FocusEvent) => {
    if (!(event.target instanceof Element)) return;
    const now = placed(event.target, body);
    if (inDialog(now) && last.length > 0 && !inDialog(last)) opener = last;
    last = now;
  };

  const rescue = () => {
    const active = doc.activeElement;
    if ((active && active !== body) || last.length === 0 || last[0]!.isConnected) return;
    const target = (inDialog(last) ? nextPlace(opener) : undefined) ?? nextPlace(last);
    if (!target) return;
    target.focus({ preventScroll: true });
  };

  doc.addEventListener('focusin', remember);
  const observer = new MutationObserver(rescue);
  observer.observe(body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', remember);
    observer.disconnect();
  };
}
