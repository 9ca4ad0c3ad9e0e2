import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { z } from 'zod';
import { useTranslation } from '../../../hooks/useTranslation';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { applyServerError } from '../../../components/forms/server-errors';
import { primaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { logout } from '../../../lib/account-api';
import { isApiError } from '../../../lib/http';
import { i18n, type TFunction } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import { addPasswordTexts } from '../../../locales/password-texts';
import { accountAtom } from '../../../stores/session';
import { resetPassword } from '../api/account';
import type { LoginState } from './LoginPage';
import { newPasswordField, useAccountForm, NewPasswordField } from './account-fields';

addPasswordTexts(i18n);

const resetSchema = (t: TFunction) => z.object({ newPassword: newPasswordField(t) });

/**
 * /account/{locale}/reset?token=… (DESIGN.md §10): the page of a mailed link. A new password ends every session,
 * this browser's too, so the person signs in with it next.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const setAccount = useSetAtom(accountAtom);
  const token = useSearchParams()[0].get('token') ?? '';
  const [gone, setGone] = useState(false);
  useDocumentTitle(t('reset.title'));

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAccountForm(resetSchema, { newPassword: '' });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await resetPassword({ token, newPassword });
    } catch (error) {
      if (isApiError(error) && error.status === 410) {
        setGone(true);
        return;
      }
      applyServerError(error, setError, t, { fields: { newPassword: 'newPassword' } });
      return;
    }
    // The server ended this browser's session too: clear its cookies and what the page knows.
    await logout();
    setAccount(null);
    const state: LoginState = { notice: t('reset.done') };
    await navigate(pagePath('account', locale, 'login'), { replace: true, state });
  });

  if (!token || gone) {
    return (
      <AuthCard title={t('reset.title')} intro={gone ? t('reset.gone') : t('reset.missing')}>
        <Link to={pagePath('account', locale, 'forgot')} className={primaryButtonClass}>
          {t('reset.again')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <NewPasswordField
          label={t('reset.password')}
          autoFocus
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('reset.submitting')} className="w-full">
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
