import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../events/src/envelope.ts';
import {
  evolveSeasonHistory,
  initialSeasonHistory,
  positionsOf,
  standingsOfHistory,
  type SeasonHistoryState,
} from '../../events/src/history/season-fold.ts';
import { localDateTime } from '../../events/src/matches/match-dates.ts';

/**
 * The season fold (DESIGN.md §8) in events terms: given a season's events, then the teams, matches and standings
 * the read models show at that point of its history.
 */
const seasonId = 'season-1';
const ladderId = 'ladder-1';
let minute = 0;
/** An event at the next minute of 1 March 2026, noon UTC (a day in every time zone's 1 March). */
const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 12, n)).toISOString();
function event(type: string, payload: Record<string, unknown>, occurredAt = at(minute++)): EventEnvelope {
  return {
    id: `event-${minute}`,
    type,
    schemaVersion: 1,
    companyId: 'company-1',
    streamId: seasonId,
    actorId: 'system',
    occurredAt,
    correlationId: 'c',
    payload: { seasonId, ladderId, ...payload },
  };
}
const given = (...events: EventEnvelope[]) => events.reduce(evolveSeasonHistory, initialSeasonHistory());
const then = (state: SeasonHistoryState, ...events: EventEnvelope[]) =>
  events.reduce(evolveSeasonHistory, state);

const season = (minimumPlayedMatches = 1, matchType = 'BESTOFTHREE') =>
  event('SeasonCreated', {
    name: 'Spring',
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    minimumPlayedMatches,
    matchType,
  });
const registered = (teamId: string) => event('TeamRegistered', { teamId, memberIds: [`${teamId}-player`] });
const accepted = (teamId: string) => event('TeamAccepted', { teamId });
/** Teams a, b, c, … registered and accepted in this order: positions 1, 2, 3, … */
const ladder = (...teamIds: string[]) => teamIds.flatMap((teamId) => [registered(teamId), accepted(teamId)]);
const created = (matchId: string, defenderId: string, challengerId: string, challengeId?: string) =>
  event('MatchCreated', { matchId, defenderId, challengerId, ...(challengeId ? { challengeId } : {}) });
const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });
/** A result 6–3 6–4 for the side that wins. */
const result = (matchId: string, winner: 'defender' | 'challenger', extra: Record<string, unknown> = {}) =>
  event('MatchResultRecorded', {
    matchId,
    defender: winner === 'defender' ? sets(6, 6) : sets(3, 4),
    challenger: winner === 'challenger' ? sets(6, 6) : sets(3, 4),
    ...extra,
  });
const positions = (state: SeasonHistoryState) =>
  Object.fromEntries(Object.values(state.teams).map((team) => [team.teamId, [team.position, team.movement]]));

describe('the ladder and the season', () => {
  it('given a ladder created, then the season shows its name and sport; an update renames it', () => {
    const state = given(
      event('LadderCreated', { name: 'Club ladder', sportsCategory: 'PADEL' }),
      season(),
      event('LadderUpdated', { name: 'Renamed', sportsCategory: 'PADEL' }),
    );
    expect(state.ladder).toEqual({ ladderId, name: 'Renamed', sportsCategory: 'PADEL' });
  });

  it('given the season of one ladder, when another ladder is updated, then nothing changes', () => {
    const state = given(event('LadderCreated', { name: 'Ours', sportsCategory: 'TENNISSINGLE' }), season());
    expect(then(state, event('LadderUpdated', { ladderId: 'ladder-2', name: 'Theirs' }))).toBe(state);
  });

  it('given a season created and updated, then it holds the updated fields', () => {
    const state = given(
      season(),
      event('SeasonUpdated', {
        name: 'Summer',
        startDate: '2026-07-01',
        endDate: '2026-08-31',
        minimumPlayedMatches: 4,
        matchType: 'BESTOFFIVE',
      }),
    );
    expect(state.season).toEqual({
      seasonId,
      ladderId,
      name: 'Summer',
      startDate: '2026-07-01',
      endDate: '2026-08-31',
      minimumPlayedMatches: 4,
      matchType: 'BESTOFFIVE',
    });
  });

  it.each([
    'LadderDeleted',
    'SeasonDeleted',
    'SeasonRulesChanged',
    'PartnerRequested',
    'PartnerRequestAccepted',
    'PartnerRequestDeclined',
    'PartnerRequestWithdrawn',
    'PartnerRequestLapsed',
    'PlayersInvited',
    'InvitationRevoked',
    'InvitationAccepted',
    'AccountCreated',
  ])('when %s, then the season is as it was', (type) => {
    const state = given(season(), ...ladder('a'));
    expect(then(state, event(type, { teamId: 'a', requestId: 'r1' }))).toBe(state);
  });
});

