import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from '../../../hooks/useTranslation';
import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SelectField } from '../../../components/forms/SelectField';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { TextField } from '../../../components/forms/TextField';
import { applyServerError } from '../../../components/forms/server-errors';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { getAccount } from '../../../lib/account-api';
import type { TFunction } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import {
  DEFAULT_PHONE_COUNTRY,
  PHONE_COUNTRIES,
  callingCode,
  countryForCallingCode,
  countryName,
} from '../../../lib/phone';
import { isValidPhone } from '../../../lib/phone-validation';
import { accountAtom } from '../../../stores/session';
import { getInvitation, invitationTokenOf, saveMinimalAccount } from '../api/account';
import { useReturnTo } from '../hooks/useReturnTo';
import { useAccountForm } from './account-fields';

const minimalAccountSchema = (t: TFunction) =>
  z
    .object({
      fullName: z.string().trim().min(1, t('form.required')).max(100, t('onboarding.fullNameMax')),
      country: z.string().refine((c) => PHONE_COUNTRIES.includes(c as CountryCode), t('form.required')),
      number: z.string().trim().min(1, t('form.required')),
    })
    .superRefine((value, ctx) => {
      if (value.number && !isValidPhone(value.number, value.country as CountryCode))
        ctx.addIssue({ code: 'custom', path: ['number'], message: t('onboarding.phoneInvalid') });
    });

/** /account/{locale}/onboarding: name and phone (the minimal account); then back to `from`. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const from = useReturnTo();
  const alerts = useAlerts();
  const setAccount = useSetAtom(accountAtom);
  useDocumentTitle(t('onboarding.title'));

  const countries = useMemo(
    () =>
      PHONE_COUNTRIES.map((code) => ({
        code,
        label: `${countryName(code, locale)} (+${callingCode(code)})`,
      })),
    [locale],
  );

  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useAccountForm(minimalAccountSchema, {
    fullName: '',
    country: DEFAULT_PHONE_COUNTRY as string,
    number: '',
  });

  // Prefill with what the account already has (when the user comes back to change it), else with the name the
  // club gave the invitation this account came from (DESIGN.md §15: "the invitation's fullName prefills it").
  const invitationToken = invitationTokenOf(from);
  useEffect(() => {
    const controller = new AbortController();
    getAccount(controller.signal)
      .then(async (account) => {
        setAccount(account);
        const typed = getValues();
        // Never overwrite what the user has started typing.
        if (typed.fullName || typed.number) return;
        if (!account.fullName && !account.phoneNumber) {
          if (!invitationToken) return;
          const { fullName } = await getInvitation(invitationToken, controller.signal);
          if (fullName && !getValues().fullName) setValue('fullName', fullName);
          return;
        }
        reset({
          fullName: account.fullName ?? '',
          country: countryForCallingCode(account.phoneNumber?.countryCode),
          number: account.phoneNumber?.number ?? '',
        });
      })
      .catch(() => {
        // Prefilling is a nicety; the form works without it.
      });
    return () => controller.abort();
  }, [getValues, reset, setAccount, setValue, invitationToken]);

  const onSubmit = handleSubmit(async ({ fullName, country, number }) => {
    try {
      const account = await saveMinimalAccount({
        fullName,
        phoneNumber: { countryCode: callingCode(country as CountryCode), number },
      });
      setAccount(account);
      alerts.info(t('onboarding.saved'));
      await navigate(from ?? pagePath('account', locale), { replace: true });
    } catch (error) {
      applyServerError(error, setError, t, {
        fields: {
          fullName: 'fullName',
          'phoneNumber.number': 'number',
          phoneNumber: 'number',
          'phoneNumber.countryCode': 'country',
        },
      });
    }
  });

  return (
    <AuthCard title={t('onboarding.title')} intro={t('onboarding.intro')}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <TextField
          label={t('onboarding.fullName')}
          autoComplete="name"
          autoFocus
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <div className="grid gap-5 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-3">
          <SelectField
            label={t('onboarding.country')}
            autoComplete="tel-country-code"
            error={errors.country?.message}
            {...register('country')}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('onboarding.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('onboarding.phoneHint')}
            error={errors.number?.message}
            {...register('number')}
          />
        </div>
        <SubmitButton busy={isSubmitting} busyLabel={t('onboarding.submitting')} className="w-full">
          {t('onboarding.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
