import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSet, recalculate } from '../matches/scoring.ts';
import { liveDefaults, liveScore, recordedSides, type LiveConfig, type Side } from './engine.ts';

const D: Side = 'defender';
const C: Side = 'challenger';
const tennis = (
  matchType: LiveConfig['matchType'],
  finalSet: LiveConfig['finalSet'] = 'SET',
): LiveConfig => ({
  matchType,
  firstServer: D,
  noAd: false,
  finalSet,
});
const times = (n: number, side: Side): Side[] => Array.from({ length: n }, () => side);
/** A game won to love by `side`. */
const game = (side: Side): Side[] => times(4, side);
/**
 * The points of a set with this score, as a scoreboard reconstruction: the games alternate as long as both sides
 * have games left, then the side ahead takes the rest, so no set ends early; a tiebreak is played out point by
 * point to its score (alternating, then the winner's last points).
 */
function setPoints(defender: number, challenger: number, tiebreak?: [number, number]): Side[] {
  const points: Side[] = [];
  let [d, c] = [defender, challenger];
  if (tiebreak) [d, c] = [6, 6];
  while (d > 0 || c > 0) {
    // Whoever has more games left to win goes first, so the score never passes a set's end early.
    const side = d >= c ? D : C;
    points.push(...game(side));
    if (side === D) d--;
    else c--;
    if (d > 0 && c > 0 && Math.abs(d - c) <= 1) {
      const second = side === D ? C : D;
      points.push(...game(second));
      if (second === D) d--;
      else c--;
    }
  }
  if (tiebreak) points.push(...tiebreakPoints(tiebreak[0], tiebreak[1]));
  return points;
}
/** Tiebreak (or super tiebreak) points ending exactly at this score. */
function tiebreakPoints(defender: number, challenger: number): Side[] {
  const winner = defender > challenger ? D : C;
  const loserScore = Math.min(defender, challenger);
  const points: Side[] = [];
  for (let i = 0; i < loserScore; i++) points.push(D, C);
  const winnerScore = Math.max(defender, challenger);
  points.push(...times(winnerScore - loserScore, winner));
  return points;
}

describe('the engine against real matches’ scores, reconstructed point by point', () => {
  const cases: Array<{
    match: string;
    config: LiveConfig;
    sets: Array<[number, number, [number, number]?]>;
    winner: Side;
  }> = [
    {
      match: 'Wimbledon 2021 final, Djokovic d. Berrettini 6–7(4) 6–4 6–4 6–3 (Djokovic as defender)',
      config: tennis('BESTOFFIVE'),
      sets: [
        [6, 7, [4, 7]],
        [6, 4],
        [6, 4],
        [6, 3],
      ],
      winner: D,
    },
    {
      match: 'US Open 2012 final, Murray d. Djokovic 7–6(10) 7–5 2–6 3–6 6–2',
      config: tennis('BESTOFFIVE'),
      sets: [
        [7, 6, [12, 10]],
        [7, 5],
        [2, 6],
        [3, 6],
        [6, 2],
      ],
      winner: D,
    },
    {
      match: 'US Open 2019 final, Nadal d. Medvedev 7–5 6–3 5–7 4–6 6–4',
      config: tennis('BESTOFFIVE'),
      sets: [
        [7, 5],
        [6, 3],
        [5, 7],
        [4, 6],
        [6, 4],
      ],
      winner: D,
    },
    {
      match: 'Indian Wells 2023 final, Alcaraz d. Medvedev 6–3 6–2 (Alcaraz as challenger)',
      config: tennis('BESTOFTHREE'),
      sets: [
        [3, 6],
        [2, 6],
      ],
      winner: C,
    },
  ];

  it.each(cases)('$match', ({ config, sets, winner }) => {
    const points = sets.flatMap(([d, c, tiebreak]) => setPoints(d, c, tiebreak));
    const score = liveScore(config, points);
    expect(score.sets).toEqual(
      sets.map(([defender, challenger, tiebreak]) =>
        tiebreak
          ? { defender, challenger, tiebreak: { defender: tiebreak[0], challenger: tiebreak[1] } }
          : { defender, challenger },
      ),
    );
    expect(score).toMatchObject({ finished: true, winner, seq: points.length });
    // The last point won the match: one point fewer, and it is not over.
    expect(liveScore(config, points.slice(0, -1)).finished).toBe(false);
  });

  it('a doubles match 6–4 3–6 [10–8]: the final set is a super tiebreak, recorded as its points', () => {
    const config = tennis('BESTOFTHREE', 'SUPER_TIEBREAK');
    const points = [...setPoints(6, 4), ...setPoints(3, 6), ...tiebreakPoints(10, 8)];
    expect(liveScore(config, points)).toMatchObject({
      finished: true,
      winner: D,
      sets: [
        { defender: 6, challenger: 4 },
        { defender: 3, challenger: 6 },
        { defender: 10, challenger: 8, superTiebreak: true },
      ],
    });
    expect(liveScore(config, points.slice(0, -1)).sets.at(-1)).toEqual({
      defender: 9,
      challenger: 8,
      superTiebreak: true,
    });
  });
});