describe('teams', () => {
  it('given a team registered, then it waits without a place; registered twice, then it is the first', () => {
    const state = given(
      season(),
      registered('a'),
      event('TeamRegistered', { teamId: 'a', memberIds: ['someone-else'] }),
    );
    expect(state.teams).toEqual({
      a: {
        teamId: 'a',
        memberIds: ['a-player'],
        status: 'waiting',
        position: null,
        movement: 0,
        joinDate: null,
        leaveDate: null,
      },
    });
    expect(state.order).toEqual([]);
  });

  it('given teams accepted, then they stand last in the order they joined, with their join day, unmoved', () => {
    const state = given(season(), ...ladder('a', 'b'));
    expect(state.order).toEqual(['a', 'b']);
    expect(state.teams.b).toMatchObject({
      status: 'active',
      position: 2,
      movement: 0,
      joinDate: '2026-03-01',
    });
    expect(positionsOf(state)).toEqual({ a: 1, b: 2 });
  });

  it('when a team is accepted again, or a team unknown, then nothing changes', () => {
    const state = given(season(), ...ladder('a', 'b'));
    expect(then(state, accepted('a'))).toBe(state);
    expect(then(state, accepted('nobody'))).toBe(state);
    expect(then(state, event('TeamRemoved', { teamId: 'nobody' }))).toBe(state);
  });

  it('when a waiting team is rejected, then it is rejected and has no place', () => {
    const state = given(season(), ...ladder('a'), registered('b'), event('TeamRejected', { teamId: 'b' }));
    expect(state.teams.b).toMatchObject({ status: 'rejected', position: null, joinDate: null });
    expect(state.order).toEqual(['a']);
  });

  it('when a team is removed, then it leaves on that day and the teams below move up one', () => {
    const state = given(season(), ...ladder('a', 'b', 'c'), event('TeamRemoved', { teamId: 'a' }));
    expect(state.teams.a).toMatchObject({ status: 'left', position: null, leaveDate: '2026-03-01' });
    expect(state.order).toEqual(['b', 'c']);
    expect(positions(state)).toEqual({ a: [null, 0], b: [1, 1], c: [2, 1] });
  });

  it('when a team is moved to a place, then it moved by the difference and the teams between shift by one', () => {
    const state = given(
      season(),
      ...ladder('a', 'b', 'c'),
      event('TeamPositionChanged', { teamId: 'c', position: 1 }),
    );
    expect(state.order).toEqual(['c', 'a', 'b']);
    expect(positions(state)).toEqual({ a: [2, -1], b: [3, -1], c: [1, 2] });
  });

  it('when a team not on the ladder is moved, then nothing changes', () => {
    const state = given(season(), ...ladder('a'), registered('b'));
    expect(then(state, event('TeamPositionChanged', { teamId: 'b', position: 1 }))).toBe(state);
  });

  it('when a team drops for inactivity below the team that passed it, then the two change places', () => {
    const state = given(
      season(),
      ...ladder('a', 'b', 'c'),
      event('TeamDroppedForInactivity', { teamId: 'a', passedBy: 'b' }),
    );
    expect(state.order).toEqual(['b', 'a', 'c']);
    expect(positions(state)).toEqual({ a: [2, -1], b: [1, 1], c: [3, 0] });
  });

  it('when a challenger leapfrogs, then it takes the defender’s place; when teams swap, they change places', () => {
    const leapt = given(
      season(),
      ...ladder('a', 'b', 'c'),
      event('ChallengerLeapfrogged', { matchId: 'm1', challengerId: 'c', defenderId: 'a' }),
    );
    expect(leapt.order).toEqual(['c', 'a', 'b']);
    const swapped = then(
      leapt,
      event('ChallengerSwapped', { matchId: 'm2', challengerId: 'b', defenderId: 'c' }),
    );
    expect(swapped.order).toEqual(['b', 'a', 'c']);
    expect(positions(swapped)).toEqual({ a: [2, -1], b: [1, 2], c: [3, -2] });
  });
});

