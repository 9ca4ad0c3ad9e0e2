import { useEffect, useId, useRef, useState } from 'react';
import { secondaryButtonClass } from '../../../components/forms/styles';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLocale } from '../../../hooks/useLocale';
import { useTranslation } from '../../../hooks/useTranslation';
import { formatDay } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';
import { addTournamentPartnerTexts } from '../../../locales/tournament-partner-texts';
import type { OwnPartnerRequest } from '../api/enter-with-partner';
import { withdrawEntry, type Tournament } from '../api/tournaments';
import { useTournamentErrorText } from '../hooks/useTournamentTexts';

addTournamentPartnerTexts(i18n);

interface PendingPartnerRequestProps {
  tournament: Tournament;
  request: OwnPartnerRequest;
  /** Just asked: the box takes the focus (the form, and its button that had it, made way for it). */
  focusOnShow: boolean;
  /** Withdrawn, or found answered meanwhile: the caller reads the requests again. */
  onChanged(): void;
}

/**
 * The caller's partner request that waits for the partner's answer (DESIGN.md §16 with §9), right after asking and
 * after a reload alike: whom it went to, the day it lapses, and "Withdraw the request" (as a ladder's partner request
 * is withdrawn: at once, it is asked again as easily).
 */
export function PendingPartnerRequest({
  tournament,
  request,
  focusOnShow,
  onChanged,
}: PendingPartnerRequestProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const alerts = useAlerts();
  const errorText = useTournamentErrorText();
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLElement>(null);
  const ids = useId();
  useEffect(() => {
    if (focusOnShow) box.current?.focus();
  }, [focusOnShow]);
  const email = request.partnerEmail ?? t('tournaments.partnerRequest.someone');
  const { name } = tournament;

  const withdraw = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await withdrawEntry(tournament.tournamentId, request.entryId);
      alerts.info(t('tournaments.partnerRequest.withdrawn', { email }));
    } catch (error) {
      alerts.error(errorText(error));
    } finally {
      setBusy(false);
    }
    onChanged();
  };

  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      className="w-full max-w-md space-y-3 rounded-lg bg-white p-4 ring-1 ring-ink-200"
      data-testid="partner-request"
    >
      <h2 id={`${ids}-title`} className="text-base font-semibold text-ink-900">
        {t('tournaments.partnerRequest.title')}
      </h2>
      <p id={`${ids}-text`} className="text-sm break-words text-ink-700" data-testid="partner-asked">
        {request.lapsesAt
          ? t('tournaments.partnerRequest.asked', {
              email,
              name,
              day: formatDay(request.lapsesAt, locale),
            })
          : t('tournaments.partner.asked', { email, name })}
      </p>
      <button
        type="button"
        className={secondaryButtonClass}
        aria-disabled={busy}
        onClick={() => void withdraw()}
      >
        {busy ? t('tournaments.partnerRequest.withdrawing') : t('tournaments.partnerRequest.withdraw')}
      </button>
    </section>
  );
}
