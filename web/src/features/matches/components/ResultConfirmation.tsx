import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../hooks/useTranslation';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useLocale } from '../../../hooks/useLocale';
import { confirmMatch, disputeMatch, type Match } from '../api/matches';
import { confirmationView, scoreSummary } from '../model';
import { sideNames } from '../../../lib/match-sides';

// The dialog (Headless UI Dialog) loads the first time a player disputes, not with every card.
const DisputeDialog = lazy(async () => ({ default: (await import('./DisputeDialog')).DisputeDialog }));

interface ResultConfirmationProps {
  match: Match;
  /** Compact, text only (the widget). */
  widget?: boolean;
  onMatch: (match: Match) => void;
  onError: (error: unknown) => void;
  onInfo: (text: string) => void;
}

/**
 * The confirmation line of a match card (DESIGN.md §5): whom a pending result waits for and until
 * when, or that a disputed result waits for a manager; Confirm and Dispute (with a reason) for a
 * member of the other side. A confirmed result shows nothing.
 */
export function ResultConfirmation({
  match,
  widget = false,
  onMatch,
  onError,
  onInfo,
}: ResultConfirmationProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [disputeOpen, setDisputeOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the dialog's leave transition.
  const [disputeOpened, setDisputeOpened] = useState(false);
  // After a dispute the Dispute button is gone with the dialog: the line that now says "Disputed" takes the focus
  // (DESIGN.md §14: never on <body>; the focus goes where the action's result is).
  const [disputed, setDisputed] = useState(false);
  const statusLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (disputed && !disputeOpen) {
      statusLine.current?.focus();
      setDisputed(false);
    }
  }, [disputed, disputeOpen]);
  const view = confirmationView(match);
  if (view.kind === 'none') return null;

  const run = async (action: () => Promise<Match>, done: string, afterwards?: () => void) => {
    setBusy(true);
    try {
      const answer = await action();
      afterwards?.();
      setDisputeOpen(false);
      onMatch(answer);
      onInfo(done);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  const due = view.kind === 'pending' && view.dueAt ? formatDay(view.dueAt, locale) : '';
  // The result to confirm, from the winner's side: "Carla Smit won 6-4, 7-5".
  const winner = match.challenger.winner ? 'challenger' : 'defender';
  const score = scoreSummary(match, winner);
  const result = t(score ? 'matchCard.confirmation.wonWith' : 'matchCard.confirmation.won', {
    winner: sideNames(match[winner]),
    score,
  });
  const text =
    view.kind === 'disputed'
      ? match.confirmation.reason
        ? t('matchCard.confirmation.disputedBecause', { reason: match.confirmation.reason })
        : t('matchCard.confirmation.disputed')
      : view.canAnswer
        ? t(due ? 'matchCard.confirmation.yourTurn' : 'matchCard.confirmation.yourTurnNoDue', {
            due,
            result,
          })
        : t(due ? 'matchCard.confirmation.waiting' : 'matchCard.confirmation.waitingNoDue', {
            names: view.waitingFor
              ? sideNames(match[view.waitingFor])
              : t('matchCard.confirmation.otherSide'),
            due,
          });
  const tone =
    view.kind === 'disputed'
      ? 'bg-red-50 text-red-800 ring-red-200'
      : 'bg-amber-50 text-amber-900 ring-amber-200';

  return (
    <div
      className={`flex flex-wrap items-center gap-2 border-t border-ink-100 ${widget ? 'px-3 py-1.5' : 'px-4 py-2.5'}`}
      data-testid="match-confirmation"
      data-state={match.confirmation.state}
    >
      <p
        ref={statusLine}
        tabIndex={-1}
        className={`rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset focus:outline-2 focus:outline-offset-2 focus:outline-brand-700 sm:text-sm ${tone}`}
        role="status"
      >
        {text}
      </p>
      {!widget && view.kind === 'pending' && view.canAnswer && (
        <div className="ml-auto flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setDisputeOpened(true);
              setDisputeOpen(true);
            }}
            className={`${secondaryButtonClass} py-1.5`}
          >
            {t('matchCard.confirmation.dispute')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => confirmMatch(match.id), t('matchCard.confirmation.confirmed'))}
            className={`${primaryButtonClass} py-1.5`}
          >
            {t('matchCard.confirmation.confirm')}
          </button>
        </div>
      )}
      {!widget && disputeOpened && (
        <Suspense fallback={null}>
          <DisputeDialog
            open={disputeOpen}
            busy={busy}
            onClose={() => setDisputeOpen(false)}
            onSend={(reason) =>
              void run(
                () => disputeMatch(match.id, reason),
                t('matchCard.confirmation.disputedDone'),
                () => setDisputed(true),
              )
            }
          />
        </Suspense>
      )}
    </div>
  );
}
