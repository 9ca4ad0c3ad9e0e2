import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../hooks/useTranslation';
import { z } from 'zod';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { TextField } from '../../../components/forms/TextField';
import { applyServerError } from '../../../components/forms/server-errors';
import { linkClass } from '../../../components/forms/styles';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { pagePath } from '../../../lib/locale';
import { getCompanies } from '../../../lib/account-api';
import { formerClubsOf, rememberClubs, remembersClubsOf, type Club } from '../../../lib/managed-clubs';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { createCompany } from '../api/companies';
import { i18n } from '../../../lib/i18n';
import { addCompanyTexts } from '../../../locales/company-texts';

addCompanyTexts(i18n);

/** /company/{locale}/onboarding: create a company (name); then its manager area. */
export function CompanyOnboardingPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const { account } = useSignedInAccount();
  // A manager removed from their club lands here (no company left): say so, by name, before offering a new one.
  const [former, setFormer] = useState<Club[]>([]);
  const [managed, setManaged] = useState<Club[]>([]);
  const accountId = account?.id;
  useEffect(() => {
    if (!accountId || !remembersClubsOf(accountId)) return;
    const controller = new AbortController();
    getCompanies(controller.signal)
      .then((companies) => {
        setManaged(companies);
        setFormer(formerClubsOf(accountId, companies));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [accountId]);
  const formerNames = new Intl.ListFormat(locale, { type: 'conjunction' }).format(former.map((c) => c.name));
  useDocumentTitle(
    former.length > 0 ? t('company.former', { club: formerNames }) : t('company.onboardingTitle'),
  );

  const schema = useMemo(
    () => z.object({ name: z.string().trim().min(1, t('form.required')).max(100, t('company.nameMax')) }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const company = await createCompany(name);
      alerts.info(t('company.created', { name: company.name }));
      await navigate(pagePath('manager', locale, company.id, 'ladders'));
    } catch (error) {
      applyServerError(error, setError, t, { fields: { name: 'name' } });
    }
  });

  if (former.length > 0) {
    return (
      <AuthCard title={t('company.former', { club: formerNames })} intro={t('company.formerText')}>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap" data-testid="former-club">
          <Link to={pagePath('ladders', locale)} className={secondaryButtonClass}>
            {t('company.formerLadders')}
          </Link>
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => {
              // Told once: the memory holds the clubs still managed, and the form takes the focus.
              if (accountId) rememberClubs(accountId, managed);
              setFormer([]);
            }}
          >
            {t('company.formerCreate')}
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('company.onboardingTitle')}
      intro={t('company.onboardingIntro')}
      footer={
        <Link to={pagePath('company', locale)} className={linkClass}>
          {t('company.back')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <TextField
          label={t('company.name')}
          autoComplete="organization"
          placeholder={t('company.namePlaceholder')}
          maxLength={100}
          autoFocus
          error={errors.name?.message}
          {...register('name')}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t('company.submitting')} className="w-full">
          {t('company.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
