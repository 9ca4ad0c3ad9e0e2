import { liveScore, type LiveConfig, type LiveScore, type Side } from '@courtside/events/live/engine';

/**
 * The scorer's queue (DESIGN.md §7 and §13), pure: every tap goes into a queue kept on the phone (IndexedDB,
 * `api/offline-store.ts`) with the `seq` it carries, the score is shown with the queue applied at once, and the
 * queue is sent in order, one command at a time, whenever there is a connection. Every state the server answers
 * (a 200, the state of a `409`, a `GET …/live` after a lost answer, a reload or a reconnect) goes through
 * `reconcile`: when it is one of the states the queue passes through, the server has that much of the queue and it
 * is dropped; otherwise another scorer changed the score, and the scorer chooses (`resolve`).
 */

/** What the server holds of a live score. */
export interface ServerPoints {
  seq: number;
  points: Side[];
  finished: boolean;
  /** Over for good: the result counts or is disputed (DESIGN.md §13), so its last point cannot go. */
  resultStays?: boolean;
}

/** A tap on the scorer. */
export type ScorerTap = { kind: 'point'; winner: Side } | { kind: 'undo' } | { kind: 'end' };

/**
 * A queued command with the `seq` it is sent with: a point's own number, an undo's the number of the point it takes
 * back, an end's the number of the last point.
 */
export type QueuedAction =
  { kind: 'point'; seq: number; winner: Side } | { kind: 'undo'; seq: number } | { kind: 'end'; seq: number };

export interface ScorerQueue {
  rules: LiveConfig;
  /** The server's state as last heard. */
  server: ServerPoints;
  /** The commands not yet answered, in order. */
  actions: QueuedAction[];
  /**
   * The first command went out and no state came back since: it may be on the server already (an answer lost, the
   * page reloaded), so an undo can no longer take it back from the queue.
   */
  sent?: boolean;
}

/** The scorer's points: the server's with the queue applied (`ended`: the scorer ended a games-only match). */
export interface ScorerPoints {
  points: Side[];
  ended: boolean;
}

export function emptyQueue(rules: LiveConfig, server: ServerPoints): ScorerQueue {
  return { rules, server: pick(server), actions: [] };
}

const pick = (server: ServerPoints): ServerPoints => ({
  seq: server.seq,
  points: [...server.points],
  finished: server.finished,
  ...(server.resultStays ? { resultStays: true } : {}),
});

function applyOne(at: ScorerPoints, action: QueuedAction): ScorerPoints {
  if (action.kind === 'point') return { points: [...at.points, action.winner], ended: at.ended };
  if (action.kind === 'undo') return { points: at.points.slice(0, -1), ended: at.ended };
  return { points: at.points, ended: true };
}

/** The states the queue passes through: the server's, then one after each command. */
function path(queue: ScorerQueue): ScorerPoints[] {
  // `ended` is a games-only match's End; any other match is over by its points (and its last one may go: §13).
  const ended = queue.server.finished && queue.rules.matchType === 'GAMESONLY';
  const states: ScorerPoints[] = [{ points: queue.server.points, ended }];
  for (const action of queue.actions) states.push(applyOne(states.at(-1)!, action));
  return states;
}

/** The scorer's points once the whole queue is applied. */
export function target(queue: ScorerQueue): ScorerPoints {
  return path(queue).at(-1)!;
}

/** The score the scorer sees: the server's with the queue applied. */
export function shownScore(queue: ScorerQueue): LiveScore {
  const { points, ended } = target(queue);
  return liveScore(queue.rules, points, ended);
}

/**
 * The queue after a tap: a point (unless the shown match is over); an undo takes back the last queued point when it
 * is not on its way (`sent`), else it queues an undo of the last point, also of the point that ended the match; an
 * end only for a games-only match.
 */
export function tap(queue: ScorerQueue, action: ScorerTap): ScorerQueue {
  const shown = shownScore(queue);
  // Over: only the point that ended it may be taken back (DESIGN.md §13; the server keeps a result that counts).
  if (shown.finished && !(action.kind === 'undo' && mayUndo(queue))) return queue;
  const actions = queue.actions;
  if (action.kind === 'point') {
    return { ...queue, actions: [...actions, { kind: 'point', seq: shown.seq + 1, winner: action.winner }] };
  }
  if (action.kind === 'end') {
    if (queue.rules.matchType !== 'GAMESONLY') return queue;
    return { ...queue, actions: [...actions, { kind: 'end', seq: shown.seq }] };
  }
  if (shown.seq === 0) return queue;
  const last = actions.at(-1);
  const lastMayGo = last?.kind === 'point' && !(queue.sent && actions.length === 1);
  if (lastMayGo) return { ...queue, actions: actions.slice(0, -1) };
  return { ...queue, actions: [...actions, { kind: 'undo', seq: shown.seq }] };
}

