import { useCallback, useEffect, useState } from 'react';
import { FormAlert } from '../../../components/forms/FormAlert';
import { SubmitButton } from '../../../components/forms/SubmitButton';
import { TextField } from '../../../components/forms/TextField';
import { useTranslation } from '../../../hooks/useTranslation';
import { isApiError } from '../../../lib/http';
import {
  enterWithPartner,
  getOwnPartnerRequests,
  usePartnerEntryForm,
  type OwnPartnerRequest,
} from '../api/enter-with-partner';
import type { Tournament } from '../api/tournaments';
import { useTournamentErrorText } from '../hooks/useTournamentTexts';
import { PendingPartnerRequest } from './PendingPartnerRequest';

interface PartnerEntryProps {
  tournament: Tournament;
}

/**
 * "Enter with a partner" (DESIGN.md §16 with §9): a doubles knockout is entered with the partner's email address;
 * the partner is mailed a link and the entry waits for their yes (it is not among the entries until then). While a
 * request of the caller's waits, after a reload too, the page shows it (PendingPartnerRequest) instead of the form;
 * withdrawn, the form is back. Loaded lazily by EntryActions.
 */
export default function PartnerEntry({ tournament }: PartnerEntryProps) {
  const { tournamentId } = tournament;
  // undefined while the caller's requests load: neither the form nor the request flashes before the other.
  const [requests, setRequests] = useState<OwnPartnerRequest[]>();
  // What the form just sent: shown while the requests are read again (or when the read fails).
  const [asked, setAsked] = useState<OwnPartnerRequest>();
  const [moved, setMoved] = useState<'asked' | 'withdrawn'>();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setRequests(await getOwnPartnerRequests(tournamentId, signal));
      } catch {
        // Without the list the form shows; asking again answers ENTERED while a request waits.
        if (!signal?.aborted) setRequests((known) => known ?? []);
      }
    },
    [tournamentId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (!requests) return null;
  const pending = requests[0] ?? asked;
  if (pending)
    return (
      <PendingPartnerRequest
        tournament={tournament}
        request={pending}
        focusOnShow={moved === 'asked'}
        onChanged={() => {
          setAsked(undefined);
          setMoved('withdrawn');
          void load();
        }}
      />
    );
  return (
    <PartnerEntryForm
      tournament={tournament}
      focusOnShow={moved === 'withdrawn'}
      onAsked={async (request) => {
        setAsked(request);
        setMoved('asked');
        await load();
      }}
    />
  );
}

interface PartnerEntryFormProps {
  tournament: Tournament;
  /** The request was withdrawn: the field takes the focus (the button that had it is gone). */
  focusOnShow: boolean;
  onAsked(request: OwnPartnerRequest): Promise<void>;
}

/** The form: a `400` puts its text on the field, a `409` or `429` shows its text above the form. */
function PartnerEntryForm({ tournament, focusOnShow, onAsked }: PartnerEntryFormProps) {
  const { t } = useTranslation();
  const errorText = useTournamentErrorText();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = usePartnerEntryForm();
  useEffect(() => {
    if (focusOnShow) setFocus('partnerEmail');
  }, [focusOnShow, setFocus]);

  const onSubmit = handleSubmit(async ({ partnerEmail }) => {
    try {
      const { entryId } = await enterWithPartner(tournament.tournamentId, partnerEmail);
      await onAsked({ entryId, partnerEmail });
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
