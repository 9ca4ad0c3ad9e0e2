import { useTranslation } from '../../hooks/useTranslation';
import { useDelayedVisibility } from '../../hooks/useDelayedVisibility';
import { Spinner } from './Spinner';

interface LoadingOverlayProps {
  /** Work is going on (API calls in flight, a route loading). */
  busy: boolean;
}

/** A full-screen veil with a spinner, shown only when the work has lasted 300 ms or more. */
export function LoadingOverlay({ busy }: LoadingOverlayProps) {
  const { t } = useTranslation();
  const visible = useDelayedVisibility(busy);
  if (!visible) return null;
  return (
    <div
      className="fixed inset-0 z-40 flex cursor-wait items-center justify-center bg-white/60 backdrop-blur-[1px] motion-safe:animate-fade-in"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-5 shadow-lg ring-1 ring-black/5">
        <Spinner className="size-9" />
        <span className="text-sm font-medium text-ink-600">{t('loading.label')}</span>
      </div>
    </div>
  );
}