describe('matches', () => {
  const planned = {
    matchId: 'm1',
    defenderId: 'a',
    challengerId: 'b',
    status: 'planned',
    defender: { matchSets: [], special: 'none' },
    challenger: { matchSets: [], special: 'none' },
    winner: null,
    date: null,
    confirmation: { state: 'confirmed' },
  };

  it('given a match created, then it is planned without a score, created and changed then; once only', () => {
    const creation = created('m1', 'a', 'b');
    const state = given(season(), ...ladder('a', 'b'), creation);
    expect(state.matches.m1).toEqual({
      ...planned,
      createdAt: creation.occurredAt,
      updatedAt: creation.occurredAt,
    });
    expect(then(state, created('m1', 'b', 'a'))).toBe(state);
    expect(given(created('m2', 'a', 'b', 'challenge-1')).matches.m2!.challengeId).toBe('challenge-1');
  });

  it('when a result is recorded, then the match has its score, status and winner, changed then and confirmed', () => {
    const state = given(season(), ...ladder('a', 'b'), created('m1', 'a', 'b'));
    const recorded = event('MatchResultRecorded', {
      matchId: 'm1',
      defender: sets(3, 4),
      challenger: sets(6, 6),
    });
    const after = then(state, recorded);
    expect(after.matches.m1).toMatchObject({
      defender: sets(3, 4),
      challenger: sets(6, 6),
      status: 'completed',
      winner: 'challenger',
      updatedAt: recorded.occurredAt,
      confirmation: { state: 'confirmed' },
    });
  });

  it('when a result is recorded without a season, or for a cancelled or unknown match, then nothing changes', () => {
    const noSeason = given(...ladder('a', 'b'), created('m1', 'a', 'b'));
    expect(then(noSeason, result('m1', 'defender'))).toBe(noSeason);
    const cancelled = given(season(), created('m1', 'a', 'b'), event('MatchCancelled', { matchId: 'm1' }));
    expect(then(cancelled, result('m1', 'defender'))).toBe(cancelled);
    expect(then(cancelled, result('m9', 'defender'))).toBe(cancelled);
  });

  it('a pending result waits for the other side: its deadline, who entered it and for which side', () => {
    const state = given(
      season(),
      created('m1', 'a', 'b'),
      result('m1', 'defender', {
        pending: { dueAt: '2026-03-03T12:00:00+00:00', enteredBy: 'a-player', side: 'defender' },
      }),
    );
    expect(state.matches.m1!.confirmation).toEqual({
      state: 'pending',
      dueAt: '2026-03-03T12:00:00.000Z',
      enteredBy: 'a-player',
      side: 'defender',
    });
  });

  it('when a pending result is disputed, then it is disputed with the reason; a new result drops the reason', () => {
    const pending = { pending: { dueAt: at(900), enteredBy: 'a-player', side: 'defender' } };
    const disputedEvent = event('ResultDisputed', { matchId: 'm1', reason: 'wrong score' });
    const disputed = given(
      season(),
      created('m1', 'a', 'b'),
      result('m1', 'defender', pending),
      disputedEvent,
    );
    expect(disputed.matches.m1).toMatchObject({
      confirmation: { state: 'disputed', enteredBy: 'a-player', side: 'defender' },
      disputeReason: 'wrong score',
      updatedAt: disputedEvent.occurredAt,
    });
    // Disputed once: a second dispute is not a pending result's.
    expect(then(disputed, event('ResultDisputed', { matchId: 'm1', reason: 'again' }))).toBe(disputed);
    const again = then(disputed, result('m1', 'challenger'));
    expect(again.matches.m1!.disputeReason).toBeUndefined();
    expect(again.matches.m1!.confirmation).toEqual({ state: 'confirmed' });
  });

  it('when a disputed result is confirmed, then it counts: who entered it stays, deadline and reason go', () => {
    const pending = { pending: { dueAt: at(900), enteredBy: 'a-player', side: 'defender' } };
    const confirmedEvent = event('ResultConfirmed', { matchId: 'm1' });
    const state = given(
      season(),
      created('m1', 'a', 'b'),
      result('m1', 'defender', pending),
      event('ResultDisputed', { matchId: 'm1', reason: 'wrong score' }),
      confirmedEvent,
    );
    expect(state.matches.m1!.confirmation).toEqual({
      state: 'confirmed',
      enteredBy: 'a-player',
      side: 'defender',
    });
    expect(state.matches.m1!.disputeReason).toBeUndefined();
    expect(state.matches.m1!.updatedAt).toBe(confirmedEvent.occurredAt);
    // Confirmed already: nothing to confirm.
    expect(then(state, event('ResultConfirmed', { matchId: 'm1' }))).toBe(state);
    const confirmedAtOnce = given(season(), created('m1', 'a', 'b'), result('m1', 'defender'));
    expect(then(confirmedAtOnce, event('ResultConfirmed', { matchId: 'm1' }))).toBe(confirmedAtOnce);
    expect(then(confirmedAtOnce, event('ResultDisputed', { matchId: 'm1', reason: 'x' }))).toBe(
      confirmedAtOnce,
    );
  });

  it('when a pending result is withdrawn with its match point, then the match is planned again, without a result (DESIGN.md §13)', () => {
    const pending = { pending: { dueAt: at(900), enteredBy: 'a-player', side: 'defender' } };
    const withdrawn = event('ResultWithdrawn', { matchId: 'm1', withdrawnBy: 'a-player' });
    const planned = given(season(), created('m1', 'a', 'b'));
    const state = then(
      given(season(), created('m1', 'a', 'b'), result('m1', 'defender', pending)),
      withdrawn,
    );
    const { createdAt: _created, updatedAt: _updated, ...plannedMatch } = planned.matches.m1!;
    expect(state.matches.m1).toEqual({
      ...plannedMatch,
      createdAt: expect.any(String),
      updatedAt: withdrawn.occurredAt,
    });
    // Only a result that waits is withdrawn: one that counts, a disputed one, or a cancelled match stays.
    const counts = given(season(), created('m1', 'a', 'b'), result('m1', 'defender'));
    expect(then(counts, withdrawn)).toBe(counts);
    const disputed = then(
      given(season(), created('m1', 'a', 'b'), result('m1', 'defender', pending)),
      event('ResultDisputed', { matchId: 'm1', reason: 'x' }),
    );
    expect(then(disputed, withdrawn)).toBe(disputed);
    const cancelled = then(
      given(season(), created('m1', 'a', 'b'), result('m1', 'defender', pending)),
      event('MatchCancelled', { matchId: 'm1' }),
    );
    expect(then(cancelled, withdrawn)).toBe(cancelled);
  });

  it('when a match is rescheduled, then it has the date; a cancelled match keeps what it had', () => {
    const moved = event('MatchRescheduled', { matchId: 'm1', date: '2026-04-01T18:00' });
    const state = given(season(), created('m1', 'a', 'b'), moved);
    expect(state.matches.m1).toMatchObject({ date: '2026-04-01T18:00', updatedAt: moved.occurredAt });
    const cancelledEvent = event('MatchCancelled', { matchId: 'm1' });
    const cancelled = then(state, cancelledEvent);
    expect(cancelled.matches.m1).toMatchObject({ status: 'cancelled', updatedAt: cancelledEvent.occurredAt });
    expect(then(cancelled, event('MatchRescheduled', { matchId: 'm1', date: '2026-05-01T18:00' }))).toBe(
      cancelled,
    );
    expect(then(cancelled, event('MatchCancelled', { matchId: 'm1' }))).toBe(cancelled);
  });
});

