import { atom } from 'jotai';
import type { AppStore } from './store';
import { globalTimers, type Timers } from '../lib/timers';

export type AlertKind = 'info' | 'warning' | 'error';

export interface Alert {
  id: number;
  kind: AlertKind;
  message: string;
}

/** Alerts last 8 seconds (spec §9). */
const ALERT_LIFETIME_MS = 8000;
/** More than this many at once is noise; the oldest go first. */
const MAX_ALERTS = 5;

/** The visible alerts, oldest first (rendered top-down under each other). */
export const alertsAtom = atom<readonly Alert[]>([]);

/** Adds an alert; an identical alert already showing is moved to the end instead of repeated. */
export function addAlert(alerts: readonly Alert[], alert: Alert, max: number = MAX_ALERTS): readonly Alert[] {
  const others = alerts.filter((a) => !(a.kind === alert.kind && a.message === alert.message));
  const next = [...others, alert];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function removeAlert(alerts: readonly Alert[], id: number): readonly Alert[] {
  return alerts.some((a) => a.id === id) ? alerts.filter((a) => a.id !== id) : alerts;
}

export interface AlertService {
  /** Shows an alert for 8 seconds; returns its id. */
  show(kind: AlertKind, message: string): number;
  dismiss(id: number): void;
  clear(): void;
}

/** Alert operations on a store, with the auto-dismiss timers. */
export function createAlertService(
  store: AppStore,
  timers: Timers = globalTimers,
  lifetimeMs: number = ALERT_LIFETIME_MS,
): AlertService {
  let nextId = 1;
  const timeouts = new Map<number, unknown>();

  const forget = (id: number) => {
    const handle = timeouts.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    timeouts.delete(id);
  };

  const dismiss = (id: number) => {
    forget(id);
    store.set(alertsAtom, (alerts) => removeAlert(alerts, id));
  };

  return {
    show(kind, message) {
      const id = nextId++;
      const before = store.get(alertsAtom);
      const after = addAlert(before, { id, kind, message });
      // Alerts replaced (duplicate) or pushed out (over the maximum) lose their timers.
      for (const old of before) if (!after.includes(old)) forget(old.id);
      store.set(alertsAtom, after);
      timeouts.set(
        id,
        timers.setTimeout(() => dismiss(id), lifetimeMs),
      );
      return id;
    },
    dismiss,
    clear() {
      for (const id of [...timeouts.keys()]) forget(id);
      store.set(alertsAtom, []);
    },
  };
}
