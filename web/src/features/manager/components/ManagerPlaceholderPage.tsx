import { Link, useLoaderData, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GuardFacts } from '../../../lib/guards';
import { pagePath } from '../../../lib/locale';
import { linkClass, primaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';

/**
 * /manager/{locale}/{companyId}/ladders[/{ladderName}]: a placeholder until the manager ladder
 * screen arrives. The route's guard loader (login, minimal account, strict manager check) answers
 * the manager's companies.
 */
export function ManagerPlaceholderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { companyId, ladderName } = useParams();
  const facts = useLoaderData() as GuardFacts | undefined;
  const company = facts?.companies?.find((c) => c.id === companyId);
  useDocumentTitle(company ? `${t('manager.title')} · ${company.name}` : t('manager.title'));

  if (!company) {
    return (
      <section className="mx-auto max-w-lg py-10 text-center sm:py-16" role="alert">
        <h1 className="text-2xl font-semibold tracking-tight text-ink-900">{t('manager.noCompany')}</h1>
        <p className="mt-3 text-base text-ink-600">{t('manager.noCompanyText')}</p>
        <Link to={pagePath('company', locale)} className={`${primaryButtonClass} mt-6`}>
          {t('manager.companies')}
        </Link>
      </section>
    );
  }

  return (
    <>
      <div className="mb-6 sm:mb-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('manager.title')}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-ink-900 sm:text-3xl">
          {company.name}
        </h1>
      </div>
      <section className="rounded-2xl border border-dashed border-ink-300 bg-white/60 px-6 py-12 text-center sm:py-16">
        <svg viewBox="0 0 48 48" className="mx-auto size-12 text-brand-600" fill="none" aria-hidden="true">
          <path d="M14 6v36M34 6v36" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <path d="M14 14h20M14 24h20M14 34h20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="38" cy="10" r="5" className="fill-lime-300" stroke="currentColor" strokeWidth="2" />
        </svg>
        {ladderName && (
          <h2 className="mt-4 text-base font-semibold text-ink-900">
            {t('manager.ladder', { name: ladderName })}
          </h2>
        )}
        <p className="mx-auto mt-3 max-w-md text-sm leading-6 text-ink-600">
          {t('manager.comingNext', { company: company.name })}
        </p>
        {facts?.companies && facts.companies.length > 1 && (
          <p className="mt-6 text-sm">
            <Link to={pagePath('company', locale)} className={linkClass}>
              {t('manager.companies')}
            </Link>
          </p>
        )}
      </section>
    </>
  );
}

export { ManagerPlaceholderPage as Component };
