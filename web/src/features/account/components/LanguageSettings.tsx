import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SelectField } from '../../../components/forms/SelectField';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLocale } from '../../../hooks/useLocale';
import { useTranslation } from '../../../hooks/useTranslation';
import { LOCALES, pagePath, toLocale } from '../../../lib/locale';
import { saveLanguage } from '../api/account';
import { SettingsSection } from './SettingsSection';

/** The language of the pages and of the account's mail: saved, then the page shows in it. */
export function LanguageSettings() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [language, setLanguage] = useState(locale);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await saveLanguage(language);
      await navigate(pagePath('account', language, 'settings'), { replace: true });
      alerts.info(t('settings.languageSaved', { lng: language }));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection title={t('settings.language')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failed && <FormAlert>{t('form.failed')}</FormAlert>}
        <SelectField
          label={t('settings.language')}
          srOnlyLabel
          hint={t('settings.languageHint')}
          value={language}
          onChange={(event) => setLanguage(toLocale(event.target.value))}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {t(`language.${code}`)}
            </option>
          ))}
        </SelectField>
        <SubmitButton busy={busy} busyLabel={t('settings.saving')}>
          {t('settings.saveLanguage')}
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}
