import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRejection } from '@courtside/events/decider';
import { liveDecider, scoreOf, type LiveCommand, type LiveMatchState } from '@courtside/events/live/decider';
import type { LiveConfig, Side } from '@courtside/events/live/engine';
import type { MatchState } from '@courtside/events/matches/decider';
import {
  emptyQueue,
  markSent,
  mayUndo,
  reconcile,
  resolve,
  shownScore,
  tap,
  target,
  unsentPoints,
  type QueuedAction,
  type ScorerQueue,
  type ServerPoints,
} from './scorer-queue';

const D: Side = 'defender';
const C: Side = 'challenger';
const RULES: LiveConfig = {
  matchType: 'BESTOFTHREE',
  firstServer: D,
  noAd: false,
  finalSet: 'SUPER_TIEBREAK',
};
const at = (points: Side[], finished = false): ServerPoints => ({ seq: points.length, points, finished });
const point = (winner: Side) => ({ kind: 'point', winner }) as const;
const queueOf = (server: Side[], actions: QueuedAction[] = []): ScorerQueue => ({
  ...emptyQueue(RULES, at(server)),
  actions,
});

describe('the scorer’s queue', () => {
  it('queues each point with its seq and shows it at once, marked not sent yet', () => {
    let queue = queueOf([D, D]);
    queue = tap(tap(queue, point(C)), point(D));
    expect(queue.actions).toEqual([
      { kind: 'point', seq: 3, winner: C },
      { kind: 'point', seq: 4, winner: D },
    ]);
    expect(shownScore(queue).game).toEqual({ defender: '40', challenger: '15' });
    expect(shownScore(queue).seq).toBe(4);
    expect(unsentPoints(queue)).toEqual([
      { seq: 3, winner: C },
      { seq: 4, winner: D },
    ]);
  });

  it('over by its last point, the match point may still be undone (DESIGN.md §13); after a games-only End, nothing', () => {
    // 6–0 6–0 to the defender: 48 points.
    const won = Array<Side>(48).fill(D);
    const queued = tap(queueOf(won.slice(0, 47)), point(D));
    expect(shownScore(queued).finished).toBe(true);
    expect(tap(queued, point(C))).toBe(queued);
    expect(mayUndo(queued)).toBe(true);
    expect(tap(queued, { kind: 'undo' }).actions).toEqual([]);
    const answered: ScorerQueue = { ...emptyQueue(RULES, at(won, true)), actions: [] };
    expect(tap(answered, { kind: 'undo' }).actions).toEqual([{ kind: 'undo', seq: 48 }]);
    // The server takes it back: its answer is the state the queue expected, live again, not another scorer's.
    const undoing = markSent(tap(answered, { kind: 'undo' }));
    expect(reconcile(undoing, at(won.slice(0, 47)))).toMatchObject({
      kind: 'in-step',
      queue: { actions: [] },
    });
    const gamesOnly: ScorerQueue = {
      ...emptyQueue({ ...RULES, matchType: 'GAMESONLY' }, at([D, D, D, D])),
      actions: [{ kind: 'end', seq: 4 }],
    };
    expect(mayUndo(gamesOnly)).toBe(false);
    expect(tap(gamesOnly, { kind: 'undo' })).toBe(gamesOnly);
    expect(mayUndo(queueOf([]))).toBe(false);
  });

  it('once the server says the result stays (it counts, or is disputed), Undo is not offered and does nothing', () => {
    const won = Array<Side>(48).fill(D);
    const stays: ScorerQueue = emptyQueue(RULES, { ...at(won, true), resultStays: true });
    expect(mayUndo(stays)).toBe(false);
    expect(tap(stays, { kind: 'undo' })).toBe(stays);
    // The same state while the result waits for the other side: the match point may go.
    expect(mayUndo(emptyQueue(RULES, at(won, true)))).toBe(true);
    // Heard again, the server's word is kept.
    expect(reconcile(stays, { ...at(won, true), resultStays: true })).toMatchObject({
      kind: 'in-step',
      queue: { server: { resultStays: true } },
    });
  });

  it('an undo takes back a queued point, unless it is on its way; else it queues the undo of the server’s last', () => {
    const queued = tap(queueOf([D]), point(C));
    expect(tap(queued, { kind: 'undo' }).actions).toEqual([]);
    expect(tap(markSent(queued), { kind: 'undo' }).actions).toEqual([
      { kind: 'point', seq: 2, winner: C },
      { kind: 'undo', seq: 2 },
    ]);
    expect(tap(queueOf([D, C]), { kind: 'undo' }).actions).toEqual([{ kind: 'undo', seq: 2 }]);
    expect(tap(queueOf([]), { kind: 'undo' }).actions).toEqual([]);
    expect(unsentPoints(tap(queueOf([D, C]), { kind: 'undo' }))).toEqual([]);
  });

  it('nothing after the match is over; only a games-only match is ended by its scorer', () => {
    const won = queueOf(Array.from({ length: 48 }, () => D));
    expect(tap(won, point(C)).actions).toEqual([]);
    expect(tap(queueOf([D]), { kind: 'end' }).actions).toEqual([]);
    const gamesOnly = { ...queueOf([D]), rules: { ...RULES, matchType: 'GAMESONLY' as const } };
    const ended = tap(gamesOnly, { kind: 'end' });
    expect(ended.actions).toEqual([{ kind: 'end', seq: 1 }]);
    expect(shownScore(ended).finished).toBe(true);
    expect(tap(ended, point(D)).actions).toEqual([{ kind: 'end', seq: 1 }]);
  });
});