describe('a match scored live', () => {
  const start = (matchId = 'm1') =>
    event('LiveScoringStarted', {
      matchId,
      firstServer: 'defender',
      noAd: false,
      finalSet: 'SUPER_TIEBREAK',
    });
  const point = (seq: number, winner = 'defender', matchId = 'm1') =>
    event('PointScored', { matchId, seq, winner });
  /** The defender wins a love game: 4 points from `from`. */
  const loveGame = (from: number) => [point(from), point(from + 1), point(from + 2), point(from + 3)];

  it('given live scoring started, then the match holds its rules and no points; started twice, then the first', () => {
    const started = start();
    const state = given(season(), created('m1', 'a', 'b'), started);
    expect(state.matches.m1!.live).toEqual({
      firstServer: 'defender',
      noAd: false,
      finalSet: 'SUPER_TIEBREAK',
      points: [],
      ended: false,
      updatedAt: started.occurredAt,
    });
    expect(then(state, start())).toBe(state);
    // Without a season there are no rules to score by.
    const noSeason = given(created('m1', 'a', 'b'));
    expect(then(noSeason, start())).toBe(noSeason);
  });

  it('when a game is won, then the set scores follow the points, changed then', () => {
    const game = loveGame(1);
    const state = given(season(), created('m1', 'a', 'b'), start(), ...game);
    expect(state.matches.m1!.live!.points).toEqual(['defender', 'defender', 'defender', 'defender']);
    expect(state.matches.m1!.live!.updatedAt).toBe(game[3]!.occurredAt);
    expect(state.matches.m1!.defender).toEqual({ matchSets: [{ score: 1 }], special: 'none' });
    expect(state.matches.m1!.challenger).toEqual({ matchSets: [{ score: 0 }], special: 'none' });
    expect(state.matches.m1!.updatedAt).toBe(game[3]!.occurredAt);
  });

  it('a point inside a game changes the live points, and the match only when its set score changes', () => {
    const started = start();
    const state = given(season(), created('m1', 'a', 'b'), started, point(1), point(2));
    // The set score 0–0 shows from the start; points inside the first game change nothing the match shows.
    expect(state.matches.m1!.updatedAt).toBe(started.occurredAt);
    expect(state.matches.m1!.live!.points).toEqual(['defender', 'defender']);
    expect(state.matches.m1!.defender).toEqual({ matchSets: [{ score: 0 }], special: 'none' });
  });

  it('when a point comes with a number that does not fit, then nothing changes', () => {
    const state = given(season(), created('m1', 'a', 'b'), start(), point(1));
    expect(then(state, point(1))).toBe(state);
    expect(then(state, point(3))).toBe(state);
    expect(then(state, event('PointUndone', { matchId: 'm1', seq: 2 }))).toBe(state);
    expect(then(state, event('LiveMatchEnded', { matchId: 'm1', seq: 2 }))).toBe(state);
    const notLive = given(season(), created('m1', 'a', 'b'));
    expect(then(notLive, point(1))).toBe(notLive);
    expect(then(notLive, event('PointUndone', { matchId: 'm1', seq: 0 }))).toBe(notLive);
    expect(then(notLive, event('LiveMatchEnded', { matchId: 'm1', seq: 0 }))).toBe(notLive);
  });

  it('when the last point is undone, then it is gone and the set score with it', () => {
    const state = given(season(), created('m1', 'a', 'b'), start(), ...loveGame(1));
    const undone = then(state, event('PointUndone', { matchId: 'm1', seq: 4 }));
    expect(undone.matches.m1!.live!.points).toHaveLength(3);
    expect(undone.matches.m1!.defender).toEqual({ matchSets: [{ score: 0 }], special: 'none' });
  });

  it('when a games-only match is ended, then it is ended once, and its score stays as the result recorded it', () => {
    const state = given(season(1, 'GAMESONLY'), created('m1', 'a', 'b'), start(), ...loveGame(1));
    const ended = then(state, event('LiveMatchEnded', { matchId: 'm1', seq: 4 }));
    expect(ended.matches.m1!.live!.ended).toBe(true);
    // The engine says it is over: the result comes as its own event, the fold leaves the scores as they were.
    expect(ended.matches.m1!.defender).toEqual(state.matches.m1!.defender);
    expect(then(ended, event('LiveMatchEnded', { matchId: 'm1', seq: 4 }))).toBe(ended);
  });

  it('a match with a result already keeps its score while points are counted', () => {
    const state = given(
      season(),
      created('m1', 'a', 'b'),
      result('m1', 'challenger'),
      start(),
      ...loveGame(1),
    );
    expect(state.matches.m1!.live!.points).toHaveLength(4);
    expect(state.matches.m1!.challenger).toEqual(sets(6, 6));
  });
});

