import { useState } from 'react';
import { SwitchField } from '../../../components/forms/SwitchField';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useTranslation } from '../../../hooks/useTranslation';
import type { usePhonePush } from '../hooks/usePhonePush';

/**
 * "On this phone" (DESIGN.md §17): the browser's permission is asked for on this tap only; a browser that cannot
 * show notifications, or that has them blocked, says so instead.
 */
export function PhonePushSwitch({ phone }: { phone: ReturnType<typeof usePhonePush> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const hint =
    phone.state === 'unsupported'
      ? t('notifications.preferences.phoneUnsupported')
      : phone.state === 'denied'
        ? t('notifications.preferences.phoneDenied')
        : phone.state === 'on'
          ? t('notifications.preferences.phoneOn')
          : t('notifications.preferences.phoneHint');

  const change = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      await (on ? phone.turnOn() : phone.turnOff());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 rounded-xl bg-ink-50 p-4">
      <SwitchField
        label={t('notifications.preferences.phone')}
        hint={hint}
        checked={phone.state === 'on'}
        disabled={
          busy || phone.state === 'checking' || phone.state === 'unsupported' || phone.state === 'denied'
        }
        onChange={(on) => void change(on)}
      />
      {failed && <FormAlert>{t('notifications.preferences.phoneFailed')}</FormAlert>}
    </div>
  );
}
