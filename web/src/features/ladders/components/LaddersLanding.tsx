import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';

/** The public landing: the ladders open for registration will be listed here. */
export function LaddersLanding() {
  const { t } = useTranslation();
  useDocumentTitle(t('ladders.title'));
  return (
    <>
      <PageHeader title={t('ladders.title')} description={t('ladders.intro')} />
      <section className="rounded-2xl border border-dashed border-ink-300 bg-white/60 px-6 py-12 text-center sm:py-16">
        <svg viewBox="0 0 48 48" className="mx-auto size-12 text-brand-600" fill="none" aria-hidden="true">
          <rect
            x="8"
            y="6"
            width="32"
            height="36"
            rx="3"
            className="fill-brand-50"
            stroke="currentColor"
            strokeWidth="2"
          />
          <path d="M16 16h16M16 24h16M16 32h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="36" cy="36" r="6" className="fill-lime-300" stroke="currentColor" strokeWidth="2" />
        </svg>
        <h2 className="mt-4 text-base font-semibold text-ink-900">{t('ladders.emptyTitle')}</h2>
        <p className="mx-auto mt-1 max-w-sm text-sm leading-6 text-ink-600">{t('ladders.emptyText')}</p>
      </section>
    </>
  );
}
