import { describe, expect, it } from 'vitest';
import { matchDecider, type MatchState } from '../matches/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { liveDecider, RESULT_STAYS, scoreOf, type LiveDomainEvent, type LiveMatchState } from './decider.ts';

const now = new Date('2026-03-14T10:00:00Z');
const ref = { matchId: 'm1', seasonId: 'season-1', ladderId: 'ladder-1' };
const noScore = { matchSets: [], special: 'none' as const };
const matchState = (overrides: Partial<NonNullable<MatchState['match']>> = {}): MatchState => ({
  season: {
    seasonId: 'season-1',
    ladderId: 'ladder-1',
    matchType: 'GAMESONLY',
    earliestDate: '2026-03-01',
    latestDate: '2026-06-30',
    positions: { bo: 2, ed: 5 },
    confirmHours: 48,
    movement: 'LEAPFROG',
  },
  match: {
    matchId: 'm1',
    defenderId: 'bo',
    challengerId: 'ed',
    defender: noScore,
    challenger: noScore,
    date: null,
    cancelled: false,
    hadWinner: false,
    confirmation: { state: 'confirmed' },
    locationId: null,
    ...overrides,
  },
});
const spec = (
  given: LiveDomainEvent[],
  match = matchState(),
  matchType: 'BESTOFTHREE' | 'GAMESONLY' = 'BESTOFTHREE',
) =>
  deciderSpec({
    ...liveDecider,
    initialState: (): LiveMatchState => ({ match: { ...match, season: { ...match.season!, matchType } } }),
  })(given);
const started: LiveDomainEvent = {
  type: 'LiveScoringStarted',
  payload: { ...ref, firstServer: 'defender', noAd: false, finalSet: 'SUPER_TIEBREAK' },
};
const point = (seq: number, winner: 'defender' | 'challenger'): LiveDomainEvent => ({
  type: 'PointScored',
  payload: { ...ref, seq, winner },
});
const ed = { role: 'player' as const, accountId: 'ed-1', side: 'challenger' as const };
/** The challenger wins every point: 6–0 6–0 is 48 points. */
const points = (count: number) => Array.from({ length: count }, (_, index) => point(index + 1, 'challenger'));

