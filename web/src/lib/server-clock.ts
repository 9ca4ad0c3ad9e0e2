/**
 * The server's clock as the page knows it: the `Date` of the API's answers (the api writes its own clock there, the
 * one the dev clock route moves) against the browser's clock when the answer came. "Now" for what the server decides
 * by its clock (a result entered before its match's date) is the server's, not that of a phone set wrong.
 */
let offsetMs = 0;
let newest = -Infinity;

/** An answer's `Date` header, just received: the fetch wrapper (lib/http.ts) tells each one. */
export function noteServerDate(dateHeader: string | null): void {
  const at = Date.parse(dateHeader ?? '');
  // Only the newest answer counts: one the browser kept in its cache carries the older Date it was sent with.
  if (at >= newest) {
    newest = at;
    offsetMs = at - Date.now();
  }
}

/** The server's time now (epoch ms): the browser's until an answer told it. */
export const serverNow = (): number => Date.now() + offsetMs;
