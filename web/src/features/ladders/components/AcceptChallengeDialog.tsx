import { useId, useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormAlert } from '../../../components/forms/FormAlert';
import { TextField } from '../../../components/forms/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { Spinner } from '../../../components/feedback/Spinner';
import { useAlerts } from '../../../hooks/useAlerts';
import { isApiError } from '../../../lib/http';
import { refusalText } from '../../../lib/i18n';
import { acceptChallenge } from '../../../lib/challenges-api';
import { acceptDate } from '../standings-model';

interface AcceptChallengeDialogProps {
  /** The challenge to accept and the challenger's name; none when closed. */
  challenge: { challengeId: string; challenger: string } | undefined;
  onClose(accepted: boolean): void;
}

/** Accepting a challenge (DESIGN.md §5) with an optional proposed date and time; the match is created. */
export function AcceptChallengeDialog({ challenge, onClose }: AcceptChallengeDialogProps) {
  return (
    <Dialog open={challenge !== undefined} onClose={() => onClose(false)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink-950/40" />
      <div className="fixed inset-0 flex w-screen items-center justify-center p-4">
        {challenge && <AcceptForm challenge={challenge} onClose={onClose} />}
      </div>
    </Dialog>
  );
}

function AcceptForm({
  challenge,
  onClose,
}: {
  challenge: { challengeId: string; challenger: string };
  onClose(accepted: boolean): void;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const titleId = useId();
  const [date, setDate] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await acceptChallenge(challenge.challengeId, acceptDate(date));
      alerts.info(t('ladders.answered.accepted'));
      onClose(true);
    } catch (error) {
      setFailure(
        isApiError(error) ? (error.issues[0]?.message ?? refusalText(error.error)) : t('form.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogPanel
      className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-black/5"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} className="text-lg font-semibold text-ink-900">
        {t('ladders.acceptDialog.title', { team: challenge.challenger })}
      </DialogTitle>
      <form
        className="mt-3 space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-ink-600">{t('ladders.acceptDialog.intro')}</p>
        {failure && <FormAlert>{failure}</FormAlert>}
        <TextField
          label={t('ladders.acceptDialog.date')}
          type="datetime-local"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButtonClass} onClick={() => onClose(false)}>
            {t('ladders.acceptDialog.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy}>
            {busy && <Spinner className="size-4 text-white" />}
            {t('ladders.acceptDialog.submit')}
          </button>
        </div>
      </form>
    </DialogPanel>
  );
}