describe('games, calls and serve (DESIGN.md §7)', () => {
  it('calls 15, 30, 40, deuce and advantage; with no-ad the point at deuce wins', () => {
    const deuce: Side[] = [D, D, D, C, C, C];
    expect(liveScore(tennis('BESTOFTHREE'), [D]).game).toEqual({ defender: '15', challenger: '0' });
    expect(liveScore(tennis('BESTOFTHREE'), [D, D, C]).game).toEqual({ defender: '30', challenger: '15' });
    expect(liveScore(tennis('BESTOFTHREE'), deuce).game).toEqual({ defender: '40', challenger: '40' });
    expect(liveScore(tennis('BESTOFTHREE'), [...deuce, C]).game).toEqual({
      defender: '40',
      challenger: 'AD',
    });
    expect(liveScore(tennis('BESTOFTHREE'), [...deuce, C, D]).game).toEqual({
      defender: '40',
      challenger: '40',
    });
    expect(liveScore(tennis('BESTOFTHREE'), [...deuce, C, C]).sets).toEqual([{ defender: 0, challenger: 1 }]);
    const golden = { ...tennis('BESTOFTHREE'), noAd: true };
    expect(liveScore(golden, [...deuce, C]).sets).toEqual([{ defender: 0, challenger: 1 }]);
  });

  it('changes the server every game; in a tiebreak after the first point, then every two; the first receiver of the tiebreak serves the next set', () => {
    const config = tennis('BESTOFTHREE');
    expect(liveScore(config, []).server).toBe(D);
    expect(liveScore(config, game(D)).server).toBe(C);
    expect(liveScore(config, [...game(D), ...game(D)]).server).toBe(D);
    // 6–6 after twelve games: D served games 1, 3, …, 11; C served game 12; D serves the tiebreak's first point.
    const sixAll = setPoints(6, 6).slice(0, 48);
    expect(liveScore(config, sixAll).sets).toEqual([
      { defender: 6, challenger: 6, tiebreak: { defender: 0, challenger: 0 } },
    ]);
    const servers = [0, 1, 2, 3, 4, 5].map((n) => liveScore(config, [...sixAll, ...times(n, D)]).server);
    expect(servers).toEqual([D, C, C, D, D, C]);
    const afterTiebreak = liveScore(config, [...sixAll, ...times(7, D)]);
    expect(afterTiebreak.sets).toEqual([
      { defender: 7, challenger: 6, tiebreak: { defender: 7, challenger: 0 } },
      { defender: 0, challenger: 0 },
    ]);
    expect(afterTiebreak.server).toBe(C);
  });

  it('GAMESONLY counts games and never ends by itself', () => {
    const score = liveScore(tennis('GAMESONLY'), times(4 * 20, D));
    expect(score).toMatchObject({ finished: false, sets: [{ defender: 20, challenger: 0 }] });
  });

  it('counts points, points on serve, break points and the longest run', () => {
    // D serves game 1 and loses it from 40–0 up: three break points faced by C's opponent… C had one break point.
    const score = liveScore(tennis('BESTOFTHREE'), [D, D, D, C, C, C, C, C]);
    expect(score.stats).toEqual({
      pointsWon: { defender: 3, challenger: 5 },
      servicePointsWon: { defender: 3, challenger: 0 },
      servicePointsPlayed: { defender: 8, challenger: 0 },
      breakPointsFaced: { defender: 0, challenger: 1 },
      breakPointsWon: { defender: 0, challenger: 1 },
      longestRun: { defender: 3, challenger: 5 },
    });
  });

  it('takes DESIGN’s defaults: golden point for padel, a super tiebreak as the final set of best of three', () => {
    expect(liveDefaults('PADEL', 'BESTOFTHREE')).toEqual({ noAd: true, finalSet: 'SUPER_TIEBREAK' });
    expect(liveDefaults('TENNISSINGLE', 'BESTOFFIVE')).toEqual({ noAd: false, finalSet: 'SET' });
  });
});

