import { useId, useState } from 'react';
import { useNavigate, useLocation } from 'react-router-dom';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from '../../../hooks/useTranslation';
import type { SportsCategory } from '@courtside/events/ladders/values';
import { teamSizeOf } from '@courtside/events/ladders/values';
import { FormAlert } from '../../../components/forms/FormAlert';
import { TextField } from '../../../components/forms/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { Spinner } from '../../../components/feedback/Spinner';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLocale } from '../../../hooks/useLocale';
import { isApiError } from '../../../lib/http';
import { refusalText } from '../../../lib/i18n';
import { pagePath } from '../../../lib/locale';
import { registerTeam, type PublicSeason } from '../api/ladders';

interface JoinDialogProps {
  season: PublicSeason | undefined;
  sportsCategory: SportsCategory;
  onClose(registered: boolean): void;
}

/**
 * Registration for a season: on your own for singles, with a partner's email address for doubles
 * and padel (`teamSizeOf`), who is asked first (DESIGN.md §9). The team then waits for the manager's approval.
 */
export function JoinDialog({ season, sportsCategory, onClose }: JoinDialogProps) {
  return (
    <Dialog open={season !== undefined} onClose={() => onClose(false)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink-950/40" />
      <div className="fixed inset-0 flex w-screen items-center justify-center p-4">
        {season && <JoinForm season={season} sportsCategory={sportsCategory} onClose={onClose} />}
      </div>
    </Dialog>
  );
}

function JoinForm({
  season,
  sportsCategory,
  onClose,
}: { season: PublicSeason } & Omit<JoinDialogProps, 'season'>) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const doubles = teamSizeOf(sportsCategory) === 2;
  const [partnerEmail, setPartnerEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const known: Record<string, string> = {
    'You are in a team of this season already': t('ladders.joinDialog.alreadyIn'),
    'Registration for this season is closed': t('ladders.joinDialog.closed'),
  };

  const submit = async () => {
    setFieldError(undefined);
    setFormError(undefined);
    const email = partnerEmail.trim();
    if (doubles && email === '') {
      setFieldError(t('ladders.joinDialog.partnerRequired'));
      return;
    }
    setBusy(true);
    try {
      await registerTeam(season.uuid, doubles ? email : undefined);
      alerts.info(doubles ? t('ladders.joinDialog.partnerAsked') : t('ladders.joinDialog.registered'));
      onClose(true);
    } catch (error) {
      if (!isApiError(error)) setFormError(t('form.failed'));
      else if (error.status === 403) {
        alerts.warning(t('ladders.joinDialog.completeAccount'));
        const from = `${location.pathname}${location.search}`;
        await navigate(
          `${pagePath('account', locale, 'onboarding')}?${new URLSearchParams({ from }).toString()}`,
        );
      } else if (error.status === 400 && error.issues.some((issue) => issue.path[0] === 'partnerEmail'))
        setFieldError(error.issues.find((issue) => issue.path[0] === 'partnerEmail')!.message);
      else if (error.kind === 'network') setFormError(t('form.network'));
      else setFormError(known[error.error] ?? refusalText(error.error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogPanel
      className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl ring-1 ring-black/5 sm:p-6"
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <DialogTitle id={titleId} className="text-lg font-semibold text-ink-900">
          {t('ladders.joinDialog.title', { season: season.name })}
        </DialogTitle>
        <p className="text-sm text-ink-600">
          {doubles ? t('ladders.joinDialog.doubles') : t('ladders.joinDialog.singles')}
        </p>
        {formError && <FormAlert>{formError}</FormAlert>}
        {doubles && (
          <TextField
            label={t('ladders.joinDialog.partnerEmail')}
            type="email"
            autoComplete="off"
            autoFocus
            value={partnerEmail}
            onChange={(event) => setPartnerEmail(event.target.value)}
            error={fieldError}
          />
        )}
        <div className="flex justify-end gap-2 pt-1">
          <button type="button" className={secondaryButtonClass} onClick={() => onClose(false)}>
            {t('ladders.joinDialog.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy}>
            {busy && <Spinner className="size-4 text-white" />}
            {busy ? t('ladders.joinDialog.submitting') : t('ladders.joinDialog.submit')}
          </button>
        </div>
      </form>
    </DialogPanel>
  );
}
