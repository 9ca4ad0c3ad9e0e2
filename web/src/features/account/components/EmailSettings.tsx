import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { z } from 'zod';
import { FormAlert } from '../../../components/forms/FormAlert';
import { PasswordField } from '../../../components/forms/PasswordField';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { TextField } from '../../../components/forms/TextField';
import { applyServerError } from '../../../components/forms/server-errors';
import { useTranslation } from '../../../hooks/useTranslation';
import { isApiError } from '../../../lib/http';
import type { TFunction } from '../../../lib/i18n';
import { accountAtom } from '../../../stores/session';
import { confirmEmailChange, requestEmailChange } from '../api/account';
import { codeSchema, emailField, useAccountForm, EmailField } from './account-fields';
import { showWrongPassword } from './wrong-password';
import type { UseFormSetError } from 'react-hook-form';
import { SettingsSection } from './SettingsSection';

const newEmailSchema = (t: TFunction) =>
  z.object({ newEmail: emailField(t), currentPassword: z.string().min(1, t('form.required')) });

/**
 * The email address (DESIGN.md §10): the new address and the current password send a code to the new address; the
 * code, entered here, moves the account to it.
 */
export function EmailSettings({ email }: { email: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string>();
  const [changedTo, setChangedTo] = useState<string>();
  return (
    <SettingsSection title={t('settings.email')}>
      <p className="mb-4 text-sm break-words text-ink-700">{email}</p>
      {changedTo && <FormAlert kind="success">{t('settings.emailChanged', { email: changedTo })}</FormAlert>}
      {pending ? (
        <CodeForm
          newEmail={pending}
          onDone={(changed) => {
            setPending(undefined);
            setChangedTo(changed);
          }}
        />
      ) : (
        <NewEmailForm
          onSent={(newEmail) => {
            setChangedTo(undefined);
            setPending(newEmail);
          }}
        />
      )}
    </SettingsSection>
  );
}

function NewEmailForm({ onSent }: { onSent: (newEmail: string) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAccountForm(newEmailSchema, { newEmail: '', currentPassword: '' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestEmailChange(values);
      onSent(values.newEmail);
    } catch (error) {
      if (showWrongPassword(error, setError as UseFormSetError<{ currentPassword: string }>, t)) return;
      applyServerError(error, setError, t, {
        fields: { newEmail: 'newEmail', currentPassword: 'currentPassword' },
        byStatus: { 429: t('settings.tooMany') },
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      <EmailField label={t('settings.newEmail')} error={errors.newEmail?.message} {...register('newEmail')} />
      <PasswordField
        label={t('settings.currentPassword')}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('settings.saving')}>
        {t('settings.changeEmail')}
      </SubmitButton>
    </form>
  );
}

function CodeForm({ newEmail, onDone }: { newEmail: string; onDone: (email: string) => void }) {
  const { t } = useTranslation();
  const setAccount = useSetAtom(accountAtom);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAccountForm(codeSchema, { code: '' });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const account = await confirmEmailChange(code);
      setAccount((known) => (known ? { ...known, email: account.email } : account));
      onDone(account.email);
    } catch (error) {
      // The form checked the code's shape: a 400 is a wrong code.
      if (isApiError(error) && error.status === 400) {
        setError('code', { type: 'server', message: t('settings.wrongCode') }, { shouldFocus: true });
        return;
      }
      applyServerError(error, setError, t, {
        fields: { code: 'code' },
        byStatus: { 410: t('settings.codeGone'), 429: t('settings.tooMany') },
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert kind="success">{t('settings.codeSent', { email: newEmail })}</FormAlert>
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField
        label={t('settings.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        error={errors.code?.message}
        {...register('code')}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('settings.saving')}>
        {t('settings.confirmEmail')}
      </SubmitButton>
    </form>
  );
}