describe('properties over any points', () => {
  const config = fc.record({
    matchType: fc.constantFrom('BESTOFTHREE' as const, 'BESTOFFIVE' as const),
    firstServer: fc.constantFrom(D, C),
    noAd: fc.boolean(),
    finalSet: fc.constantFrom('SET' as const, 'SUPER_TIEBREAK' as const),
  });
  const points = fc.array(fc.constantFrom(D, C), { maxLength: 400 });

  it('a finished set was won with 6 games and a lead of 2, or 7–6 by a tiebreak, or a super tiebreak to 10 by 2', () => {
    fc.assert(
      fc.property(config, points, (setup, won) => {
        const score = liveScore(setup, won);
        const finished = score.finished ? score.sets : score.sets.slice(0, -1);
        for (const set of finished) {
          const [high, low] = [
            Math.max(set.defender, set.challenger),
            Math.min(set.defender, set.challenger),
          ];
          if (set.superTiebreak)
            expect((high >= 10 && high - low === 2) || (high === 10 && low <= 8)).toBe(true);
          else if (set.tiebreak) expect([high, low]).toEqual([7, 6]);
          else expect(high === 6 ? low <= 4 : high === 7 && low === 5).toBe(true);
        }
      }),
    );
  });

  it('undoing a point gives the state before it, and the score never depends on how the points were batched', () => {
    fc.assert(
      fc.property(
        config,
        points.filter((won) => won.length > 0),
        fc.nat(),
        (setup, won, cut) => {
          const at = cut % won.length;
          const before = liveScore(setup, won.slice(0, at));
          const scored = [...won.slice(0, at), won[at]!];
          // Undo takes the last point off the list of points: the state is the one before that point.
          expect(liveScore(setup, scored.slice(0, -1))).toEqual(before);
          expect(liveScore(setup, scored).seq - before.seq).toBe(before.finished ? 0 : 1);
          // Scored one at a time or all at once: the same state.
          const oneByOne = won.reduce<Side[]>((sofar, point) => {
            liveScore(setup, sofar);
            return [...sofar, point];
          }, []);
          expect(liveScore(setup, oneByOne)).toEqual(liveScore(setup, won));
        },
      ),
    );
  });
});

describe('the live score as the spec’s match sets', () => {
  it('gives what the scoring rules read as the same result: 6–7(4) 6–4 [10–8]', () => {
    const config: LiveConfig = {
      matchType: 'BESTOFTHREE',
      firstServer: C,
      noAd: true,
      finalSet: 'SUPER_TIEBREAK',
    };
    const points = [...setPoints(6, 7, [4, 7]), ...setPoints(6, 4), ...tiebreakPoints(10, 8)];
    const sides = recordedSides(liveScore(config, points));
    const scored = recalculate(sides.defender, sides.challenger, 'BESTOFTHREE');
    expect(scored.winner).toBe(D);
    expect(
      scored.defender.matchSets.map((set, index) => formatSet(set, scored.challenger.matchSets[index]!)),
    ).toEqual(['6-7(4)', '6-4', '[10-8]']);
  });
});

describe('ending a games-only match', () => {
  it('ends it with the games as they stand; equal games have no winner; a best-of match ignores it', () => {
    const gamesOnly = tennis('GAMESONLY');
    expect(liveScore(gamesOnly, [...game(D), ...game(C), ...game(C), D], true)).toMatchObject({
      finished: true,
      winner: C,
      sets: [{ defender: 1, challenger: 2 }],
    });
    expect(liveScore(gamesOnly, [...game(D), ...game(C)], true)).toMatchObject({
      finished: true,
      winner: null,
    });
    expect(liveScore(tennis('BESTOFTHREE'), game(D), true).finished).toBe(false);
  });
});
