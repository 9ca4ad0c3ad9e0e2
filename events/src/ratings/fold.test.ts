import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../envelope.ts';
import { expectedScore, INITIAL_RATING, ratePeriod, sideOf } from './glicko2.ts';
import {
  countedResults,
  evolveRatings,
  initialRatings,
  rateInOrder,
  ratingKey,
  ratingsOf,
  type RatingsState,
} from './fold.ts';

const ladderId = '00000000-0000-4000-8000-00000000000a';
const padelLadderId = '00000000-0000-4000-8000-00000000000b';
const seasonId = '00000000-0000-4000-8000-000000000001';
const padelSeasonId = '00000000-0000-4000-8000-000000000002';
const [ann, bob, cas, dee] = ['ann', 'bob', 'cas', 'dee'].map(
  (name, index) => `00000000-0000-4000-8000-a0000000000${index + 1}`,
) as [string, string, string, string];
const team = (n: number) => `00000000-0000-4000-8000-b0000000000${n}`;
const match = (n: number) => `00000000-0000-4000-8000-c000000000${String(n).padStart(2, '0')}`;

let minute = 0;
function event(type: string, payload: Record<string, unknown>): EventEnvelope {
  minute += 1;
  return {
    id: `00000000-0000-4000-8000-${String(minute).padStart(12, '0')}`,
    type,
    schemaVersion: 1,
    companyId: 'club',
    streamId: 'stream',
    actorId: 'someone',
    occurredAt: new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString(),
    correlationId: 'c',
    payload,
  };
}

const ladder = (id: string, sportsCategory: string) =>
  event('LadderCreated', { ladderId: id, name: 'Ladder', email: 'l@example.org', sportsCategory });
const season = (id: string, onLadder: string) =>
  event('SeasonCreated', {
    seasonId: id,
    ladderId: onLadder,
    name: 'Spring',
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    minimumPlayedMatches: 0,
    openForRegistration: true,
    matchType: 'BESTOFTHREE',
  });
const registered = (teamId: string, ...memberIds: string[]) =>
  event('TeamRegistered', { seasonId, teamId, memberIds });
const planned = (matchId: string, defenderId: string, challengerId: string, inSeason = seasonId) =>
  event('MatchCreated', {
    matchId,
    seasonId: inSeason,
    ladderId: inSeason === seasonId ? ladderId : padelLadderId,
    defenderId,
    challengerId,
  });
