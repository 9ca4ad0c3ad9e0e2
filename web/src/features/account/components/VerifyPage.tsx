import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { TextField } from '../../../components/forms/TextField';
import { applyServerError } from '../../../components/forms/server-errors';
import { linkClass, primaryButtonClass } from '../../../components/forms/styles';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useSetAtom } from 'jotai';
import { isMinimalAccount } from '@courtside/events/accounts/minimal-account';
import { getAccount } from '../../../lib/account-api';
import { decideMinimalAccount } from '../../../lib/guards';
import { isApiError } from '../../../lib/http';
import { accountAtom } from '../../../stores/session';
import { pagePath } from '../../../lib/locale';
import { resendCode, verify } from '../api/account';
import {
  clearPendingVerification,
  readPendingVerification,
  savePendingVerification,
} from '../api/pending-verification';
import { fromQuery, useReturnTo } from '../hooks/useReturnTo';
import type { LoginState } from './LoginPage';
import { codeSchema, useAccountForm } from './account-fields';

/** /account/{locale}/verify?id=…: enter the mailed 6-digit code; signed in, then on to onboarding or `from`. */
export function VerifyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = useReturnTo();
  const setAccount = useSetAtom(accountAtom);
  const id = params.get('id');
  const [pending, setPending] = useState(() => readPendingVerification(id));
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  useDocumentTitle(t('verify.title'));

  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useAccountForm(codeSchema, { code: '' });

  if (!pending) {
    return (
      <AuthCard title={t('verify.missingTitle')} intro={t('verify.missingText')}>
        <Link to={`${pagePath('account', locale, 'login')}${fromQuery(from)}`} className={primaryButtonClass}>
          {t('verify.toLogin')}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await verify(pending.id, { refresh: pending.refresh, code }, locale);
      clearPendingVerification();
      // The code signed the person in (the password was typed at sign-up): on to where they were going, through
      // the onboarding of a new account, as after a sign-in.
      const account = await getAccount().catch(() => undefined);
      if (!account) {
        const state: LoginState = { email: pending.email, notice: t('verify.verified') };
        await navigate(`${pagePath('account', locale, 'login')}${fromQuery(from)}`, { replace: true, state });
        return;
      }
      setAccount(account);
      const next = from ?? pagePath('account', locale);
      const to = isMinimalAccount(account) ? next : decideMinimalAccount(false, locale, next);
      await navigate(to ?? next, { replace: true });
    } catch (error) {
      const codeError = (message: string) =>
        setError('code', { type: 'server', message }, { shouldFocus: true });
      if (isApiError(error) && error.status === 400 && error.issues.length === 0)
        codeError(t('verify.wrongCode'));
      else if (isApiError(error) && error.status === 410) codeError(t('verify.expired'));
      else if (isApiError(error) && error.status === 429) codeError(t('verify.tooMany'));
      else applyServerError(error, setError, t, { fields: { code: 'code' } });
    }
  });

  const onResend = async () => {
    setResending(true);
    clearErrors();
    try {
      const { refresh } = await resendCode(pending.id, pending.refresh, locale);
      const next = { ...pending, refresh };
      savePendingVerification(next);
      setPending(next);
      setResent(true);
    } catch (error) {
      applyServerError(error, setError, t);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title={t('verify.title')}
      intro={pending.email ? t('verify.intro', { email: pending.email }) : t('verify.introNoEmail')}
      footer={
        <>
          {t('verify.noCode')}{' '}
          <button type="button" onClick={onResend} disabled={resending} className={linkClass}>
            {resending ? t('verify.resending') : t('verify.resend')}
          </button>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        {resent && !errors.root?.server && <FormAlert kind="info">{t('verify.resent')}</FormAlert>}
        <TextField
          label={t('verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          placeholder="123456"
          inputClassName="text-center font-mono text-2xl tracking-[0.4em] sm:text-2xl"
          error={errors.code?.message}
          {...register('code')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('verify.submitting')} className="w-full">
          {t('verify.submit')}
        </SubmitButton>
        {/* DESIGN.md §19: a sign-up with an address that has an account looks like any other; its mail says so. */}
        <p className="text-sm text-ink-700">{t('verify.haveAccount')}</p>
      </form>
    </AuthCard>
  );
}
