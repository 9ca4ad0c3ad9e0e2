import { useSearchParams } from 'react-router-dom';
import { sanitizeFrom } from '../../../lib/session';

/** The safe `from` of the address (where to go back to after login or onboarding), if any. */
export function useReturnTo(): string | undefined {
  const [params] = useSearchParams();
  return sanitizeFrom(params.get('from'));
}

/** `?from=…` to pass the return address on to the next step ('' without one). */
export function fromQuery(from: string | undefined, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (from) params.set('from', from);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}