/**
 * Whether Undo can take a point back: there is one, and the match was not ended by its scorer (a games-only match's
 * End is final). The point that ended a match may go while its result waits for the other side, not once the server
 * says the result stays (DESIGN.md §13).
 */
export function mayUndo(queue: ScorerQueue): boolean {
  const { points, ended } = target(queue);
  const stays = queue.server.resultStays === true && queue.actions.length === 0;
  return points.length > 0 && !ended && !stays;
}

/** The queue once its first command goes out. */
export function markSent(queue: ScorerQueue): ScorerQueue {
  return queue.actions.length > 0 ? { ...queue, sent: true } : queue;
}

/** The points not yet sent or answered (what the scorer marks "not sent yet"). */
export function unsentPoints(queue: ScorerQueue): Array<{ seq: number; winner: Side }> {
  const { points } = target(queue);
  const kept = commonPrefix(queue.server.points, points);
  return points.slice(kept).map((winner, index) => ({ seq: kept + index + 1, winner }));
}

function commonPrefix(a: readonly Side[], b: readonly Side[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const samePoints = (a: readonly Side[], b: readonly Side[]) =>
  a.length === b.length && a.every((p, i) => p === b[i]);

function finishedAt(rules: LiveConfig, state: ScorerPoints): boolean {
  return state.ended || liveScore(rules, state.points).finished;
}

/** The commands, numbered from the server's state on. */
function numbered(server: ServerPoints, actions: readonly QueuedAction[]): QueuedAction[] {
  let seq = server.points.length;
  return actions.map((action) => {
    if (action.kind === 'point') return { ...action, seq: ++seq };
    if (action.kind === 'undo') return { ...action, seq: seq-- };
    return { ...action, seq };
  });
}

type Reconciled =
  | { kind: 'in-step'; queue: ScorerQueue }
  /** Another scorer changed the score: the queue is kept as it was, `server` is theirs. */
  | { kind: 'conflict'; queue: ScorerQueue; server: ServerPoints };

/**
 * Takes a state the server answered: when it is one the queue passes through (nothing sent yet, or the first
 * commands got there, even when their answer was lost), those commands are dropped; otherwise it is a conflict
 * (unless nothing is queued: then the server's state is simply taken).
 */
export function reconcile(queue: ScorerQueue, server: ServerPoints): Reconciled {
  // Nothing of this phone's waits: whatever the server has is the score.
  if (queue.actions.length === 0) return { kind: 'in-step', queue: emptyQueue(queue.rules, server) };
  const states = path(queue);
  for (let i = states.length - 1; i >= 0; i--) {
    const state = states[i]!;
    if (samePoints(state.points, server.points) && finishedAt(queue.rules, state) === server.finished) {
      const server_ = pick(server);
      const actions = numbered(server_, queue.actions.slice(i));
      return { kind: 'in-step', queue: { rules: queue.rules, server: server_, actions } };
    }
  }
  return { kind: 'conflict', queue, server: pick(server) };
}

/**
 * The scorer's choice in a conflict: `theirs` takes the server's score and drops the queue; `mine` queues what turns
 * the server's score into the scorer's (undo back to the points both share, then the scorer's points). A match
 * the server has over cannot be changed by the scorer: then only `theirs` is possible.
 */
export function resolve(queue: ScorerQueue, server: ServerPoints, choice: 'theirs' | 'mine'): ScorerQueue {
  const fresh = emptyQueue(queue.rules, server);
  if (choice === 'theirs' || !mayKeepMine(server)) return fresh;
  const mine = target(queue);
  const kept = commonPrefix(server.points, mine.points);
  const actions: QueuedAction[] = [];
  for (let i = server.points.length; i > kept; i--) actions.push({ kind: 'undo', seq: i });
  mine.points.slice(kept).forEach((winner, index) => {
    actions.push({ kind: 'point', seq: kept + index + 1, winner });
  });
  if (mine.ended) actions.push({ kind: 'end', seq: mine.points.length });
  return { ...fresh, actions };
}

/** Whether the scorer's own score can still replace the server's (not once the server has the match over). */
export function mayKeepMine(server: ServerPoints): boolean {
  return !server.finished;
}