describe('a state the server answers', () => {
  const queue = tap(tap(tap(queueOf([D]), point(C)), point(D)), point(D));

  it('drops the points the server already has, whatever answered it (a 200, a 409, a state read again)', () => {
    const none = reconcile(queue, at([D]));
    expect(none).toEqual({ kind: 'in-step', queue });
    const two = reconcile(queue, at([D, C, D]));
    expect(two.kind).toBe('in-step');
    expect(two.queue.server).toEqual(at([D, C, D]));
    expect(two.queue.actions).toEqual([{ kind: 'point', seq: 4, winner: D }]);
    expect(reconcile(queue, at([D, C, D, D])).queue.actions).toEqual([]);
  });

  it('a state off the queue’s path is another scorer’s: a conflict, the queue kept', () => {
    expect(reconcile(queue, at([D, D]))).toEqual({ kind: 'conflict', queue, server: at([D, D]) });
    expect(reconcile(queue, at([D, C, D, D, C])).kind).toBe('conflict');
    expect(reconcile(queue, at([D, C, D], true)).kind).toBe('conflict');
    expect(reconcile(queueOf([D]), at([D, C, C]))).toEqual({ kind: 'in-step', queue: queueOf([D, C, C]) });
  });

  it('the choice: theirs drops the queue; mine undoes theirs back to the shared points and sends mine', () => {
    const server = at([D, C, C, C]);
    expect(resolve(queue, server, 'theirs')).toEqual(emptyQueue(RULES, server));
    const mine = resolve(queue, server, 'mine');
    expect(mine.actions).toEqual([
      { kind: 'undo', seq: 4 },
      { kind: 'undo', seq: 3 },
      { kind: 'point', seq: 3, winner: D },
      { kind: 'point', seq: 4, winner: D },
    ]);
    expect(target(mine)).toEqual(target(queue));
    expect(resolve(queue, at([D, C], true), 'mine').actions).toEqual([]);
  });
});

/** The server: the real live decider over a match scored live (DESIGN.md §7). */
function liveServer() {
  const match: MatchState = {
    season: {
      seasonId: 's',
      ladderId: 'l',
      matchType: 'BESTOFTHREE',
      earliestDate: '2026-01-01',
      latestDate: '2026-06-30',
      positions: { a: 1, b: 2 },
      confirmHours: 48,
      movement: 'LEAPFROG',
    },
    match: {
      matchId: 'm',
      defenderId: 'a',
      challengerId: 'b',
      defender: { matchSets: [], special: 'none' },
      challenger: { matchSets: [], special: 'none' },
      date: null,
      locationId: null,
      cancelled: false,
      hadWinner: false,
      confirmation: { state: 'confirmed' },
    },
  };
  const now = new Date('2026-03-14T10:00:00Z');
  let state: LiveMatchState = { match };
  const run = (command: LiveCommand) => {
    const events = liveDecider.decide(command, state, now);
    if (isRejection(events)) return events;
    for (const event of events) state = liveDecider.evolve(state, event as never);
    return null;
  };
  run({ type: 'StartLiveScoring', matchId: 'm', firstServer: D, noAd: false, finalSet: 'SUPER_TIEBREAK' });
  const by = { role: 'player' as const, accountId: 'p', side: 'defender' as const };
  const points = (): ServerPoints => {
    const score = scoreOf(state)!;
    return { seq: score.seq, points: [...state.live!.points], finished: score.finished };
  };
  /** A command as the api answers it: the state, or a 409 with the state. */
  const send = (action: QueuedAction): { status: 200 | 409; state: ServerPoints } => {
    const command: LiveCommand =
      action.kind === 'point'
        ? { type: 'ScorePoint', matchId: 'm', seq: action.seq, winner: action.winner, by }
        : action.kind === 'undo'
          ? { type: 'UndoPoint', matchId: 'm', seq: action.seq, by }
          : { type: 'EndLiveMatch', matchId: 'm', seq: action.seq, by };
    const refused = run(command);
    if (refused && !('code' in refused && refused.code === 'SEQ')) throw new Error(JSON.stringify(refused));
    return { status: refused ? 409 : 200, state: points() };
  };
  return { points, send };
}

