import { describe, expect, it } from 'vitest';
import { isRejection } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import { matchDecider, type MatchActor, type MatchDomainEvent, type MatchState } from '../matches/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { bracketSides, makeBracket, type Bracket } from './bracket.ts';
import {
  changesMadeMatches,
  KNOCKOUT_CONFIRM_HOURS,
  KNOCKOUT_MATCH_TYPE,
  matchesToMake,
  withWinner,
  type Knockout,
} from './knockout.ts';

const T = 'tournament-1';
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
/** The tournament stands in as the season of its draw matches (the loader's): nobody moves, no last day. */
const season: NonNullable<MatchState['season']> = {
  seasonId: T,
  ladderId: T,
  matchType: KNOCKOUT_MATCH_TYPE,
  earliestDate: '2026-04-01',
  latestDate: '9999-12-31',
  positions: {},
  confirmHours: KNOCKOUT_CONFIRM_HOURS,
  movement: 'LEAPFROG',
  format: 'BOX',
};
const ref = (matchId: string) => ({ matchId, seasonId: T, ladderId: T, tournamentId: T });
const made = (matchId: string, defenderId: string, challengerId: string) => ({
  type: 'MatchCreated' as const,
  streamId: matchId,
  payload: { ...ref(matchId), defenderId, challengerId },
});
const given = (event: NewEvent): MatchDomainEvent =>
  ({ type: event.type, payload: event.payload }) as MatchDomainEvent;
const spec = (knockout: Omit<Knockout, 'tournamentId'>, events: MatchDomainEvent[]) =>
  deciderSpec({
    ...matchDecider,
    initialState: (): MatchState => ({ season, knockout: { tournamentId: T, ...knockout } }),
  })(events);

/** "6-4 6-3" → both sides' games; `walkover` gives the side that did not come. */
function games(score: string, walkover?: 'defender' | 'challenger') {
  const sets = score
    .split(' ')
    .filter(Boolean)
    .map((set) => set.split('-').map(Number) as [number, number]);
  const special = (side: 'defender' | 'challenger') => (walkover === side ? 'walkover' : 'none') as 'none';
  return {
    defender: { matchSets: sets.map(([d]) => ({ score: d })), special: special('defender') },
    challenger: { matchSets: sets.map(([, c]) => ({ score: c })), special: special('challenger') },
  };
}
const manager: MatchActor = { role: 'manager' };
const save = (
  matchId: string,
  score: string,
  by: MatchActor = manager,
  walkover?: 'defender' | 'challenger',
) => ({
  type: 'SaveMatch' as const,
  matchId,
  ...games(score, walkover),
  by,
});
const recorded = (matchId: string, score: string, extra: object = {}) => ({
  type: 'MatchResultRecorded' as const,
  streamId: matchId,
  payload: { ...ref(matchId), ...games(score), ...extra },
});

// Five sides in entry order: 1–bye, 4–5, 3–bye, 2–bye; so m1 is e4–e5, m2 e1 against m1's winner, m3 e3–e2, m4 the final.
const five = makeBracket(ids('e', 5), ids('m', 10), false);

