import { createAlertService, type AlertService } from '../stores/alerts';
import { appStore } from '../stores/store';

/** The app-wide alert service (usable outside React too, e.g. from an http interceptor). */
export const alerts: AlertService = createAlertService(appStore);

interface UseAlerts extends AlertService {
  info(message: string): number;
  warning(message: string): number;
  error(message: string): number;
}

/**
 * One object for the app's lifetime: a component that shows alerts neither renders again when an alert comes or
 * goes (the alert stack reads them itself) nor gets a new `alerts` that would run its effects again.
 */
const alertActions: UseAlerts = {
  ...alerts,
  info: (message) => alerts.show('info', message),
  warning: (message) => alerts.show('warning', message),
  error: (message) => alerts.show('error', message),
};

/** Show and dismiss alerts (info, warning, error; each lasts 8 seconds). */
export function useAlerts(): UseAlerts {
  return alertActions;
}
