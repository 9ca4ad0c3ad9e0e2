import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { refusalText, type TFunction } from '../../lib/i18n';
import { isApiError } from '../../lib/http';
import { matchIssues } from '../../lib/form-errors';

/**
 * Puts a failed call's problems on a react-hook-form form: `400` issues on their fields (by issue
 * path → field name), everything else in `root.server` (shown as the form's alert). A status in
 * `byStatus` gets that (translated) text instead of the server's English one.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: TFunction,
  options: { fields?: Readonly<Record<string, Path<T>>>; byStatus?: Readonly<Record<number, string>> } = {},
): void {
  const root = (message: string) => setError('root.server', { type: 'server', message });
  if (!isApiError(error)) {
    root(t('form.failed'));
    return;
  }
  const known = options.byStatus?.[error.status];
  if (known) {
    root(known);
    return;
  }
  if (error.kind === 'network') {
    root(t('form.network'));
    return;
  }
  if (error.status === 400 && error.issues.length > 0) {
    const { fields, rest } = matchIssues(error.issues, options.fields ?? {});
    fields.forEach(({ name, message }, i) =>
      setError(name, { type: 'server', message }, { shouldFocus: i === 0 }),
    );
    if (rest.length > 0) root(rest.join(' '));
    else if (fields.length === 0) root(refusalText(error.error));
    return;
  }
  root(error.error ? refusalText(error.error) : t('form.failed'));
}
