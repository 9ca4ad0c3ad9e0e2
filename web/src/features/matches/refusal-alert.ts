import type { ApiError } from '../../lib/http';

/**
 * Shows a failed match command: a refusal of the match rules (a `4xx`) in the page's language, their texts loaded
 * with the first one (a Dutch page showed the api's English), anything else as `asSent`.
 */
export function showMatchFailure(error: ApiError, asSent: string, show: (text: string) => void): void {
  const refusal = error.kind === 'http' && error.status >= 400 && error.status < 500;
  if (!refusal) {
    show(asSent);
    return;
  }
  void import('./match-refusals').then(
    ({ matchRefusalText }) => show(matchRefusalText(error.error) ?? asSent),
    () => show(asSent),
  );
}
