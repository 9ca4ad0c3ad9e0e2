import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Spinner } from '../../../components/feedback/Spinner';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SelectField } from '../../../components/forms/SelectField';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { SwitchField } from '../../../components/forms/SwitchField';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { notificationKinds, type NotificationKind } from '@courtside/events/notifications/notify';
import { getPreferences, savePreferences, type Preferences } from '../api/notifications';

/** /account/{locale}/preferences: the language of mails and which mails to get (DESIGN.md §6). */
export function PreferencesPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  useDocumentTitle(t('notifications.preferences.title'));
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPreferences(controller.signal)
      .then(setPreferences)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);

  const setKind = (kind: NotificationKind, on: boolean) =>
    setPreferences((current) => (current ? { ...current, mail: { ...current.mail, [kind]: on } } : current));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!preferences) return;
    setSaving(true);
    setSaveError(null);
    try {
      setPreferences(await savePreferences(preferences));
      alerts.info(t('notifications.preferences.saved'));
    } catch {
      setSaveError(t('form.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('notifications.preferences.title')}
        description={t('notifications.preferences.intro')}
      />
      <section className="max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-200/80 sm:p-6">
        {failed && <FormAlert>{t('notifications.preferences.failed')}</FormAlert>}
        {!preferences && !failed && (
          <div className="flex justify-center py-10" role="status">
            <Spinner />
            <span className="sr-only">{t('loading.label')}</span>
          </div>
        )}
        {preferences && (
          <form onSubmit={submit} className="space-y-6">
            {saveError && <FormAlert>{saveError}</FormAlert>}
            <SelectField
              label={t('notifications.preferences.language')}
              value={preferences.language}
              onChange={(event) =>
                setPreferences({ ...preferences, language: event.target.value === 'nl' ? 'nl' : 'en' })
              }
            >
              <option value="en">{t('language.en')}</option>
              <option value="nl">{t('language.nl')}</option>
            </SelectField>
            <fieldset>
              <legend className="text-sm font-semibold text-ink-900">
                {t('notifications.preferences.mails')}
              </legend>
              <p className="mt-1 text-sm text-ink-600">{t('notifications.preferences.mailsHint')}</p>
              <div className="mt-4 space-y-4">
                {notificationKinds.map((kind) => (
                  <SwitchField
                    key={kind}
                    label={t(`notifications.kinds.${kind}`)}
                    checked={preferences.mail[kind] !== false}
                    onChange={(on) => setKind(kind, on)}
                  />
                ))}
              </div>
            </fieldset>
            <SubmitButton busy={saving} busyLabel={t('notifications.preferences.saving')}>
              {t('notifications.preferences.save')}
            </SubmitButton>
          </form>
        )}
      </section>
    </>
  );
}
