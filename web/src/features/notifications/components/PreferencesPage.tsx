import { useEffect, useState, type FormEvent } from 'react';
import { Switch } from '@headlessui/react';
import { useTranslation } from '../../../hooks/useTranslation';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Spinner } from '../../../components/feedback/Spinner';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SelectField } from '../../../components/forms/SelectField';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { notificationKinds, type NotificationKind } from '@courtside/events/notifications/notify';
import { getPreferences, savePreferences, type Preferences } from '../api/preferences';
import { usePhonePush } from '../hooks/usePhonePush';
import { PhonePushSwitch } from './PhonePushSwitch';

type Channel = 'mail' | 'push';

/**
 * /account/{locale}/preferences: the language of mails, which kinds are mailed and which reach the phones (DESIGN.md
 * §6, §17), and "On this phone".
 */
export function PreferencesPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  useDocumentTitle(t('notifications.preferences.title'));
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const phone = usePhonePush();

  useEffect(() => {
    const controller = new AbortController();
    getPreferences(controller.signal)
      .then(setPreferences)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);

  const setKind = (channel: Channel, kind: NotificationKind, on: boolean) =>
    setPreferences((current) =>
      current ? { ...current, [channel]: { ...current[channel], [kind]: on } } : current,
    );
  const columns: Array<[Channel, string]> = [
    ['mail', t('notifications.preferences.mailColumn')],
    ['push', t('notifications.preferences.pushColumn')],
  ];

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
            <PhonePushSwitch phone={phone} />
            <fieldset>
              <legend className="text-sm font-semibold text-ink-900">
                {t('notifications.preferences.mails')}
              </legend>
              <p className="mt-1 text-sm text-ink-600">{t('notifications.preferences.mailsHint')}</p>
              <table className="mt-4 w-full text-sm">
                <thead>
                  <tr className="text-ink-600">
                    <th scope="col" className="pb-2 text-left font-medium">
                      {t('notifications.preferences.kindColumn')}
                    </th>
                    {columns.map(([channel, name]) => (
                      <th key={channel} scope="col" className="w-16 pb-2 text-center font-medium">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {notificationKinds.map((kind) => (
                    <tr key={kind}>
                      <th scope="row" className="py-2 pr-2 text-left font-normal text-ink-800">
                        {t(`notifications.kinds.${kind}`)}
                      </th>
                      {columns.map(([channel, name]) => (
                        <td key={channel} className="py-2 text-center">
                          <Switch
                            aria-label={`${name}: ${t(`notifications.kinds.${kind}`)}`}
                            checked={preferences[channel][kind] === true}
                            onChange={(on) => setKind(channel, kind, on)}
                            className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-ink-300 transition-colors duration-200 ease-in-out data-checked:bg-brand-600"
                          >
                            <span
                              aria-hidden="true"
                              className="pointer-events-none m-0.5 inline-block size-5 rounded-full bg-white shadow ring-0 transition duration-200 ease-in-out group-data-checked:translate-x-5"
                            />
                          </Switch>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="mt-2 text-sm text-ink-600">{t('notifications.preferences.pushHint')}</p>
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
