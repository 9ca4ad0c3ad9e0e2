import { useAtomValue } from 'jotai';
import { alertsAtom, createAlertService, type Alert, type AlertService } from '../stores/alerts';
import { appStore } from '../stores/store';

/** The app-wide alert service (usable outside React too, e.g. from an http interceptor). */
export const alerts: AlertService = createAlertService(appStore);

interface UseAlerts extends AlertService {
  /** The alerts showing now, oldest first. */
  list: readonly Alert[];
  info(message: string): number;
  warning(message: string): number;
  error(message: string): number;
}

/** Show and dismiss alerts (info, warning, error; each lasts 8 seconds). */
export function useAlerts(): UseAlerts {
  const list = useAtomValue(alertsAtom);
  return {
    ...alerts,
    list,
    info: (message) => alerts.show('info', message),
    warning: (message) => alerts.show('warning', message),
    error: (message) => alerts.show('error', message),
  };
}