type Step =
  | { kind: 'score'; winner: Side }
  | { kind: 'undo' }
  | { kind: 'offline' }
  | { kind: 'online' }
  /** The next command goes out: `lost` drops its answer after the server took it, `unsent` never reaches it. */
  | { kind: 'send'; fate: 'answered' | 'lost' | 'unsent' }
  | { kind: 'reload' }
  | { kind: 'other'; winner: Side };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(D, C).map((winner) => ({ kind: 'score' as const, winner })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'online' as const }) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom('answered' as const, 'answered' as const, 'lost' as const, 'unsent' as const)
      .map((fate) => ({ kind: 'send' as const, fate })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);

/** No more than 40 points are scored (by anyone): a best of three is not over before 48. */
function atMost40Points(steps: Step[]): Step[] {
  let points = 0;
  return steps.filter((step) => !(step.kind === 'score' || step.kind === 'other') || ++points <= 40);
}

/**
 * One scorer as the page runs it (hooks/useLiveScorer.ts): taps into the queue, kept on the phone after every
 * change, one command out at a time while online; a lost answer, a reload or a reconnect reads the state again
 * before anything more is sent; every answer is reconciled.
 */
function scorerWorld(server: ReturnType<typeof liveServer>) {
  let queue = emptyQueue(RULES, server.points());
  let stored = queue;
  let online = true;
  /** The state must be read again before the next command (after a lost answer or a reload). */
  let unsure = false;
  const conflicts: ServerPoints[] = [];
  const take = (answer: ServerPoints) => {
    const result = reconcile(queue, answer);
    if (result.kind === 'conflict') conflicts.push(result.server);
    queue = result.queue;
  };
  const keep = () => (stored = queue);
  const resync = () => {
    if (!online || !unsure) return;
    take(server.points());
    unsure = false;
    keep();
  };
  return {
    get queue() {
      return queue;
    },
    conflicts,
    step(step: Step) {
      switch (step.kind) {
        case 'score':
          queue = tap(queue, point(step.winner));
          return keep();
        case 'undo':
          queue = tap(queue, { kind: 'undo' });
          return keep();
        case 'offline':
          online = false;
          return;
        case 'online':
          online = true;
          return resync();
        case 'reload':
          queue = stored;
          unsure = true;
          return resync();
        case 'send': {
          const next = queue.actions[0];
          if (!next || unsure) return;
          if (!online || step.fate === 'unsent') {
            queue = markSent(queue);
            unsure = true;
            return keep();
          }
          queue = markSent(queue);
          keep();
          const answer = server.send(next);
          if (step.fate === 'lost') unsure = true;
          else take(answer.state);
          return keep();
        }
        case 'other':
          server.send({ kind: 'point', seq: server.points().seq + 1, winner: step.winner });
          return;
      }
    },
    /** Back online for good: read the state, then send until the queue is empty. */
    settle() {
      online = true;
      unsure = true;
      resync();
      for (let guard = 0; queue.actions.length > 0 && guard < 500; guard++) {
        take(server.send(queue.actions[0]!).state);
        keep();
      }
    },
  };
}

describe('nothing scored is lost or doubled (a property over the real live rules)', () => {
  it('any interleaving of score, undo, going offline, lost answers, reload and reconnect ends with the server’s points equal to the scorer’s', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 80 }).map(atMost40Points), (steps) => {
        const server = liveServer();
        const world = scorerWorld(server);
        /** What the scorer tapped, as plain points: a point adds, an undo takes back the last. */
        let tapped: Side[] = [];
        for (const step of steps) {
          if (step.kind === 'score') tapped = [...tapped, step.winner];
          if (step.kind === 'undo') tapped = tapped.slice(0, -1);
          world.step(step);
        }
        world.settle();
        expect(world.conflicts).toEqual([]);
        expect(server.points().points).toEqual(target(world.queue).points);
        expect(server.points().points).toEqual(tapped);
        expect(world.queue.actions).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('another scorer’s points are a conflict, and either choice leaves the server and the scorer agreeing', () => {
    const stepOrOther = fc.oneof(
      { weight: 6, arbitrary: stepArb },
      { weight: 1, arbitrary: fc.constantFrom(D, C).map((winner) => ({ kind: 'other' as const, winner })) },
    );
    fc.assert(
      fc.property(
        fc.array(stepOrOther, { maxLength: 60 }).map(atMost40Points),
        fc.boolean(),
        (steps, keepMine) => {
          const server = liveServer();
          const world = scorerWorld(server);
          for (const step of steps) world.step(step);
          world.settle();
          // After a conflict the page asks; the world stopped sending at the first one: settle with the choice.
          let queue = world.queue;
          const conflict = reconcile(queue, server.points());
          if (conflict.kind === 'conflict') {
            const mine = target(queue).points;
            queue = resolve(queue, conflict.server, keepMine ? 'mine' : 'theirs');
            for (const action of queue.actions) expect(server.send(action).status).toBe(200);
            expect(server.points().points).toEqual(keepMine ? mine : conflict.server.points);
          } else {
            expect(server.points().points).toEqual(target(conflict.queue).points);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
