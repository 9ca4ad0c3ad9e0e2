import { Link } from 'react-router-dom';
import { useTranslation } from '../../hooks/useTranslation';
import { pagePath } from '../../lib/locale';
import { useLocale } from '../../hooks/useLocale';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** Any address that names no page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-10 text-center sm:py-16">
      <p className="text-sm font-semibold tracking-widest text-brand-700">{t('notFound.code')}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-ink-900 sm:text-4xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-base leading-7 text-ink-600">{t('notFound.text')}</p>
      <Link
        to={pagePath('ladders', locale)}
        className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M17 10a.75.75 0 0 1-.75.75H5.612l4.158 3.96a.75.75 0 1 1-1.04 1.08l-5.5-5.25a.75.75 0 0 1 0-1.08l5.5-5.25a.75.75 0 1 1 1.04 1.08L5.612 9.25H16.25A.75.75 0 0 1 17 10Z"
            clipRule="evenodd"
          />
        </svg>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
