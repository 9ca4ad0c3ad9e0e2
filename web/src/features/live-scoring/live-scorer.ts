import { liveScore, type LiveScore, type Side } from '@courtside/events/live/engine';
import type { LiveView } from './api/live';

/**
 * The scorer's rules (DESIGN.md §7), pure: taps go into a queue that is sent one command at a time, each with the
 * number the server expects, while the page already shows the score with the queued taps applied. After a lost
 * answer (the connection dropped) the page reads the state again and `outcome` tells whether the command got
 * there, so no point is counted twice or lost.
 */
export type ScorerAction = { kind: 'point'; winner: Side } | { kind: 'undo' } | { kind: 'end' };

/** What is being played: a game, a tiebreak, or a super tiebreak in place of the deciding set; null once it is over. */
export type PlayPhase = 'game' | 'tiebreak' | 'superTiebreak';

/** The phase of the set in progress (the scorer says it over the buttons, the board heads its column with it). */
export function playPhase(score: Pick<LiveScore, 'sets' | 'finished'>): PlayPhase | null {
  if (score.finished) return null;
  const current = score.sets.at(-1);
  if (current?.superTiebreak) return 'superTiebreak';
  return current?.tiebreak ? 'tiebreak' : 'game';
}

/** The points and whether the scorer ended the match, once `actions` are applied to the server's view. */
export function applyActions(
  view: Pick<LiveView, 'points' | 'finished'>,
  actions: readonly ScorerAction[],
): { points: Side[]; ended: boolean } {
  let points = [...view.points];
  let ended = view.finished;
  for (const action of actions) {
    if (action.kind === 'point') points.push(action.winner);
    else if (action.kind === 'undo') points = points.slice(0, -1);
    else ended = true;
  }
  return { points, ended };
}

/** The score the scorer sees: the server's view with the actions not yet answered. */
export function shownScore(view: LiveView, actions: readonly ScorerAction[]): LiveScore {
  const { points, ended } = applyActions(view, actions);
  return liveScore(view.rules, points, ended);
}

/**
 * The queue after a tap: a point (unless the shown match is over), an undo (which takes back a queued point not yet
 * sent, or asks the server to take back its last one), or the end of a games-only match. `sending` is the action
 * on its way, which can no longer be taken back here.
 */
export function enqueue(
  view: LiveView,
  sending: ScorerAction | null,
  queue: readonly ScorerAction[],
  tap: ScorerAction,
): ScorerAction[] {
  const all = sending ? [sending, ...queue] : [...queue];
  const shown = shownScore(view, all);
  if (tap.kind === 'point') return shown.finished ? [...queue] : [...queue, tap];
  if (tap.kind === 'end') {
    return shown.finished || view.rules.matchType !== 'GAMESONLY' ? [...queue] : [...queue, tap];
  }
  if (shown.finished || shown.seq === 0) return [...queue];
  const last = queue.at(-1);
  return last?.kind === 'point' ? queue.slice(0, -1) : [...queue, tap];
}

/** The request that sends `action` against the server's view: the point's number, or the last point's. */
export function requestOf(view: Pick<LiveView, 'seq'>, action: ScorerAction): { seq: number } {
  return { seq: action.kind === 'point' ? view.seq + 1 : view.seq };
}

/**
 * Whether `action`, sent against `before` with no answer, got there: `applied` (the state read again is the one
 * it made), `missing` (nothing changed: send it again), or `other` (someone else changed the score: take theirs).
 */
export function outcome(
  before: Pick<LiveView, 'seq' | 'points' | 'finished'>,
  action: ScorerAction,
  after: Pick<LiveView, 'seq' | 'points' | 'finished'>,
): 'applied' | 'missing' | 'other' {
  const same = (a: readonly Side[], b: readonly Side[]) =>
    a.length === b.length && a.every((p, i) => p === b[i]);
  if (after.seq === before.seq && after.finished === before.finished && same(after.points, before.points)) {
    return 'missing';
  }
  const expected = applyActions(before, [action]);
  return same(after.points, expected.points) && after.finished === expected.ended ? 'applied' : 'other';
}

/** Taps not yet answered, kept in the browser across a reload, with the server's state they were built on. */
export interface SavedTaps {
  before: Pick<LiveView, 'seq' | 'points' | 'finished'>;
  actions: ScorerAction[];
}

/**
 * The taps to send after a reload, given the state read again: all of them when the first never got there, the
 * rest when it did (only the first can have been on its way), none when someone else changed the score meanwhile.
 */
export function resumeTaps(
  saved: SavedTaps,
  after: Pick<LiveView, 'seq' | 'points' | 'finished'>,
): { actions: ScorerAction[]; conflict: boolean } {
  const [first, ...rest] = saved.actions;
  if (!first) return { actions: [], conflict: false };
  const result = outcome(saved.before, first, after);
  if (result === 'missing') return { actions: saved.actions, conflict: false };
  if (result === 'applied') return { actions: rest, conflict: false };
  return { actions: [], conflict: true };
}
