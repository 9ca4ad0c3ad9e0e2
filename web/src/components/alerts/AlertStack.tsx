import { useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../hooks/useTranslation';
import { alertsAtom, type Alert, type AlertKind } from '../../stores/alerts';
import { alerts } from '../../hooks/useAlerts';

/** The leave transition's length (duration-200). */
const LEAVE_MS = 200;

const styles: Record<AlertKind, { box: string; icon: string }> = {
  info: { box: 'border-brand-200 bg-white', icon: 'text-brand-600' },
  warning: { box: 'border-amber-300 bg-amber-50', icon: 'text-amber-600' },
  error: { box: 'border-red-300 bg-red-50', icon: 'text-red-600' },
};

const icons: Record<AlertKind, ReactNode> = {
  info: (
    <path
      fillRule="evenodd"
      d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-11.25a.75.75 0 1 1-1.5 0 .75.75 0 0 1 1.5 0ZM9.25 9a.75.75 0 0 0 0 1.5h.25v3a.75.75 0 0 0 1.5 0V9.75A.75.75 0 0 0 10.25 9h-1Z"
      clipRule="evenodd"
    />
  ),
  warning: (
    <path
      fillRule="evenodd"
      d="M8.49 2.9c.66-1.2 2.36-1.2 3.02 0l6.28 11.4c.64 1.16-.2 2.6-1.51 2.6H3.72c-1.31 0-2.15-1.44-1.51-2.6L8.49 2.9ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
      clipRule="evenodd"
    />
  ),
  error: (
    <path
      fillRule="evenodd"
      d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z"
      clipRule="evenodd"
    />
  ),
};

function AlertItem({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState(false);
  const style = styles[alert.kind];
  // Plain CSS transitions (in with @starting-style, out before the dismissal): Headless UI's Transition would
  // put its code into every page's first load.
  const close = () => {
    setClosing(true);
    window.setTimeout(() => alerts.dismiss(alert.id), LEAVE_MS);
  };
  return (
    // The list item holds the live role (an `li` may not be a status itself: it must stay a list item).
    <li
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border px-4 py-3 shadow-md shadow-black/5 transition duration-200 ease-out motion-reduce:transition-none starting:-translate-y-2 starting:opacity-0 ${closing ? '-translate-y-2 opacity-0' : ''} ${style.box}`}
      data-kind={alert.kind}
    >
      <div
        className="flex min-w-0 flex-1 items-start gap-3"
        role={alert.kind === 'info' ? 'status' : 'alert'}
        aria-live={alert.kind === 'info' ? 'polite' : 'assertive'}
      >
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          className={`mt-0.5 size-5 shrink-0 ${style.icon}`}
          aria-hidden="true"
        >
          {icons[alert.kind]}
        </svg>
        <p className="min-w-0 flex-1 text-sm leading-6 text-ink-800">
          <span className="sr-only">{t(`alerts.${alert.kind}`)}: </span>
          {alert.message}
        </p>
      </div>
      <button
        type="button"
        onClick={close}
        className="-m-1.5 shrink-0 rounded-lg p-1.5 text-ink-500 hover:bg-black/5 hover:text-ink-800"
        aria-label={t('alerts.dismiss')}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </li>
  );
}

/**
 * The alerts, stacked top centre just below the top bar (which stays usable: the language switch, the bell and the
 * live indicator are not covered); each goes after 8 seconds or when dismissed.
 */
export function AlertStack() {
  const { t } = useTranslation();
  const list = useAtomValue(alertsAtom);
  return (
    <section
      aria-label={t('alerts.region')}
      className="pointer-events-none fixed inset-x-0 top-12 z-50 flex justify-center px-3 pt-2 sm:top-16 sm:pt-3"
    >
      <ol className="flex w-full max-w-md flex-col gap-2">
        {list.map((alert) => (
          <AlertItem key={alert.id} alert={alert} />
        ))}
      </ol>
    </section>
  );
}
