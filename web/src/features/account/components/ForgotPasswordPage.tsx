import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { useTranslation } from '../../../hooks/useTranslation';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { applyServerError } from '../../../components/forms/server-errors';
import { linkClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { i18n, type TFunction } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import { addPasswordTexts } from '../../../locales/password-texts';
import { forgotPassword } from '../api/account';
import type { LoginState } from './LoginPage';
import { emailField, useAccountForm, EmailField } from './account-fields';

addPasswordTexts(i18n);

const forgotSchema = (t: TFunction) => z.object({ email: emailField(t) });

/**
 * /account/{locale}/forgot (DESIGN.md §10): mails a link to set a new password. The page says the same whether or
 * not the address has an account, as the server does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = (useLocation().state ?? {}) as LoginState;
  const [sentTo, setSentTo] = useState<string>();
  useDocumentTitle(t('forgot.title'));

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAccountForm(forgotSchema, { email: state.email ?? '' });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      setSentTo(undefined);
      await forgotPassword(email, locale);
      setSentTo(email);
    } catch (error) {
      applyServerError(error, setError, t, {
        fields: { email: 'email' },
        byStatus: { 429: t('forgot.tooMany') },
      });
    }
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <Link to={pagePath('account', locale, 'login')} className={linkClass}>
          {t('forgot.back')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {sentTo && <FormAlert kind="success">{t('forgot.sent', { email: sentTo })}</FormAlert>}
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <EmailField
          label={t('forgot.email')}
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('forgot.submitting')} className="w-full">
          {t('forgot.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
