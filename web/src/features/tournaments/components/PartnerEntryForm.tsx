import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { TextField } from '../../../components/forms/TextField';
import { useTranslation } from '../../../hooks/useTranslation';
import { isApiError } from '../../../lib/http';
import { enterWithPartner, usePartnerEntryForm } from '../api/enter-with-partner';
import type { Tournament } from '../api/tournaments';
import { useTournamentErrorText } from '../hooks/useTournamentTexts';

interface PartnerEntryFormProps {
  tournament: Tournament;
}

/**
 * "Enter with a partner" (DESIGN.md §16 with §9): a doubles knockout is entered with the partner's email address;
 * the partner is mailed a link and the entry waits for their yes (it is not among the entries until then). A `400`
 * puts its text on the field, a `409` or `429` shows its text above the form. Loaded lazily by EntryActions.
 */
export default function PartnerEntryForm({ tournament }: PartnerEntryFormProps) {
  const { t } = useTranslation();
  const errorText = useTournamentErrorText();
  const [asked, setAsked] = useState<string>();
  const confirmation = useRef<HTMLDivElement>(null);
  // The form (and its button, which had the focus) makes way for the confirmation: the focus goes to it.
  useEffect(() => {
    if (asked) confirmation.current?.focus();
  }, [asked]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = usePartnerEntryForm();

  const onSubmit = handleSubmit(async ({ partnerEmail }) => {
    try {
      await enterWithPartner(tournament.tournamentId, partnerEmail);
      setAsked(partnerEmail);
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.issues.length > 0) {
        setError(
          'partnerEmail',
          { type: 'server', message: error.issues.map((issue) => issue.message).join(' ') },
          { shouldFocus: true },
        );
        return;
      }
      setError('root.server', { type: 'server', message: errorText(error) });
    }
  });

  if (asked)
    return (
      <div ref={confirmation} tabIndex={-1} className="max-w-md rounded-lg break-words outline-none">
        <FormAlert kind="success">
          <span data-testid="partner-asked">
            {t('tournaments.partner.asked', { email: asked, name: tournament.name })}
          </span>
        </FormAlert>
      </div>
    );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="partner-entry"
      className="w-full max-w-md space-y-3 rounded-lg bg-white p-4 ring-1 ring-ink-200"
    >
      <h2 id="partner-entry" className="text-base font-semibold text-ink-900">
        {t('tournaments.partner.title')}
      </h2>
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      <TextField
        label={t('tournaments.partner.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        hint={t('tournaments.partner.hint')}
        error={errors.partnerEmail?.message}
        {...register('partnerEmail')}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('tournaments.partner.sending')}>
        {t('tournaments.partner.submit')}
      </SubmitButton>
    </form>
  );
}
