/**
 * Focus never falls to `<body>` (DESIGN.md §14). When an action removes the focused control (Challenge becomes a
 * chip, Accept goes with its row's challenge, Edit turns into Save) or disables it (Save of a form that has nothing
 * left to save, a button busy with its request), the browser leaves the focus on the body and a keyboard user starts
 * again at the top of the page. This puts it on the next sensible place instead:
 *
 * - a control in a dialog that closed: the control that opened the dialog (a lazily loaded dialog cannot know it the
 *   first time: its own focus history starts when its code arrives, after the opener was focused);
 * - otherwise, or when that opener is gone too: the first visible control in the nearest part of the page that is
 *   still there (the card, the table row, the section), as the elements around the control were when it had the
 *   focus; for a control that is still there but disabled, the one just before it in that part.
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
  return (
    element.isConnected &&
    element.getClientRects().length > 0 &&
    !element.closest('[inert]') &&
    !element.matches(':disabled')
  );
}

/** The control that had the focus is gone from the page, or can no longer have it. */
const lost = (element: Element) => !element.isConnected || element.matches(':disabled');

const inDialog = (path: Placed) => path.some((element) => element.getAttribute('role') === 'dialog');

/**
 * The first usable control in the nearest part of `path` that is still in the page; the element itself first. For a
 * control still there but disabled, the control just before it in that part (where Shift+Tab goes), else the first:
 * the field before a Save that has nothing left to save, not the top of the form.
 */
function nextPlace(path: Placed): HTMLElement | undefined {
  const [self] = path;
  if (self instanceof HTMLElement && usable(self)) return self;
  const stayed = self?.isConnected === true;
  for (const around of path.slice(1)) {
    if (!around.isConnected) continue;
    const controls = [...around.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(usable);
    const before = stayed
      ? controls.filter((control) => self.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_PRECEDING)
      : [];
    const control = before.at(-1) ?? controls[0];
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
    if ((active && active !== body) || last.length === 0 || !lost(last[0]!)) return;
    const target = (inDialog(last) ? nextPlace(opener) : undefined) ?? nextPlace(last);
    if (!target) return;
    target.focus({ preventScroll: true });
  };

  // A control disabled while it has the focus loses it when the browser next looks (its focus fixup), after the
  // mutation is reported: look again once that has happened.
  const later = () => void setTimeout(rescue, 0);
  const changed = (mutations: MutationRecord[]) => {
    rescue();
    if (mutations.some((mutation) => mutation.type === 'attributes' && mutation.target === last[0])) later();
  };
  doc.addEventListener('focusin', remember);
  doc.addEventListener('focusout', later);
  const observer = new MutationObserver(changed);
  observer.observe(body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    doc.removeEventListener('focusin', remember);
    doc.removeEventListener('focusout', later);
    observer.disconnect();
  };
}
