import { useMemo } from 'react';
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
  useDocumentTitle(t('company.onboardingTitle'));

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
