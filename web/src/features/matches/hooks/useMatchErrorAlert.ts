import { useCallback } from 'react';
import { useAlerts } from '../../../hooks/useAlerts';
import { useTranslation } from '../../../hooks/useTranslation';
import { isApiError } from '../../../lib/http';
import { showMatchFailure } from '../refusal-alert';

/**
 * A match card's failure as an error alert: the network's own text, a refusal of the match rules in the page's
 * language, another API error with its first issue (a score the api refused says which set), or "That did not work".
 */
export function useMatchErrorAlert(): (error: unknown) => void {
  const { t } = useTranslation();
  const alerts = useAlerts();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) {
        alerts.error(t('matchCard.failed'));
        return;
      }
      const issue = error.issues[0]?.message;
      const asSent =
        error.kind === 'network'
          ? t('matchCard.networkError')
          : issue && issue !== error.error
            ? `${error.error}: ${issue}`
            : error.error;
      showMatchFailure(error, asSent, (text) => alerts.error(text));
    },
    [alerts, t],
  );
}