describe('live scoring (DESIGN.md §7)', () => {
  it('given a planned match, when scoring starts, then LiveScoringStarted with its rules; twice, then refused', () => {
    spec([])
      .when(
        {
          type: 'StartLiveScoring',
          matchId: 'm1',
          firstServer: 'defender',
          noAd: false,
          finalSet: 'SUPER_TIEBREAK',
        },
        now,
      )
      .then([{ type: 'LiveScoringStarted', streamId: 'm1', payload: started.payload }]);
    spec([started])
      .when(
        { type: 'StartLiveScoring', matchId: 'm1', firstServer: 'defender', noAd: false, finalSet: 'SET' },
        now,
      )
      .thenRejects({
        reason: 'conflict',
        message: 'This match is already being scored live',
        code: 'ALREADY_LIVE',
      });
  });

  it('given a match with a result, or cancelled, or unknown, then it cannot be scored live', () => {
    const command = {
      type: 'StartLiveScoring' as const,
      matchId: 'm1',
      firstServer: 'defender' as const,
      noAd: true,
      finalSet: 'SET' as const,
    };
    const played = { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' as const };
    spec(
      [],
      matchState({
        defender: played,
        challenger: { matchSets: [{ score: 1 }, { score: 2 }], special: 'none' },
      }),
    )
      .when(command, now)
      .thenRejects({ reason: 'conflict', message: 'This match has a result already', code: 'HAS_RESULT' });
    spec([], matchState({ cancelled: true }))
      .when(command, now)
      .thenRejects({ reason: 'conflict', message: 'This match was cancelled' });
    expect(liveDecider.decide(command, liveDecider.initialState(), now)).toMatchObject({
      reason: 'not_found',
    });
  });

  it('counts a point only with the next number: a point sent twice is refused, as is a point before the start', () => {
    spec([started, point(1, 'defender')])
      .when({ type: 'ScorePoint', matchId: 'm1', seq: 2, winner: 'challenger', by: ed }, now)
      .then([{ type: 'PointScored', streamId: 'm1', payload: { ...ref, seq: 2, winner: 'challenger' } }]);
    spec([started, point(1, 'defender')])
      .when({ type: 'ScorePoint', matchId: 'm1', seq: 1, winner: 'defender', by: ed }, now)
      .thenRejects({ reason: 'conflict', message: 'Another point was counted meanwhile', code: 'SEQ' });
    spec([])
      .when({ type: 'ScorePoint', matchId: 'm1', seq: 1, winner: 'defender', by: ed }, now)
      .thenRejects({ reason: 'conflict', message: 'This match is not being scored live', code: 'NOT_LIVE' });
  });

  it('takes back only the last point, and folds it away', () => {
    spec([started, point(1, 'defender'), point(2, 'defender')])
      .when({ type: 'UndoPoint', matchId: 'm1', seq: 2 }, now)
      .then([{ type: 'PointUndone', streamId: 'm1', payload: { ...ref, seq: 2 } }]);
    spec([started, point(1, 'defender'), point(2, 'defender')])
      .when({ type: 'UndoPoint', matchId: 'm1', seq: 1 }, now)
      .thenRejects({ reason: 'conflict', message: 'Another point was counted meanwhile', code: 'SEQ' });
    spec([started])
      .when({ type: 'UndoPoint', matchId: 'm1', seq: 0 }, now)
      .thenRejects({ reason: 'conflict', message: 'Another point was counted meanwhile', code: 'SEQ' });
    const state = [
      started,
      point(1, 'defender'),
      point(2, 'challenger'),
      { type: 'PointUndone', payload: { ...ref, seq: 2 } } as LiveDomainEvent,
    ].reduce(liveDecider.evolve, { match: matchState() } as LiveMatchState);
    expect(scoreOf(state)).toMatchObject({ seq: 1, game: { defender: '15', challenger: '0' } });
  });

  it('given one point from the end, when the challenger’s player scores it, then the result is recorded as theirs: pending', () => {
    spec([started, ...points(47)])
      .when({ type: 'ScorePoint', matchId: 'm1', seq: 48, winner: 'challenger', by: ed }, now)
      .then([
        { type: 'PointScored', streamId: 'm1', payload: { ...ref, seq: 48, winner: 'challenger' } },
        {
          type: 'MatchResultRecorded',
          streamId: 'm1',
          payload: {
            ...ref,
            defender: { matchSets: [{ score: 0 }, { score: 0 }], special: 'none' },
            challenger: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' },
            pending: { enteredBy: 'ed-1', side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
          },
        },
      ]);
    spec([started, ...points(48)])
      .when({ type: 'ScorePoint', matchId: 'm1', seq: 49, winner: 'challenger', by: ed }, now)
      .thenRejects({ reason: 'conflict', message: 'This match is over', code: 'FINISHED' });
    spec([started, ...points(48)])
      .when({ type: 'UndoPoint', matchId: 'm1', seq: 48 }, now)
      .thenRejects({ reason: 'conflict', message: RESULT_STAYS, code: 'FINISHED' });
  });
});

describe('a mis-tapped match point is taken back (DESIGN.md §13)', () => {
  const result = {
    defender: { matchSets: [{ score: 0 }, { score: 0 }], special: 'none' as const },
    challenger: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' as const },
  };
  const pending = matchState({
    ...result,
    confirmation: {
      state: 'pending',
      enteredBy: 'ed-1',
      side: 'challenger',
      dueAt: '2026-03-16T10:00:00.000Z',
    },
  });
  const undo = (seq: number, by?: typeof ed) => ({ type: 'UndoPoint' as const, matchId: 'm1', seq, by });
  const over = { reason: 'conflict', message: RESULT_STAYS, code: 'FINISHED' } as const;

  it('given the point that ended the match and its result waiting for the other side, when it is undone, then the result is withdrawn and the point undone', () => {
    spec([started, ...points(48)], pending)
      .when(undo(48, ed), now)
      .then([
        { type: 'ResultWithdrawn', streamId: 'm1', payload: { ...ref, withdrawnBy: 'ed-1' } },
        { type: 'PointUndone', streamId: 'm1', payload: { ...ref, seq: 48 } },
      ]);
    // The same from the events alone: the result the point recorded is folded into the match rules' state.
    const recorded: LiveDomainEvent = {
      type: 'MatchResultRecorded',
      payload: {
        ...ref,
        ...result,
        pending: { enteredBy: 'ed-1', side: 'challenger', dueAt: now.toISOString() },
      },
    };
    spec([started, ...points(48), recorded])
      .when(undo(48, ed), now)
      .then([
        { type: 'ResultWithdrawn', streamId: 'm1', payload: { ...ref, withdrawnBy: 'ed-1' } },
        { type: 'PointUndone', streamId: 'm1', payload: { ...ref, seq: 48 } },
      ]);
    spec([started, ...points(48)], pending)
      .when(undo(47, ed), now)
      .thenRejects({ reason: 'conflict', message: 'Another point was counted meanwhile', code: 'SEQ' });
  });

  it('keeps a result that counts, a disputed one, and one of a games-only match its scorer ended', () => {
    spec([started, ...points(48)], matchState({ ...result, confirmation: { state: 'confirmed' } }))
      .when(undo(48, ed), now)
      .thenRejects(over);
    spec([started, ...points(48)], matchState({ ...result, confirmation: { state: 'disputed' } }))
      .when(undo(48, ed), now)
      .thenRejects(over);
    const ended: LiveDomainEvent = { type: 'LiveMatchEnded', payload: { ...ref, seq: 4 } };
    spec([started, ...points(4), ended], pending, 'GAMESONLY')
      .when(undo(4, ed), now)
      .thenRejects(over);
    // Who withdraws it is written down: a command without an account withdraws nothing.
    spec([started, ...points(48)], pending)
      .when(undo(48), now)
      .thenRejects(over);
  });

  it('folds the withdrawal into the match rules: no result, nothing waiting', () => {
    const folded = matchDecider.evolve(pending, {
      type: 'ResultWithdrawn',
      payload: { ...ref, withdrawnBy: 'ed-1' },
    });
    expect(folded.match).toEqual(matchState().match);
  });
});

describe('a games-only match ends when its scorer says so', () => {
  const games = (defender: number, challenger: number) => [
    ...Array.from({ length: defender * 4 }, () => 'defender' as const),
    ...Array.from({ length: challenger * 4 }, () => 'challenger' as const),
  ];
  const played = (defender: number, challenger: number) =>
    games(defender, challenger).map((winner, index) => point(index + 1, winner));
  const end = (seq: number) => ({ type: 'EndLiveMatch' as const, matchId: 'm1', seq, by: ed });

  it('given 2–5 in games, when the scorer ends it, then the live match ends and the result is the scorer’s: pending', () => {
    spec([started, ...played(2, 5)], matchState(), 'GAMESONLY')
      .when(end(28), now)
      .then([
        { type: 'LiveMatchEnded', streamId: 'm1', payload: { ...ref, seq: 28 } },
        {
          type: 'MatchResultRecorded',
          streamId: 'm1',
          payload: {
            ...ref,
            defender: { matchSets: [{ score: 2 }], special: 'none' },
            challenger: { matchSets: [{ score: 5 }], special: 'none' },
            pending: { enteredBy: 'ed-1', side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
          },
        },
      ]);
  });

  it('refuses to end a best-of match, an end after another point came in, and anything after the end', () => {
    spec([started, ...played(1, 0)])
      .when(end(4), now)
      .thenRejects({
        reason: 'conflict',
        message: 'Only a games-only match is ended by its scorer; this one ends with its last point',
        code: 'NOT_GAMES_ONLY',
      });
    spec([started, ...played(1, 0)], matchState(), 'GAMESONLY')
      .when(end(3), now)
      .thenRejects({ reason: 'conflict', message: 'Another point was counted meanwhile', code: 'SEQ' });
    const ended: LiveDomainEvent = { type: 'LiveMatchEnded', payload: { ...ref, seq: 4 } };
    spec([started, ...played(1, 0), ended], matchState(), 'GAMESONLY')
      .when({ type: 'ScorePoint', matchId: 'm1', seq: 5, winner: 'defender', by: ed }, now)
      .thenRejects({ reason: 'conflict', message: 'This match is over', code: 'FINISHED' });
  });
});

describe('who scores: a signed-in account is what the state says it is to the match', () => {
  const as = (actor: { role: 'manager' } | null): LiveMatchState => ({
    match: { ...matchState(), caller: { accountId: 'zed', actor } },
  });
  const by = { role: 'account' as const, accountId: 'zed' };
  const start = {
    type: 'StartLiveScoring' as const,
    matchId: 'm1',
    firstServer: 'defender' as const,
    noAd: false,
    finalSet: 'SET' as const,
    by,
  };

  it('given an account that is neither player nor manager, when it starts or scores, then 403', () => {
    for (const command of [
      start,
      { type: 'ScorePoint' as const, matchId: 'm1', seq: 1, winner: 'defender' as const, by },
    ]) {
      expect(liveDecider.decide(command, as(null), now)).toEqual({
        kind: 'rejected',
        reason: 'forbidden',
        message: 'Only the players of this match and the club’s managers can change it',
      });
    }
  });

  it('given a manager of the club, when it starts, then LiveScoringStarted', () => {
    expect(liveDecider.decide(start, as({ role: 'manager' }), now)).toMatchObject([
      { type: 'LiveScoringStarted' },
    ]);
  });
});
