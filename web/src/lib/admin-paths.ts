import { ADMIN_API } from '@courtside/events/api-paths';
import { getCookie } from './cookies';
import { ApiError } from './http';
import { isLoggedIn } from './session';

/**
 * The paths of a company's admin calls (spec §7 "Admin: ladders and seasons"), shared by the
 * manager and audit features, with the spec's client-side errors (§8): a call with no company
 * selected fails with "No company", or "No account" when nobody is signed in; a season call without
 * its company or ladder fails with "Not enough info". Such a call never goes out; the error is an
 * `ApiError` of kind `client` (status 0), so it shows where the caller shows any failed call (the
 * manager shell's alert, the season manager's and the audit page's form alert).
 */

const NO_COMPANY = 'No company';
const NO_ACCOUNT = 'No account';
const NOT_ENOUGH_INFO = 'Not enough info';

function missing(error: string): ApiError {
  return new ApiError({ status: 0, error, kind: 'client' });
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/** `…/admin/v1/companies/{companyId}`; throws "No company" / "No account" without a company. */
export function companyPath(companyId: string | null | undefined): string {
  if (blank(companyId)) throw missing(isLoggedIn(getCookie) ? NO_COMPANY : NO_ACCOUNT);
  return `${ADMIN_API}/companies/${encodeURIComponent(companyId!)}`;
}

/** `…/companies/{companyId}/ladders/{ladderId}/seasons`; throws "Not enough info" without both. */
export function seasonsPath(
  companyId: string | null | undefined,
  ladderId: string | null | undefined,
): string {
  if (blank(companyId) || blank(ladderId)) throw missing(NOT_ENOUGH_INFO);
  return `${companyPath(companyId)}/ladders/${encodeURIComponent(ladderId!)}/seasons`;
}
