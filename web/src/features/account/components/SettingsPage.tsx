import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Spinner } from '../../../components/feedback/Spinner';
import { linkClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { useTranslation } from '../../../hooks/useTranslation';
import { i18n } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import { formatPhone } from '../../../lib/phone';
import { addSettingsTexts } from '../../../locales/settings-texts';
import { ACCOUNT_EXPORT_PATH } from '../api/account';
import { EmailSettings } from './EmailSettings';
import { LanguageSettings } from './LanguageSettings';
import { PasswordSettings } from './PasswordSettings';
import { SettingsSection } from './SettingsSection';

addSettingsTexts(i18n);

/** Its dialog loads only with the section (the page's first script stays within its budget). */
const DeleteAccountSettings = lazy(() => import('./DeleteAccountSettings'));

/** /account/{locale}/settings (DESIGN.md §10): name, phone, email, password, language and the caller's data. */
export function SettingsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { account } = useSignedInAccount({ reload: true });
  useDocumentTitle(t('settings.title'));
  const here = pagePath('account', locale, 'settings');

  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.intro')} />
      {account ? (
        <div className="grid max-w-2xl gap-6">
          <SettingsSection title={t('settings.profile')}>
            <dl className="space-y-2 text-sm">
              <div>
                <dt className="font-medium text-ink-600">{t('account.fullName')}</dt>
                <dd className="break-words text-ink-900">{account.fullName || t('settings.notSet')}</dd>
              </div>
              <div>
                <dt className="font-medium text-ink-600">{t('account.phone')}</dt>
                <dd className="text-ink-900">
                  {account.phoneNumber ? formatPhone(account.phoneNumber) : t('settings.notSet')}
                </dd>
              </div>
            </dl>
            <Link
              to={`${pagePath('account', locale, 'onboarding')}?from=${encodeURIComponent(here)}`}
              className={`mt-4 inline-block text-sm ${linkClass}`}
            >
              {t('settings.edit')}
            </Link>
          </SettingsSection>
          <EmailSettings email={account.email} />
          <PasswordSettings />
          <LanguageSettings />
          <SettingsSection title={t('settings.data')}>
            <p className="text-sm text-ink-700">{t('settings.dataText')}</p>
            {/* A plain download: the browser sends the session cookie and saves the attachment. */}
            <a href={ACCOUNT_EXPORT_PATH} download className={`mt-4 ${secondaryButtonClass}`}>
              {t('settings.download')}
            </a>
          </SettingsSection>
          <Suspense fallback={null}>
            <DeleteAccountSettings />
          </Suspense>
        </div>
      ) : (
        <div className="flex justify-center py-10" role="status">
          <Spinner />
          <span className="sr-only">{t('loading.label')}</span>
        </div>
      )}
    </>
  );
}
