import { Link, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from '../../../hooks/useTranslation';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Spinner } from '../../../components/feedback/Spinner';
import { secondaryButtonClass } from '../../../components/forms/styles';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { logout } from '../../../lib/account-api';
import { useAction } from '../../../hooks/useAction';
import { SubscribeLink } from '../../../components/calendar/SubscribeLink';
import { renewCalendar } from '../api/account';
import { pagePath } from '../../../lib/locale';
import { formatPhone } from '../../../lib/phone';
import { accountAtom } from '../../../stores/session';

function Detail({
  label,
  value,
  placeholder,
}: {
  label: string;
  value?: string | null;
  placeholder: string;
}) {
  return (
    <div className="px-5 py-4 sm:grid sm:grid-cols-3 sm:gap-4 sm:px-6">
      <dt className="text-sm font-medium text-ink-600">{label}</dt>
      <dd className="mt-1 text-sm break-words text-ink-900 sm:col-span-2 sm:mt-0">
        {value || <span className="text-ink-400 italic">{placeholder}</span>}
      </dd>
    </div>
  );
}

/** /account/{locale}/: the signed-in account's details, sign out, and the way to the companies. */
export function AccountPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const setAccount = useSetAtom(accountAtom);
  const { account } = useSignedInAccount({ reload: true });
  useDocumentTitle(t('account.title'));

  const renewal = useAction();
  const renewing = renewal.busy === true;

  /** A new feed address, for when the old one got into the wrong hands. */
  const renew = () =>
    renewal.run(
      true,
      async () => {
        const { calendarUrl } = await renewCalendar();
        setAccount((known) => (known ? { ...known, calendarUrl } : known));
      },
      t('calendar.renewed'),
    );

  const signOut = async () => {
    await logout();
    setAccount(null);
    alerts.info(t('nav.signedOut'));
    await navigate(pagePath('account', locale, 'login'), { replace: true });
  };

  return (
    <>
      <PageHeader
        title={t('account.title')}
        description={t('account.intro')}
        actions={
          <button type="button" onClick={signOut} className={secondaryButtonClass}>
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M3 4.25A2.25 2.25 0 0 1 5.25 2h5.5A2.25 2.25 0 0 1 13 4.25v2a.75.75 0 0 1-1.5 0v-2a.75.75 0 0 0-.75-.75h-5.5a.75.75 0 0 0-.75.75v11.5c0 .414.336.75.75.75h5.5a.75.75 0 0 0 .75-.75v-2a.75.75 0 0 1 1.5 0v2A2.25 2.25 0 0 1 10.75 18h-5.5A2.25 2.25 0 0 1 3 15.75V4.25Z"
                clipRule="evenodd"
              />
              <path
                fillRule="evenodd"
                d="M19 10a.75.75 0 0 0-.75-.75H8.704l1.048-.943a.75.75 0 1 0-1.004-1.114l-2.5 2.25a.75.75 0 0 0 0 1.114l2.5 2.25a.75.75 0 1 0 1.004-1.114l-1.048-.943h9.546A.75.75 0 0 0 19 10Z"
                clipRule="evenodd"
              />
            </svg>
            {t('account.signOut')}
          </button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="account-details"
          className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-200/80"
        >
          <div className="flex items-center justify-between gap-3 border-b border-ink-100 px-5 py-4 sm:px-6">
            <h2 id="account-details" className="text-base font-semibold text-ink-900">
              {t('account.details')}
            </h2>
            <Link
              to={`${pagePath('account', locale, 'onboarding')}?from=${encodeURIComponent(pagePath('account', locale))}`}
              className="text-sm font-semibold text-brand-700 hover:text-brand-800"
            >
              {t('account.edit')}
            </Link>
          </div>
          {account ? (
            // A definition list holds terms and their values only: the calendar's buttons follow it.
            <div className="divide-y divide-ink-100">
              <dl className="divide-y divide-ink-100">
                <Detail label={t('account.email')} value={account.email} placeholder={t('account.notSet')} />
                <Detail
                  label={t('account.fullName')}
                  value={account.fullName}
                  placeholder={t('account.notSet')}
                />
                <Detail
                  label={t('account.phone')}
                  value={account.phoneNumber ? formatPhone(account.phoneNumber) : null}
                  placeholder={t('account.notSet')}
                />
              </dl>
              {account.calendarUrl && (
                <div className="flex flex-wrap items-center gap-2 px-5 py-4 sm:px-6">
                  <SubscribeLink feedUrl={account.calendarUrl} />
                  <button type="button" onClick={renew} disabled={renewing} className={secondaryButtonClass}>
                    {t('calendar.renew')}
                  </button>
                </div>
              )}
            </div>
          ) : (
            <div className="flex justify-center py-10" role="status">
              <Spinner />
              <span className="sr-only">{t('loading.label')}</span>
            </div>
          )}
        </section>
        <aside className="rounded-2xl bg-brand-800 px-5 py-6 text-white shadow-sm sm:px-6">
          <h2 className="text-base font-semibold">{t('account.companiesTitle')}</h2>
          <p className="mt-2 text-sm leading-6 text-brand-100">{t('account.companiesText')}</p>
          <Link
            to={pagePath('company', locale)}
            className="mt-5 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('account.companiesLink')}
          </Link>
        </aside>
      </div>
    </>
  );
}