const won = { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' };
const lost = { matchSets: [{ score: 2 }, { score: 3 }], special: 'none' };
const ref = (matchId: string, inSeason = seasonId) => ({
  matchId,
  seasonId: inSeason,
  ladderId: inSeason === seasonId ? ladderId : padelLadderId,
});
/** A result a manager entered: it counts at once. */
const result = (matchId: string, winner: 'defender' | 'challenger', inSeason = seasonId) =>
  event('MatchResultRecorded', {
    ...ref(matchId, inSeason),
    defender: winner === 'defender' ? won : lost,
    challenger: winner === 'defender' ? lost : won,
  });
const pending = (matchId: string, winner: 'defender' | 'challenger') =>
  event('MatchResultRecorded', {
    ...ref(matchId),
    defender: winner === 'defender' ? won : lost,
    challenger: winner === 'defender' ? lost : won,
    pending: { enteredBy: ann, side: 'defender', dueAt: '2026-03-03T10:00:00Z' },
  });
const special = (matchId: string, side: 'defender' | 'challenger', kind: 'walkover' | 'retired') =>
  event('MatchResultRecorded', {
    ...ref(matchId),
    defender:
      side === 'defender'
        ? { matchSets: [{ score: 3 }], special: kind }
        : { matchSets: [{ score: 1 }], special: 'none' },
    challenger:
      side === 'challenger'
        ? { matchSets: [{ score: 1 }], special: kind }
        : { matchSets: [{ score: 3 }], special: 'none' },
  });
const confirmed = (matchId: string) => event('ResultConfirmed', { ...ref(matchId), confirmedBy: bob });
const cancelled = (matchId: string) => event('MatchCancelled', ref(matchId));

/** Given these events, then the ratings are: the fold's specs in events terms. */
const given = (events: EventEnvelope[]): RatingsState => events.reduce(evolveRatings, initialRatings());
const singles = [
  ladder(ladderId, 'TENNISSINGLE'),
  season(seasonId, ladderId),
  registered(team(1), ann),
  registered(team(2), bob),
];
const ratingOf = (state: RatingsState, playerId: string, category = 'TENNISSINGLE') =>
  ratingsOf(state)[ratingKey(category as 'TENNISSINGLE', playerId)];

describe('ratings: which results rate', () => {
  it('rates both players of a result a manager entered, as one Glicko-2 period each', () => {
    const state = given([...singles, planned(match(1), team(1), team(2)), result(match(1), 'defender')]);

    const expected = ratePeriod(INITIAL_RATING, [{ ...INITIAL_RATING, score: 1 }]);
    expect(ratingOf(state, ann)).toMatchObject({ ...expected, matches: 1 });
    expect(ratingOf(state, bob)!.rating).toBeCloseTo(3000 - expected.rating, 6);
  });

  it('explains every change: before and after, the deviations, the chance to win, the opponents', () => {
    const entered = result(match(1), 'challenger');
    const state = given([...singles, planned(match(1), team(1), team(2)), entered]);

    expect(ratingOf(state, bob)!.changes).toEqual([
      {
        matchId: match(1),
        at: entered.occurredAt,
        before: 1500,
        after: ratingOf(state, bob)!.rating,
        deviationBefore: 350,
        deviationAfter: ratingOf(state, bob)!.deviation,
        expected: 0.5,
        won: true,
        opponents: [{ playerId: ann, rating: 1500 }],
      },
    ]);
    expect(ratingOf(state, ann)!.changes[0]).toMatchObject({ won: false, opponents: [{ playerId: bob }] });
  });

  it('waits for a pending result to be confirmed, and rates it then', () => {
    const waiting = given([...singles, planned(match(1), team(1), team(2)), pending(match(1), 'defender')]);
    const done = given([
      ...singles,
      planned(match(1), team(1), team(2)),
      pending(match(1), 'defender'),
      confirmed(match(1)),
    ]);

    expect(ratingsOf(waiting)).toEqual({});
    expect(ratingOf(done, ann)!.rating).toBeGreaterThan(1500);
  });

  it('rates no walkover and no result without a winner, but a retirement is a loss of the side that retired', () => {
    const walkover = given([
      ...singles,
      planned(match(1), team(1), team(2)),
      special(match(1), 'defender', 'walkover'),
    ]);
    const draw = given([
      ...singles,
      planned(match(1), team(1), team(2)),
      event('MatchResultRecorded', {
        ...ref(match(1)),
        defender: { matchSets: [{ score: 6 }], special: 'none' },
        challenger: { matchSets: [{ score: 4 }], special: 'none' },
      }),
    ]);
    const retired = given([
      ...singles,
      planned(match(1), team(1), team(2)),
      special(match(1), 'defender', 'retired'),
    ]);

    expect(ratingsOf(walkover)).toEqual({});
    expect(ratingsOf(draw)).toEqual({});
    expect(ratingOf(retired, ann)!.rating).toBeLessThan(1500);
    expect(ratingOf(retired, bob)!.rating).toBeGreaterThan(1500);
  });

  it('rates nothing for a cancelled match, and a result entered after the cancel changes nothing', () => {
    const state = given([
      ...singles,
      planned(match(1), team(1), team(2)),
      cancelled(match(1)),
      result(match(1), 'defender'),
    ]);

    expect(ratingsOf(state)).toEqual({});
  });

  it('rates no match of a team against itself, nor one with a player on both sides or a side without players', () => {
    const itself = given([...singles, planned(match(1), team(1), team(1)), result(match(1), 'defender')]);
    const shared = given([
      ...singles,
      registered(team(3), ann, cas),
      planned(match(1), team(1), team(3)),
      result(match(1), 'defender'),
    ]);
    const empty = given([...singles, planned(match(1), team(1), team(9)), result(match(1), 'defender')]);
    const emptyDefender = given([
      ...singles,
      planned(match(1), team(9), team(1)),
      result(match(1), 'defender'),
    ]);

    expect(ratingsOf(itself)).toEqual({});
    expect(ratingsOf(shared)).toEqual({});
    expect(ratingsOf(empty)).toEqual({});
    expect(ratingsOf(emptyDefender)).toEqual({});
  });

  it("reads a set's winner by the season's match type as it was last set", () => {
    const oneSet = (matchId: string) =>
      event('MatchResultRecorded', {
        ...ref(matchId),
        defender: { matchSets: [{ score: 6 }], special: 'none' },
        challenger: { matchSets: [{ score: 4 }], special: 'none' },
      });
    const bestOfThree = given([...singles, planned(match(1), team(1), team(2)), oneSet(match(1))]);
    const gamesOnly = given([
      ...singles,
      event('SeasonUpdated', { ...(season(seasonId, ladderId).payload as object), matchType: 'GAMESONLY' }),
      planned(match(1), team(1), team(2)),
      oneSet(match(1)),
    ]);

    expect(ratingsOf(bestOfThree)).toEqual({});
    expect(ratingOf(gamesOnly, ann)!.rating).toBeGreaterThan(1500);
  });

  it('rates a result in the category its ladder had when it was played, also after the ladder changed category', () => {
    const state = given([
      ...singles,
      planned(match(1), team(1), team(2)),
      result(match(1), 'defender'),
      event('LadderUpdated', { ladderId, name: 'Ladder', email: 'l@example.org', sportsCategory: 'PADEL' }),
      planned(match(2), team(1), team(2)),
      result(match(2), 'challenger'),
      result(match(1), 'challenger'), // a correction of the first keeps its category
    ]);

    expect(ratingOf(state, ann)!.matches).toBe(1);
    expect(ratingOf(state, ann)!.changes[0]!.won).toBe(false);
    expect(ratingOf(state, ann, 'PADEL')!.matches).toBe(1);
    expect(ratingOf(state, bob, 'PADEL')!.changes[0]!.won).toBe(true);
  });

  it('places a result when it first counts: one confirmed later comes after one entered in between', () => {
    const confirming = confirmed(match(1));
    const state = given([
      ...singles,
      registered(team(3), cas),
      planned(match(1), team(1), team(2)),
      pending(match(1), 'defender'),
      planned(match(2), team(2), team(3)),
      result(match(2), 'defender'),
      confirming,
    ]);

    expect(state.order.toArray()).toEqual([match(2), match(1)]);
    expect(ratingOf(state, bob)!.changes.map((change) => change.matchId)).toEqual([match(2), match(1)]);
    expect(ratingOf(state, ann)!.changes[0]!.at).toBe(confirming.occurredAt);
  });

  it('updates only the players of a match', () => {
    const state = given([
      ...singles,
      registered(team(3), cas),
      planned(match(1), team(1), team(2)),
      result(match(1), 'defender'),
    ]);

    expect(ratingOf(state, cas)).toBeUndefined();
  });

  it('keeps each sports category apart', () => {
    const state = given([
      ...singles,
      ladder(padelLadderId, 'PADEL'),
      season(padelSeasonId, padelLadderId),
      registered(team(3), ann, cas),
      registered(team(4), bob, dee),
      planned(match(1), team(1), team(2)),
      result(match(1), 'defender'),
      planned(match(2), team(3), team(4), padelSeasonId),
      result(match(2), 'challenger', padelSeasonId),
    ]);

    expect(ratingOf(state, ann)!.rating).toBeGreaterThan(1500);
    expect(ratingOf(state, ann, 'PADEL')!.rating).toBeLessThan(1500);
    expect(ratingOf(state, ann, 'PADEL')!.matches).toBe(1);
  });
});

describe('ratings: a knockout’s draw matches (DESIGN.md §16)', () => {
  const cup = '00000000-0000-4000-8000-00000000000c';
  const created = (format: string) =>
    event('TournamentCreated', {
      tournamentId: cup,
      companyId: 'club',
      nameId: cup,
      nameSha256: 'a'.repeat(64),
      format,
      sportsCategory: 'PADEL',
      startsAt: '2026-04-01T10:00',
      entries: 'OPEN',
      maxEntrants: 8,
      plate: false,
      courts: 1,
      pointsPerGame: 24,
    });
  const entered = (entryId: string, ...memberIds: string[]) =>
    event('TournamentEntered', { tournamentId: cup, entryId, memberIds });
  const drawMatch = { matchId: match(9), seasonId: cup, ladderId: cup, tournamentId: cup };
  const played = [
    entered(team(8), ann, bob),
    entered(team(9), cas, dee),
    event('MatchCreated', { ...drawMatch, defenderId: team(8), challengerId: team(9) }),
    // 7-6 0-6 7-6: the defender wins best of three; by games (14–18) the challenger would, best of five nobody.
    event('MatchResultRecorded', {
      ...drawMatch,
      defender: { matchSets: [{ score: 7 }, { score: 0 }, { score: 7 }], special: 'none' },
      challenger: { matchSets: [{ score: 6 }, { score: 6 }, { score: 6 }], special: 'none' },
    }),
  ];

  it('rates a knockout’s match in its sport, best of three, its entries’ players as the sides', () => {
    const state = given([created('KNOCKOUT'), ...played]);
    expect(ratingOf(state, ann, 'PADEL')).toMatchObject({ matches: 1 });
    expect(ratingOf(state, ann, 'PADEL')!.rating).toBeGreaterThan(1500);
    expect(ratingOf(state, dee, 'PADEL')!.rating).toBeLessThan(1500);
    expect(ratingOf(state, ann)).toBeUndefined();
  });

  it('a club night gives its tournament no sport or match type of a match: nothing is rated', () => {
    expect(ratingsOf(given([created('AMERICANO'), ...played]))).toEqual({});
  });
});

describe('ratings: doubles and padel by side', () => {
  it("rates each player with their own rating against the other side's mean rating and RMS deviation", () => {
    const state = given([
      ...singles,
      registered(team(3), cas),
      planned(match(1), team(1), team(3)),
      result(match(1), 'defender'), // ann beats cas: ann's rating and deviation differ from dee's now
      ladder(padelLadderId, 'PADEL'),
      season(padelSeasonId, padelLadderId),
    ]);
    const annSingles = ratingOf(state, ann)!;
    const doubles = given([
      ladder(ladderId, 'TENNISDOUBLE'),
      season(seasonId, ladderId),
      registered(team(1), ann, bob),
      registered(team(2), cas, dee),
      registered(team(3), ann),
      registered(team(4), cas),
      // ann first plays a single-member side of this doubles ladder, so the pair meets unequal ratings
      planned(match(1), team(3), team(4)),
      result(match(1), 'defender'),
      planned(match(2), team(1), team(2)),
      result(match(2), 'challenger'),
    ]);
    const rating = (playerId: string) => ratingOf(doubles, playerId, 'TENNISDOUBLE')!;
    const annBefore = rating(ann).changes[0]!;
    const pairOfCasAndDee = sideOf([
      {
        rating: rating(cas).changes[0]!.after,
        deviation: rating(cas).changes[0]!.deviationAfter,
        volatility: 0.06,
      },
      { ...INITIAL_RATING },
    ]);

    expect(annBefore.after).toBeCloseTo(annSingles.rating, 9);
    expect(rating(ann).changes[1]).toMatchObject({
      before: annBefore.after,
      won: false,
      expected: expectedScore({ rating: annBefore.after }, pairOfCasAndDee),
      opponents: [
        { playerId: cas, rating: rating(cas).changes[0]!.after },
        { playerId: dee, rating: 1500 },
      ],
    });
    expect(rating(dee).changes[0]!.opponents.map((o) => o.playerId)).toEqual([ann, bob]);
    expect(rating(bob).matches).toBe(1);
  });
});

describe('ratings: a changed result refolds from it on', () => {
  const threeMatches = [
    ...singles,
    registered(team(3), cas),
    planned(match(1), team(1), team(2)),
    result(match(1), 'defender'),
    planned(match(2), team(2), team(3)),
    result(match(2), 'defender'),
    planned(match(3), team(1), team(3)),
    result(match(3), 'challenger'),
  ];

  it("keeps the changed result's place in the order, and gives what rating the corrected results in that order gives", () => {
    const corrected = given([...threeMatches, result(match(1), 'challenger')]);
    const asIfSoFromTheStart = given([
      ...singles,
      registered(team(3), cas),
      planned(match(1), team(1), team(2)),
      result(match(1), 'challenger'),
      planned(match(2), team(2), team(3)),
      result(match(2), 'defender'),
      planned(match(3), team(1), team(3)),
      result(match(3), 'challenger'),
    ]);

    expect(corrected.order.toArray()).toEqual([match(1), match(2), match(3)]);
    for (const player of [ann, bob, cas]) {
      expect(ratingOf(corrected, player)!.rating).toBeCloseTo(
        ratingOf(asIfSoFromTheStart, player)!.rating,
        9,
      );
      expect(ratingOf(corrected, player)!.changes.map((c) => c.matchId)).toEqual(
        ratingOf(asIfSoFromTheStart, player)!.changes.map((c) => c.matchId),
      );
    }
  });

  it('leaves out a result that no longer counts (cancelled, or pending again) and keeps its place for when it counts again', () => {
    const withoutFirst = given([...threeMatches, cancelled(match(1))]);
    const pendingAgain = given([...threeMatches, pending(match(1), 'challenger')]);
    const confirmedAgain = given([...threeMatches, pending(match(1), 'challenger'), confirmed(match(1))]);
    const corrected = given([...threeMatches, result(match(1), 'challenger')]);

    expect(ratingOf(withoutFirst, ann)!.matches).toBe(1);
    expect(ratingOf(pendingAgain, bob)!.changes.map((c) => c.matchId)).toEqual([match(2)]);
    expect(ratingsOf(confirmedAgain)).toEqual(ratingsOf(corrected));
  });
});

describe('ratings: properties', () => {
  /** Matches between four players, one result each, entered and sometimes corrected later. */
  const scenario = fc.array(
    fc.record({
      defender: fc.integer({ min: 1, max: 4 }),
      challenger: fc.integer({ min: 1, max: 4 }),
      defenderWins: fc.boolean(),
      correctedLater: fc.boolean(),
      pendingFirst: fc.boolean(),
    }),
    { maxLength: 12 },
  );

  it('a fold with corrections equals a recomputation from scratch over the final results in their order', () => {
    fc.assert(
      fc.property(scenario, (games) => {
        const events = [...singles, registered(team(3), cas), registered(team(4), dee)];
        const corrections: EventEnvelope[] = [];
        games.forEach((game, index) => {
          if (game.defender === game.challenger) return;
          const id = match(index + 1);
          events.push(planned(id, team(game.defender), team(game.challenger)));
          const winner = game.defenderWins ? 'defender' : 'challenger';
          if (game.pendingFirst) events.push(pending(id, winner), confirmed(id));
          else events.push(result(id, winner));
          if (game.correctedLater)
            corrections.push(result(id, winner === 'defender' ? 'challenger' : 'defender'));
        });
        const folded = given([...events, ...corrections]);

        const fromScratch = rateInOrder(countedResults(folded));
        expect(ratingsOf(folded)).toEqual(Object.fromEntries(fromScratch));
        // And incrementally, without corrections, the same as from scratch.
        const plain = given(events);
        expect(ratingsOf(plain)).toEqual(Object.fromEntries(rateInOrder(countedResults(plain))));
      }),
    );
  });

  it('moves the winner up and the loser down, always', () => {
    fc.assert(
      fc.property(scenario, (games) => {
        let state = given([...singles, registered(team(3), cas), registered(team(4), dee)]);
        games.forEach((game, index) => {
          if (game.defender === game.challenger) return;
          const id = match(index + 1);
          state = [
            planned(id, team(game.defender), team(game.challenger)),
            result(id, game.defenderWins ? 'defender' : 'challenger'),
          ].reduce(evolveRatings, state);
          for (const player of Object.values(ratingsOf(state))) {
            const last = player.changes.at(-1)!;
            if (last.matchId !== id) continue;
            expect(last.won ? last.after > last.before : last.after < last.before).toBe(true);
            expect(last.expected).toBeGreaterThan(0);
            expect(last.expected).toBeLessThan(1);
          }
        });
      }),
    );
  });
});