describe('standings at a point of the history', () => {
  it('count only confirmed, not cancelled results with a winner: played, won, lost, last played, minimum met', () => {
    const state = given(
      season(2),
      ...ladder('a', 'b', 'c'),
      created('m1', 'a', 'b'),
      event('MatchRescheduled', { matchId: 'm1', date: '2026-02-20T18:00' }),
      result('m1', 'defender'),
      created('m2', 'a', 'c'),
      event('MatchRescheduled', { matchId: 'm2', date: '2026-02-25T18:00' }),
      result('m2', 'challenger'),
      created('m3', 'b', 'c'),
      result('m3', 'defender'),
      event('MatchCancelled', { matchId: 'm3' }),
      created('m4', 'b', 'c'),
      result('m4', 'challenger', { pending: { dueAt: at(900), enteredBy: 'c-player', side: 'challenger' } }),
      created('m5', 'b', 'c'),
    );
    expect(standingsOfHistory(state)).toEqual([
      {
        teamId: 'a',
        position: 1,
        joinDate: '2026-03-01',
        movement: 0,
        memberIds: ['a-player'],
        played: 2,
        won: 1,
        lost: 1,
        lastPlayedAt: '2026-02-25T18:00',
        minimumMet: true,
      },
      expect.objectContaining({ teamId: 'b', position: 2, played: 1, won: 0, lost: 1, minimumMet: false }),
      expect.objectContaining({ teamId: 'c', position: 3, played: 1, won: 1, lost: 0, minimumMet: false }),
    ]);
    expect(standingsOfHistory(state)[1]!.lastPlayedAt).toBe('2026-02-20T18:00');
  });

  it('an undated result counts when it was recorded; the latest of a team’s results is its last played', () => {
    const late = result('m2', 'defender');
    const state = given(
      season(0),
      ...ladder('a', 'b'),
      created('m1', 'a', 'b'),
      event('MatchRescheduled', { matchId: 'm1', date: '2026-02-20T18:00' }),
      result('m1', 'defender'),
      created('m2', 'a', 'b'),
      late,
    );
    const [a] = standingsOfHistory(state);
    expect(a).toMatchObject({
      played: 2,
      won: 2,
      lastPlayedAt: localDateTime(late.occurredAt),
      minimumMet: true,
    });
    // The earlier match last: the later one still counts as last played.
    const reversed = given(
      season(0),
      ...ladder('a', 'b'),
      created('m2', 'a', 'b'),
      result('m2', 'defender'),
      created('m1', 'a', 'b'),
      event('MatchRescheduled', { matchId: 'm1', date: '2026-02-20T18:00' }),
      result('m1', 'defender'),
    );
    expect(standingsOfHistory(reversed)[0]!.lastPlayedAt).not.toBe('2026-02-20T18:00');
  });

  it('without a season no minimum applies; a team without results has played none', () => {
    const state = given(...ladder('a'));
    expect(standingsOfHistory(state)).toEqual([
      expect.objectContaining({ played: 0, won: 0, lost: 0, lastPlayedAt: null, minimumMet: true }),
    ]);
  });
});