describe('a knockout’s draw match is a match of §4–§7 whose winner plays on', () => {
  it('the draw makes the matches both of whose sides are known: round 1’s, and two byes meeting in round 2', () => {
    expect(matchesToMake({ tournamentId: T, bracket: five, winners: {}, made: [] })).toEqual([
      made('m1', 'e4', 'e5'),
      made('m3', 'e3', 'e2'),
    ]);
  });

  it('given m1 made, when a manager enters its result, then the winner stands in round 2 at once: m2 is made', () => {
    spec({ bracket: five, winners: {}, made: ['m1', 'm3'] }, [given(made('m1', 'e4', 'e5'))])
      .when(save('m1', '3-6 2-6'))
      .then([recorded('m1', '3-6 2-6'), made('m2', 'e1', 'e5')]);
  });

  it('a player’s result waits for the other side; its confirmation places the winner', () => {
    const ann: MatchActor = { role: 'player', accountId: 'ann', side: 'defender' };
    const bob: MatchActor = { role: 'player', accountId: 'bob', side: 'challenger' };
    const now = new Date('2026-04-01T10:00:00Z');
    const pending = { enteredBy: 'ann', side: 'defender', dueAt: '2026-04-03T10:00:00.000Z' };
    const knockout = { bracket: five, winners: {}, made: ['m1', 'm3'] };
    spec(knockout, [given(made('m1', 'e4', 'e5'))])
      .when(save('m1', '6-3 6-2', ann), now)
      .then([recorded('m1', '6-3 6-2', { pending })]);
    spec(knockout, [given(made('m1', 'e4', 'e5')), given(recorded('m1', '6-3 6-2', { pending }))])
      .when({ type: 'ConfirmResult', matchId: 'm1', by: bob })
      .then([
        { type: 'ResultConfirmed', streamId: 'm1', payload: { ...ref('m1'), confirmedBy: 'bob' } },
        made('m2', 'e1', 'e4'),
      ]);
  });

  it('a result without a winner yet (one set) places nobody', () => {
    spec({ bracket: five, winners: {}, made: ['m1', 'm3'] }, [given(made('m1', 'e4', 'e5'))])
      .when(save('m1', '6-3'))
      .then([recorded('m1', '6-3')]);
  });

  it('a walkover counts: its winner plays on', () => {
    spec({ bracket: five, winners: {}, made: ['m1', 'm3'] }, [given(made('m1', 'e4', 'e5'))])
      .when(save('m1', '', manager, 'defender'))
      .then([
        { type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref('m1'), ...games('', 'defender') } },
        made('m2', 'e1', 'e5'),
      ]);
  });

  it('a winner whose next opponent is not known yet waits: no match is made', () => {
    spec({ bracket: five, winners: {}, made: ['m1', 'm3'] }, [given(made('m3', 'e3', 'e2'))])
      .when(save('m3', '6-1 6-1'))
      .then([recorded('m3', '6-1 6-1')]);
    spec({ bracket: five, winners: { m1: 'e5', m2: 'e1' }, made: ['m1', 'm2', 'm3'] }, [
      given(made('m3', 'e3', 'e2')),
    ])
      .when(save('m3', '1-6 1-6'))
      .then([recorded('m3', '1-6 1-6'), made('m4', 'e1', 'e2')]);
  });

  it('a counted winner who plays on already stays (ADVANCED); the score may be corrected with the same winner', () => {
    const knockout = { bracket: five, winners: { m1: 'e5' }, made: ['m1', 'm2', 'm3'] };
    const events = [given(made('m1', 'e4', 'e5')), given(recorded('m1', '3-6 2-6'))];
    spec(knockout, events).when(save('m1', '6-3 6-2')).thenRejects({
      reason: 'conflict',
      code: 'ADVANCED',
      message: 'The winner plays on in the draw already: this result stays',
    });
    spec(knockout, events)
      .when(save('m1', '4-6 2-6'))
      .then([recorded('m1', '4-6 2-6')]);
    // Before the next match is made, the winner may still change.
    spec({ ...knockout, made: ['m1', 'm3'] }, events)
      .when(save('m1', '6-3 6-2'))
      .then([recorded('m1', '6-3 6-2'), made('m2', 'e1', 'e4')]);
  });

  it('a draw match is not cancelled (IN_DRAW): a walkover decides it', () => {
    spec({ bracket: five, winners: {}, made: ['m1', 'm3'] }, [given(made('m1', 'e4', 'e5'))])
      .when({ type: 'CancelMatch', matchId: 'm1', by: manager })
      .thenRejects({
        reason: 'conflict',
        code: 'IN_DRAW',
        message: 'A draw match is not cancelled: enter a walkover instead',
      });
  });

  it('the losers of first played matches meet in the plate once both are known', () => {
    const plated = makeBracket(ids('e', 4), ids('m', 10), true);
    // m1 e1–e4, m2 e2–e3, m3 the final; the plate's m4 takes m1's and m2's losers.
    spec({ bracket: plated, winners: { m1: 'e1' }, made: ['m1', 'm2'] }, [given(made('m2', 'e2', 'e3'))])
      .when(save('m2', '6-4 6-4'))
      .then([recorded('m2', '6-4 6-4'), made('m3', 'e1', 'e2'), made('m4', 'e4', 'e3')]);
  });

  it('withWinner sets or takes away one match’s winner; changesMadeMatches sees a made match’s side change', () => {
    expect(withWinner({ m1: 'e1', m2: 'e2' }, 'm1', undefined)).toStrictEqual({ m2: 'e2' });
    expect(withWinner({ m2: 'e2' }, 'm1', 'e4')).toStrictEqual({ m2: 'e2', m1: 'e4' });
    const knockout: Knockout = {
      tournamentId: T,
      bracket: five,
      winners: { m1: 'e5' },
      made: ['m1', 'm2', 'm3'],
    };
    expect(changesMadeMatches(knockout, 'm1', 'e4')).toBe(true);
    expect(changesMadeMatches(knockout, 'm1', undefined)).toBe(true);
    expect(changesMadeMatches(knockout, 'm1', 'e5')).toBe(false);
    expect(changesMadeMatches({ ...knockout, made: ['m1', 'm3'] }, 'm1', 'e4')).toBe(false);
    // m2's winner stands above in the final (its side a), m3's below (side b).
    const final: Knockout = {
      ...knockout,
      winners: { m1: 'e5', m2: 'e1', m3: 'e2' },
      made: ['m1', 'm2', 'm3', 'm4'],
    };
    expect(changesMadeMatches(final, 'm2', 'e5')).toBe(true);
    expect(changesMadeMatches(final, 'm3', 'e3')).toBe(true);
  });
});

