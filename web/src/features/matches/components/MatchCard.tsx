import { Fragment, memo, useId, useRef } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAlerts } from '../../../hooks/useAlerts';
import { SIDES, type EventInfo, type Match, type Side } from '../api/matches';
import {
  setInputCount,
  liveNow,
  playsIn,
  resultSettledForPlayers,
  scoreSummary,
  withLiveSuperTiebreak,
  withViewerFlags,
} from '../model';
import { mayScoreLive } from '../../../lib/match-sides';
import { serverNow } from '../../../lib/server-clock';
import { useFollowedMatch } from '../hooks/useFollowedMatch';
import { useMatchDraft } from '../hooks/useMatchDraft';
import { useMatchErrorAlert } from '../hooks/useMatchErrorAlert';
import { MatchScoreWidget } from './MatchScoreWidget';
import { ResultConfirmation } from './ResultConfirmation';
import { MatchCardHeader } from './MatchCardHeader';
import { MatchCardFooter } from './MatchCardFooter';
import { MatchDate } from './MatchDate';
import { shownName } from '../../../lib/team-name';

/**
 * Match card (spec §2 "Match card", §4 "Match"): sport icon, event/part/round (links to the matches
 * page filtered by event), both sides with members, positions and set scores, a winner mark, the date
 * and time (a click downloads `{name}.ics`), and a status text.
 *
 * Editable matches (`match.editable` and the `editable` prop) get Edit, then Save / Cancel, a date and
 * time editor (clamped to `match.latestDate`, keeping the time) and a Cancel-match button with its
 * confirmation dialog. Every score or special-status change asks the server to recalculate and
 * replaces the shown match with the answer; Save and cancelling the match show the match the command answered
 * (read again only when the answer is a 202: the projection was late).
 * While not editing, `match.updated` pushes on `match:{id}` replace the match (the viewer's own
 * `editable` and `itsMe` flags are kept).
 */
interface MatchCardProps {
  match: Match;
  event?: EventInfo;
  /** The view allows editing; the server's `match.editable` must say so too. */
  editable?: boolean;
  /** Compact, no links, no editing (the embeddable widget). */
  widget?: boolean;
  /** Display flags of the sides (spec §2): first name and initial; only the first member. */
  shortName?: boolean;
  onlyOne?: boolean;
  /** Shows event, part and round (default true). */
  showEvent?: boolean;
  /** Follows `match:{id}` (default true; off when the parent list follows a room itself). */
  live?: boolean;
  /** The viewer manages the season: Cancel match also for a match with a result. */
  manager?: boolean;
  /** Called with the match after a save, a cancellation or a live update. */
  onChange?: (match: Match) => void;
  /** A match scored live links to its live page (default true; off on that page). */
  liveLink?: boolean;
}

