import { useTranslation } from '../../hooks/useTranslation';
import { useDelayedVisibility } from '../../hooks/useDelayedVisibility';
import { Spinner } from '../../components/feedback/Spinner';

/** Shown in place of a page while its code loads on the first visit (after the 300 ms delay). */
export function PageFallback() {
  const { t } = useTranslation();
  const visible = useDelayedVisibility(true);
  if (!visible) return null;
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status">
      <Spinner />
      <span className="sr-only">{t('loading.label')}</span>
    </div>
  );
}
