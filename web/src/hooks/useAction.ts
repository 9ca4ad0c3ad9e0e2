import { useCallback, useState } from 'react';
import { errorText } from '../lib/http';
import { useAlerts } from './useAlerts';
import { useTranslation } from './useTranslation';

/** The text of a failed call in the page's language: the API's `error`, else "That did not work. Please try again." */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => errorText(error, t('form.failed')), [t]);
}

/**
 * A user action that calls the API, one at a time per key: `busy` is the key of the action running (a row's id,
 * or `true`); `run` shows `done` as an info alert when it worked and the failure's text as an error alert when it
 * did not, and answers whether it worked (what follows either way goes after the `await`).
 */
export function useAction<K = true>(): {
  busy: K | undefined;
  run: (key: K, action: () => Promise<unknown>, done?: string) => Promise<boolean>;
} {
  const alerts = useAlerts();
  const failureText = useErrorText();
  const [busy, setBusy] = useState<K>();
  const run = async (key: K, action: () => Promise<unknown>, done?: string) => {
    setBusy(() => key);
    try {
      await action();
      if (done !== undefined) alerts.info(done);
      return true;
    } catch (error) {
      alerts.error(failureText(error));
      return false;
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, run };
}
