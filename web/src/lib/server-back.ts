import { isApiError } from './http';

/** A module that could not be fetched: Chromium's, Firefox's and Safari's words for it. */
const MODULE_NOT_FETCHED =
  /dynamically imported module|Importing a module script failed|error loading dynamically/i;

/**
 * Whether an error that stopped a page comes from the server being out of reach (no answer, a gateway's 502–504,
 * a page's code that could not be fetched), so that the page works again once the server is back.
 */
export function passesWhenTheServerIsBack(error: unknown): boolean {
  if (isApiError(error)) return error.kind === 'network' || [502, 503, 504].includes(error.status);
  return error instanceof TypeError && MODULE_NOT_FETCHED.test(error.message);
}
