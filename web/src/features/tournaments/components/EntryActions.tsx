import { lazy, Suspense, useState } from 'react';
import { teamSizeOf } from '@courtside/events/ladders/values';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLocale } from '../../../hooks/useLocale';
import { LazyConfirmDialog } from './LazyConfirmDialog';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { loginPath } from '../../../lib/session';
import { enterTournament, withdrawEntry, type Tournament } from '../api/tournaments';
import { useTournamentErrorText } from '../hooks/useTournamentTexts';

// React-hook-form and zod come with the partner form only (the page's first JavaScript has a budget, docs/decisions/web.md);
// so does the caller's waiting partner request, which takes the form's place.
const PartnerEntry = lazy(() => import('./PartnerEntryForm'));

interface EntryActionsProps {
  tournament: Tournament;
  loggedIn: boolean;
  viewerId: string | undefined;
  /** After an entry or a withdrawal: the caller loads again and keeps the focus on the page. */
  onDone(): Promise<void> | void;
}

/**
 * Enter or Withdraw (DESIGN.md §16) while the tournament takes entries and its players enter themselves (a doubles
 * knockout: with a partner's email, or the caller's request that waits for the partner, PartnerEntryForm); signed
 * out, a link to sign in; when only managers enter players, says so.
 */
export function EntryActions({ tournament, loggedIn, viewerId, onDone }: EntryActionsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const alerts = useAlerts();
  const errorText = useTournamentErrorText();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (tournament.status !== 'entry') return null;
  const { name } = tournament;
  const mine = tournament.entries.find((entry) => entry.members.some((m) => m.playerId === viewerId));
  if (tournament.entryMode === 'MANAGER' && !mine)
    return <p className="text-sm text-ink-600">{t('tournaments.managerEnters')}</p>;
  if (!loggedIn)
    return (
      <Link to={loginPath(locale, `${location.pathname}${location.search}`)} className={secondaryButtonClass}>
        {t('tournaments.signInToEnter')}
      </Link>
    );

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      alerts.info(done);
    } catch (error) {
      alerts.error(errorText(error));
    } finally {
      setBusy(false);
    }
    await onDone();
  };

  if (!mine && tournament.format === 'KNOCKOUT' && teamSizeOf(tournament.sportsCategory) === 2)
    return (
      <Suspense fallback={null}>
        <PartnerEntry tournament={tournament} />
      </Suspense>
    );
  if (!mine)
    return (
      <button
        type="button"
        className={primaryButtonClass}
        aria-label={t('tournaments.enterLabel', { name })}
        aria-disabled={busy}
        onClick={() => {
          if (!busy)
            void act(() => enterTournament(tournament.tournamentId), t('tournaments.entered', { name }));
        }}
      >
        {t('tournaments.enter')}
      </button>
    );
  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        aria-label={t('tournaments.withdrawLabel', { name })}
        aria-disabled={busy}
        onClick={() => {
          if (!busy) setConfirming(true);
        }}
      >
        {t('tournaments.withdraw')}
      </button>
      <LazyConfirmDialog
        open={confirming}
        message={t('tournaments.withdrawConfirm', { name })}
        confirmLabel={t('tournaments.withdraw')}
        cancelLabel={t('tournaments.cancel')}
        onClose={(confirmed) => {
          setConfirming(false);
          if (confirmed)
            void act(
              () => withdrawEntry(tournament.tournamentId, mine.entryId),
              t('tournaments.withdrawn', { name }),
            );
        }}
      />
    </>
  );
}
