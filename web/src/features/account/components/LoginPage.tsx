import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from '../../../hooks/useTranslation';
import { z } from 'zod';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { PasswordField } from '../../../components/forms/PasswordField';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { applyServerError } from '../../../components/forms/server-errors';
import { linkClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useAlerts } from '../../../hooks/useAlerts';
import { isApiError } from '../../../lib/http';
import { isMinimalAccount } from '@courtside/events/accounts/minimal-account';
import { decideMinimalAccount } from '../../../lib/guards';
import { pagePath } from '../../../lib/locale';
import { accountAtom } from '../../../stores/session';
import { login, unverifiedSchema } from '../api/account';
import { savePendingVerification } from '../api/pending-verification';
import { fromQuery, useReturnTo } from '../hooks/useReturnTo';
import { i18n, type TFunction } from '../../../lib/i18n';
import { addPasswordTexts } from '../../../locales/password-texts';

// The "Forgot your password?" link's text comes with the forgot and reset pages' texts, not with every page.
addPasswordTexts(i18n);
import { emailField, useAccountForm, EmailField } from './account-fields';

const loginSchema = (t: TFunction) =>
  z.object({ email: emailField(t), password: z.string().min(1, t('form.required')) });

/** What other pages may hand over to the login page in the navigation state. */
export interface LoginState {
  email?: string;
  notice?: string;
  /** From an invitation link: a sign-up with it is verified at once (DESIGN.md §9). */
  invitationToken?: string;
}

/** /account/{locale}/login: anonymous only; back to `from` (or the account page) after signing in. */
export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const from = useReturnTo();
  const alerts = useAlerts();
  const setAccount = useSetAtom(accountAtom);
  const state = (location.state ?? {}) as LoginState;
  useDocumentTitle(t('login.title'));

  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useAccountForm(loginSchema, { email: state.email ?? '', password: '' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const account = await login(values, locale);
      setAccount(account);
      const next = from ?? pagePath('account', locale);
      // Spec §4: no minimal account → onboarding first, also when `from` is a page that does not ask for one (a
      // new player would otherwise meet the question only when joining a season, and lose that click).
      const to = isMinimalAccount(account) ? next : decideMinimalAccount(false, locale, next);
      await navigate(to ?? next, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        const pending = unverifiedSchema.safeParse(error.body);
        if (pending.success) {
          const { id, refresh, codeMailed } = pending.data;
          savePendingVerification({ id, refresh, email: values.email });
          alerts.info(codeMailed === false ? t('login.unverifiedNoNewCode') : t('login.unverified'));
          await navigate(
            `${pagePath('account', locale, 'verify')}${fromQuery(from, { id: pending.data.id })}`,
          );
          return;
        }
      }
      applyServerError(error, setError, t, {
        fields: { email: 'email', password: 'password' },
        byStatus: { 401: t('login.wrongCredentials'), 429: t('login.tooMany') },
      });
    }
  });

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={`${pagePath('account', locale, 'register')}${fromQuery(from)}`} className={linkClass}>
            {t('login.register')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {state.notice && !errors.root?.server && <FormAlert kind="success">{state.notice}</FormAlert>}
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <EmailField
          label={t('login.email')}
          autoFocus={!state.email}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          autoFocus={!!state.email}
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-sm">
          <Link
            to={pagePath('account', locale, 'forgot')}
            state={{ email: watch('email') } satisfies LoginState}
            className={linkClass}
          >
            {t('forgot.link')}
          </Link>
        </p>
        <SubmitButton busy={isSubmitting} busyLabel={t('login.submitting')} className="w-full">
          {t('login.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
