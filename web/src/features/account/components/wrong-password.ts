import type { UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/http';
import type { TFunction } from '../../../lib/i18n';

// Apart from account-fields.ts: its text comes with the settings page, which the sign-in pages do not load.
/** A 403 of a form with `currentPassword` (DESIGN.md §15): shown on that field. True when it was one. */
export function showWrongPassword(
  error: unknown,
  setError: UseFormSetError<{ currentPassword: string }>,
  t: TFunction,
): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  setError(
    'currentPassword',
    { type: 'server', message: t('settings.wrongPassword') },
    { shouldFocus: true },
  );
  return true;
}
