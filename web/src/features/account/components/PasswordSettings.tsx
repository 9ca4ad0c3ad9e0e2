import { useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../../components/forms/FormAlert';
import { PasswordField } from '../../../components/forms/PasswordField';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { applyServerError } from '../../../components/forms/server-errors';
import { useTranslation } from '../../../hooks/useTranslation';
import type { TFunction } from '../../../lib/i18n';
import { changePassword } from '../api/account';
import { newPasswordField, useAccountForm, NewPasswordField } from './account-fields';
import { showWrongPassword } from './wrong-password';
import type { UseFormSetError } from 'react-hook-form';
import { SettingsSection } from './SettingsSection';

const passwordSchema = (t: TFunction) =>
  z.object({ currentPassword: z.string().min(1, t('form.required')), newPassword: newPasswordField(t) });

/** The password, changed with the current one (a wrong one is a 403); the other sessions end. */
export function PasswordSettings() {
  const { t } = useTranslation();
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useAccountForm(passwordSchema, { currentPassword: '', newPassword: '' });

  const onSubmit = handleSubmit(async (values) => {
    setChanged(false);
    try {
      await changePassword(values);
      reset();
      setChanged(true);
    } catch (error) {
      if (showWrongPassword(error, setError as UseFormSetError<{ currentPassword: string }>, t)) return;
      applyServerError(error, setError, t, {
        fields: { currentPassword: 'currentPassword', newPassword: 'newPassword' },
        byStatus: { 429: t('settings.tooMany') },
      });
    }
  });

  return (
    <SettingsSection title={t('settings.password')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {changed && <FormAlert kind="success">{t('settings.passwordChanged')}</FormAlert>}
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <PasswordField
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordField
          label={t('settings.newPassword')}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('settings.saving')}>
          {t('settings.changePassword')}
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}