/** Plays a whole knockout through the match rules, the upper or lower side winning as `pick` says. */
function playThrough(bracket: Bracket, pick: (matchId: string) => 'defender' | 'challenger') {
  const winners: Record<string, string> = {};
  const created = new Map<string, { defenderId: string; challengerId: string }>();
  const take = (events: NewEvent[]) => {
    for (const event of events.filter((e) => e.type === 'MatchCreated')) {
      const payload = event.payload as { matchId: string; defenderId: string; challengerId: string };
      expect(created.has(payload.matchId)).toBe(false);
      created.set(payload.matchId, payload);
    }
  };
  take(matchesToMake({ tournamentId: T, bracket, winners, made: [] }));
  for (
    let open = [...created.keys()];
    open.length > 0;
    open = [...created.keys()].filter((id) => !winners[id])
  ) {
    const matchId = open[0]!;
    const sides = created.get(matchId)!;
    const loaded: MatchState = {
      season,
      knockout: { tournamentId: T, bracket, winners: { ...winners }, made: [...created.keys()] },
    };
    const state = [given(made(matchId, sides.defenderId, sides.challengerId))].reduce(
      matchDecider.evolve,
      loaded,
    );
    const side = pick(matchId);
    const result = matchDecider.decide(
      save(matchId, side === 'defender' ? '6-0 6-0' : '0-6 0-6'),
      state,
      new Date('2026-04-01T10:00:00Z'),
    );
    if (isRejection(result)) throw new Error(result.message);
    winners[matchId] = side === 'defender' ? sides.defenderId : sides.challengerId;
    take(result);
  }
  return { winners, created };
}

describe('property: any knockout played through', () => {
  it('makes each match once with two real sides, N − 1 in the main draw, and ends in a final with one winner', () => {
    for (let count = 2; count <= 20; count++) {
      for (const plate of [false, true]) {
        for (const seed of [1, 7, 13]) {
          const bracket = makeBracket(ids('e', count), ids('m', 80), plate);
          const pick = (matchId: string) =>
            (Number(matchId.slice(1)) * seed) % 3 === 0 ? 'challenger' : 'defender';
          const { winners, created } = playThrough(bracket, pick);
          const main = new Set(bracket.matches.map((match) => match.matchId));
          expect([...created.keys()].filter((id) => main.has(id))).toHaveLength(count - 1);
          const final = bracket.matches.at(-1)!.matchId;
          expect(winners[final]).toBeDefined();
          // What the rules made is what the bracket shows: both sides known, the winners as played.
          const sides = bracketSides(bracket, winners);
          for (const [matchId, match] of created) {
            expect(sides.get(matchId)).toEqual({ a: match.defenderId, b: match.challengerId });
          }
          // Every plate match with two sides was made and played.
          for (const match of bracket.plate?.matches ?? []) {
            const { a, b } = sides.get(match.matchId)!;
            const real = (slot: unknown) => slot !== null && slot !== 'none';
            expect(created.has(match.matchId)).toBe(real(a) && real(b));
          }
        }
      }
    }
  });
});
