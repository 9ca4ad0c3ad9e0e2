import { useRef, useState, type RefObject } from 'react';
import { clampToLatestDate } from '@courtside/events/matches/match-dates';
import { halfScoredSets, recalculate } from '@courtside/events/matches/scoring';
import { useAlerts } from '../../../hooks/useAlerts';
import { serverNow } from '../../../lib/server-clock';
import { useTranslation } from '../../../hooks/useTranslation';
import {
  cancelMatch,
  recalculateMatch,
  saveMatch,
  type Match,
  type MatchTeam,
  type Side,
} from '../api/matches';
import { dateForResult, normaliseDateTimeInput, scorePayload, withTeam, withViewerFlags } from '../model';

/** The pure scoring rules applied at once, so winners show before the server answers. */
function preview(match: Match): Match {
  try {
    const payload = scorePayload(match);
    const scored = recalculate(payload.defender, payload.challenger, match.matchType);
    const side = (team: MatchTeam, which: Side): MatchTeam => ({
      ...team,
      winner: scored[which].winner,
      matchSets: team.matchSets.map((set, index) => {
        const result = scored[which].matchSets[index];
        return result ? { ...set, winner: result.winner, superTiebreak: result.superTiebreak } : set;
      }),
    });
    return {
      ...match,
      status: scored.status,
      defender: side(match.defender, 'defender'),
      challenger: side(match.challenger, 'challenger'),
    };
  } catch {
    return match;
  }
}

/**
 * Editing a match on its card (spec §4 "Match"): the draft with its scores, date (clamped to `match.latestDate`,
 * keeping the time) and special status. A result entered before the match's date by the server's clock moves the
 * date in the field to the server's now (`movedToNow`), unless the person chose a date: what is saved is what shows
 * (docs/decisions/matches-and-live-scoring.md). Every score change asks the server to recalculate and shows its
 * answer (an answer overtaken by a later change is dropped; half a set is not sent); Save and Cancel match show the
 * match the command answered (`adopt`). `editing` is a ref the card shares with what follows the match (no push
 * replaces a match being edited).
 */
export function useMatchDraft({
  match,
  editing: editingRef,
  adopt,
  showError,
  card,
}: {
  match: Match;
  editing: RefObject<boolean>;
  adopt: (answered: Match | undefined) => Promise<Match>;
  showError: (error: unknown) => void;
  /** The card: Save with half a set focuses the first set input without its score. */
  card: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [editing, setEditing] = useState(false);
  const [draft, setDraftState] = useState<Match>(match);
  const [busy, setBusy] = useState(false);
  const [clampedTo, setClampedTo] = useState<string | null>(null);
  const [movedToNow, setMovedToNow] = useState(false);
  // The person changed the date: it is sent as they chose it.
  const dateChosen = useRef(false);
  // Save was pressed with a set scored for one side only: the form says which (DESIGN.md §5).
  const [halfShown, setHalfShown] = useState(false);
  const draftRef = useRef<Match>(match);
  const sequence = useRef(0);
  const lastSent = useRef('');

  const setDraft = (next: Match) => {
    draftRef.current = next;
    setDraftState(next);
  };
  /** A draft whose scores changed: its date follows its result (`status`) unless the person chose one. */
  const setScoredDraft = (next: Match) => {
    if (dateChosen.current) return setDraft(next);
    const date = dateForResult(match.date, next.status, serverNow());
    setMovedToNow(date !== match.date);
    setDraft({ ...next, date });
  };
  const setEditingMode = (value: boolean) => {
    editingRef.current = value;
    setEditing(value);
  };

  const startEditing = () => {
    dateChosen.current = false;
    setScoredDraft(match);
    lastSent.current = JSON.stringify(scorePayload(match));
    setClampedTo(null);
    setHalfShown(false);
    setEditingMode(true);
  };

  const discard = () => {
    sequence.current++;
    setEditingMode(false);
    setDraft(match);
    setClampedTo(null);
    setMovedToNow(false);
  };

  const changeTeam = (side: Side, team: MatchTeam) => {
    if (!editingRef.current) return;
    const next = preview(withTeam(draftRef.current, side, team));
    setScoredDraft(next);
    // The api refuses half a set: the preview waits until both sides have their games (and an answer
    // still on its way for the scores before is dropped).
    if (halfScoredSets(next.defender, next.challenger).length > 0) {
      sequence.current++;
      lastSent.current = '';
      return;
    }
    const payload = JSON.stringify(scorePayload(next));
    if (payload === lastSent.current) return;
    lastSent.current = payload;
    const mine = ++sequence.current;
    recalculateMatch(next)
      .then((answer) => {
        if (mine !== sequence.current || !editingRef.current) return;
        const current = draftRef.current;
        setScoredDraft({
          ...withViewerFlags(answer, current),
          date: current.date,
          location: current.location,
          editable: current.editable,
        });
      })
      .catch((error: unknown) => {
        if (mine === sequence.current) showError(error);
      });
  };

  const changeDate = (value: string) => {
    const normalised = normaliseDateTimeInput(value);
    const clamped = normalised === null ? null : clampToLatestDate(normalised, match.latestDate);
    setClampedTo(normalised !== null && clamped !== normalised ? match.latestDate : null);
    dateChosen.current = true;
    setMovedToNow(false);
    setDraft({ ...draftRef.current, date: clamped });
  };

  /** DESIGN.md §9: where the match is played (one line; the server trims it and refuses more than 100 characters). */
  const changeLocation = (value: string) => setDraft({ ...draftRef.current, location: value });

  /** Runs a command that ends editing; `done` is its info alert. */
  const command = async (run: () => Promise<Match | undefined>, done: string) => {
    setBusy(true);
    sequence.current++;
    try {
      await adopt(await run());
      setEditingMode(false);
      alerts.info(done);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (halfScoredSets(draftRef.current.defender, draftRef.current.challenger).length > 0) {
      setHalfShown(true);
      // After the render that marks it: focus the first set input without its score.
      requestAnimationFrame(() => card.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    await command(() => saveMatch(draftRef.current), t('matchCard.saved'));
  };

  /** Cancels the match; `answered` runs once the api has (the dialog closes before the card changes). */
  const cancel = (answered: () => void) =>
    command(async () => {
      const cancelled = await cancelMatch(match.id);
      answered();
      return cancelled;
    }, t('matchCard.cancelled'));

  const halfSets = editing && halfShown ? halfScoredSets(draft.defender, draft.challenger) : [];

  return {
    editing,
    draft,
    busy,
    clampedTo,
    movedToNow: editing && movedToNow,
    halfSets,
    startEditing,
    discard,
    changeTeam,
    changeDate,
    changeLocation,
    save,
    cancel,
  };
}
