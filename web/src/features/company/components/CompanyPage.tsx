import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Spinner } from '../../../components/feedback/Spinner';
import { FormAlert } from '../../../components/forms/FormAlert';
import { primaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { getCompanies, type Company } from '../../../lib/account-api';
import { useErrorText } from '../../../hooks/useAction';
import { pagePath } from '../../../lib/locale';
import { i18n } from '../../../lib/i18n';
import { addCompanyTexts } from '../../../locales/company-texts';

addCompanyTexts(i18n);

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
      <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
    </svg>
  );
}

/** /company/{locale}/: the manager's companies, each linking to its manager area; create another. */
export function CompanyPage() {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const locale = useLocale();
  const [companies, setCompanies] = useState<Company[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('company.title'));

  useEffect(() => {
    const controller = new AbortController();
    getCompanies(controller.signal)
      .then(setCompanies)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(failureText(error));
      });
    return () => controller.abort();
  }, [failureText]);

  const createLink = (
    <Link to={pagePath('company', locale, 'onboarding')} className={primaryButtonClass}>
      <PlusIcon />
      {t('company.create')}
    </Link>
  );

  return (
    <>
      <PageHeader
        title={t('company.title')}
        description={t('company.intro')}
        actions={companies && companies.length > 0 ? createLink : undefined}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      {!companies && !failure && (
        <div className="flex justify-center py-12" role="status">
          <Spinner />
          <span className="sr-only">{t('loading.label')}</span>
        </div>
      )}
      {companies && companies.length === 0 && (
        <section className="rounded-2xl border border-dashed border-ink-300 bg-white/60 px-6 py-12 text-center sm:py-16">
          <svg viewBox="0 0 48 48" className="mx-auto size-12 text-brand-600" fill="none" aria-hidden="true">
            <path
              d="M8 40V14l16-8 16 8v26"
              className="fill-brand-50"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <path d="M18 40V28h12v12M4 40h40" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="24" cy="18" r="3.5" className="fill-lime-300" stroke="currentColor" strokeWidth="2" />
          </svg>
          <h2 className="mt-4 text-base font-semibold text-ink-900">{t('company.emptyTitle')}</h2>
          <p className="mx-auto mt-1 mb-6 max-w-sm text-sm leading-6 text-ink-600">
            {t('company.emptyText')}
          </p>
          {createLink}
        </section>
      )}
      {companies && companies.length > 0 && (
        <ul className="divide-y divide-ink-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-200/80">
          {companies.map((company) => (
            <li key={company.id}>
              <Link
                to={pagePath('manager', locale, company.id, 'ladders')}
                className="group flex items-center gap-4 px-5 py-4 hover:bg-ink-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6"
              >
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-base font-semibold text-brand-800"
                  aria-hidden="true"
                >
                  {company.name.trim().charAt(0).toUpperCase() || '?'}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-base font-semibold text-ink-900">{company.name}</span>
                  <span className="block text-sm text-brand-700 group-hover:text-brand-800">
                    {t('company.open')}
                  </span>
                </span>
                <svg
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  className="size-5 text-ink-400"
                  aria-hidden="true"
                >
                  <path
                    fillRule="evenodd"
                    d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
                    clipRule="evenodd"
                  />
                </svg>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