export const MatchCard = memo(function MatchCard({
  match: given,
  event,
  editable: viewAllowsEditing = false,
  widget = false,
  shortName = false,
  onlyOne = false,
  showEvent = true,
  live = true,
  manager = false,
  onChange,
  liveLink = true,
}: MatchCardProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const showError = useMatchErrorAlert();
  const cardRef = useRef<HTMLElement>(null);
  // While editing, neither the parent nor a push replaces the match (shared by the two hooks below).
  const editingRef = useRef(false);
  const { match, show, adopt } = useFollowedMatch(given, { live, editing: editingRef, onChange });
  const draftState = useMatchDraft({ match, editing: editingRef, adopt, showError, card: cardRef });
  const { editing, draft, halfSets } = draftState;
  const halfSetErrorId = useId();

  // A player (not managing it here) does not change a confirmed or disputed result (DESIGN.md §5).
  const canEdit =
    viewAllowsEditing &&
    !widget &&
    match.editable &&
    match.status !== 'cancelled' &&
    !(!manager && playsIn(match) && resultSettledForPlayers(match));
  // Contact details for the match's players and the club's managers (`match.editable`), loaded on demand.
  const canContact = !widget && match.editable && !editing;
  // DESIGN.md §7: the players and the club's managers score a planned match live; everyone may follow it.
  const canScore = !widget && !editing && mayScoreLive(match);
  const liveState = editing ? null : liveNow(match, serverNow());
  const shown = editing ? draft : withLiveSuperTiebreak(match);

  const dateView = (
    <MatchDate match={match} shownDate={shown.date} event={event} widget={widget} onError={showError} />
  );
  const setCount = editing
    ? setInputCount(draft)
    : Math.max(shown.defender.matchSets.length, shown.challenger.matchSets.length);
  const summary = scoreSummary(shown);
  const missingFor = (side: Side) =>
    halfSets.filter((set) => set.missing === side).map((set) => set.order - 1);

  return (
    <article
      ref={cardRef}
      // A cancelled match says so in its status badge: dimming the whole card took its small texts below the
      // contrast axe asks for (DESIGN.md §9 lists cancelled matches among the manager's results).
      className={`rounded-xl bg-white shadow-xs ring-1 ring-ink-200 ${editing ? 'ring-2 ring-brand-300' : ''}`}
      data-testid="match-card"
      data-match-id={match.id}
      data-status={shown.status}
      aria-label={t('matchCard.label', {
        defender: shown.defender.members.map((m) => shownName(m.name)).join(' & '),
        challenger: shown.challenger.members.map((m) => shownName(m.name)).join(' & '),
      })}
    >
      <MatchCardHeader
        shown={shown}
        event={event}
        widget={widget}
        showEvent={showEvent}
        liveState={liveState}
        dateView={dateView}
      />

      <div className={widget ? 'space-y-1.5 px-3 py-2' : 'space-y-2.5 px-4 py-3'}>
        {summary && <p className="sr-only">{t('matchCard.score', { score: summary })}</p>}
        {SIDES.map((side, index) => (
          <Fragment key={side}>
            {index > 0 && <div className="border-t border-dashed border-ink-200" aria-hidden="true" />}
            <MatchScoreWidget
              team={shown[side]}
              side={side}
              opponent={shown[SIDES[1 - index]!]}
              editable={editing}
              setCount={setCount}
              widget={widget}
              shortName={shortName}
              onlyOne={onlyOne}
              showRole={!widget}
              live={
                liveState ? { game: liveState.game[side], serving: liveState.server === side } : undefined
              }
              missingSets={missingFor(side)}
              errorId={halfSetErrorId}
              onChange={(team) => draftState.changeTeam(side, team)}
            />
          </Fragment>
        ))}
        {!editing && match.location && (
          // DESIGN.md §9: where the match is played.
          <p className="text-sm break-words text-ink-700">
            {t('matchCard.location')}: {match.location}
          </p>
        )}
        {halfSets.length > 0 && (
          <p
            id={halfSetErrorId}
            className="text-sm font-medium text-red-700"
            role="alert"
            data-testid="half-set"
          >
            {halfSets.map((set) => t('matchCard.halfSet', { set: set.order })).join(' ')}
          </p>
        )}
      </div>

      {!editing && (
        <ResultConfirmation
          match={match}
          widget={widget}
          onMatch={(answer) => show(withViewerFlags(answer, match))}
          onError={showError}
          onInfo={(text) => alerts.info(text)}
        />
      )}

      <MatchCardFooter
        match={match}
        editing={editing}
        draftDate={draft.date}
        draftLocation={draft.location}
        onLocationChange={draftState.changeLocation}
        clampedTo={draftState.clampedTo}
        dateMovedToNow={draftState.movedToNow}
        busy={draftState.busy}
        canEdit={canEdit}
        canContact={canContact}
        canScore={canScore}
        showEvent={showEvent}
        widget={widget}
        liveLink={liveLink}
        manager={manager}
        dateView={dateView}
        onDateChange={draftState.changeDate}
        onEdit={draftState.startEditing}
        onDiscard={draftState.discard}
        onSave={() => void draftState.save()}
        onCancelMatch={(answered) => void draftState.cancel(answered)}
      />
    </article>
  );
});
