import { useSetAtom } from 'jotai';
import { accountAtom } from '../../../stores/session';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { z } from 'zod';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { applyServerError } from '../../../components/forms/server-errors';
import { linkClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import type { TFunction } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import { login, register as registerAccount } from '../api/account';
import { savePendingVerification } from '../api/pending-verification';
import { fromQuery, useReturnTo } from '../hooks/useReturnTo';
import type { LoginState } from './LoginPage';
import { emailField, newPasswordField, useAccountForm, NewPasswordField, EmailField } from './account-fields';

const registerSchema = (t: TFunction) => z.object({ email: emailField(t), password: newPasswordField(t) });

/** /account/{locale}/register: anonymous only; on to the verify page with the mailed code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const from = useReturnTo();
  const setAccount = useSetAtom(accountAtom);
  const location = useLocation();
  useDocumentTitle(t('register.title'));

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAccountForm(registerSchema, {
    // An invitation link hands over the invited address (LoginState, as to the sign-in page).
    email: ((location.state ?? {}) as LoginState).email ?? '',
    password: '',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { invitationToken } = (location.state ?? {}) as LoginState;
      const created = await registerAccount(
        { ...values, ...(invitationToken ? { invitationToken } : {}) },
        locale,
      );
      if (created.verified) {
        // The link proved the address: signed in at once, back to the invitation. An address that had an account
        // already answers alike (DESIGN.md §19) but made none: the sign-in fails, and its owner was mailed.
        const account = await login(values, locale).catch(() => undefined);
        if (!account) {
          const state: LoginState = { email: values.email, notice: t('register.checkMail') };
          await navigate(`${pagePath('account', locale, 'login')}${fromQuery(from)}`, { state });
          return;
        }
        setAccount(account);
        await navigate(from ?? pagePath('account', locale));
        return;
      }
      savePendingVerification({ ...created, email: values.email });
      await navigate(`${pagePath('account', locale, 'verify')}${fromQuery(from, { id: created.id })}`);
    } catch (error) {
      applyServerError(error, setError, t, {
        fields: { email: 'email', password: 'password' },
        byStatus: { 429: t('register.tooMany') },
      });
    }
  });

  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={`${pagePath('account', locale, 'login')}${fromQuery(from)}`} className={linkClass}>
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <EmailField
          label={t('register.email')}
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordField
          label={t('register.password')}
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('register.submitting')} className="w-full">
          {t('register.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
