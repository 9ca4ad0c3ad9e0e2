import { useCallback } from 'react';
import { useAlerts } from '../../../hooks/useAlerts';
import { useTranslation } from '../../../hooks/useTranslation';
import { isApiError } from '../../../lib/http';

/**
 * A match card's failure as an error alert: the network's own text, or the API's error with its first issue (a
 * score the api refused says which set), or "That did not work".
 */
export function useMatchErrorAlert(): (error: unknown) => void {
  const { t } = useTranslation();
  const alerts = useAlerts();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error)) {
        const issue = error.issues[0]?.message;
        alerts.error(
          error.kind === 'network'
            ? t('matchCard.networkError')
            : issue
              ? `${error.error}: ${issue}`
              : error.error,
        );
      } else {
        alerts.error(t('matchCard.failed'));
      }
    },
    [alerts, t],
  );
}
