/** After an action its button may be gone: the focus goes to what is there now in `area`, else the page's start. */
export function focusWithin(area: HTMLElement | null): void {
  requestAnimationFrame(() =>
    (area?.querySelector<HTMLElement>('button, a') ?? document.getElementById('main'))?.focus(),
  );
}
