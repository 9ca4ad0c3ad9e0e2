import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  americanoGamesNeeded,
  americanoRounds,
  circlePartners,
  courtsInUse,
  historyOf,
  mexicanoRound,
} from './club-night.ts';
import type { ClubRound } from './model.ts';

const players = (count: number) =>
  Array.from({ length: count }, (_, index) => `p${String(index + 1).padStart(2, '0')}`);
const gameIds = (count: number) => Array.from({ length: count }, (_, index) => `g${index + 1}`);
const key = (pair: readonly string[]) => [...pair].sort().join('+');
const americano = (count: number, courts: number, rounds = count - 1, kept: ClubRound[] = []) =>
  americanoRounds({ players: players(count), courts, rounds, kept, gameIds: gameIds(courts * rounds) });

/** How often each pair partnered, over the rounds. */
function partnerCounts(rounds: readonly ClubRound[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const game of rounds.flatMap((round) => round.games))
    for (const pair of [game.sideA, game.sideB]) counts.set(key(pair), (counts.get(key(pair)) ?? 0) + 1);
  return counts;
}
const repeats = (rounds: readonly ClubRound[]) =>
  [...partnerCounts(rounds).values()].filter((n) => n > 1).length;

/** Every round: four distinct players a court, every player on one court or sitting out, courts 1…k. */
function expectWellFormed(rounds: readonly ClubRound[], everyone: readonly string[], courts: number) {
  for (const round of rounds) {
    const onCourt = round.games.flatMap((game) => [...game.sideA, ...game.sideB]);
    for (const game of round.games) expect(new Set([...game.sideA, ...game.sideB]).size).toBe(4);
    expect([...onCourt, ...round.sittingOut].sort()).toEqual([...everyone].sort());
    expect(round.games.map((game) => game.court)).toEqual(
      Array.from({ length: courtsInUse(everyone.length, courts) }, (_, i) => i + 1),
    );
  }
}

/** Nobody sits out twice before everyone has once: after every round the sit-out counts differ by at most one. */
function expectFairSitting(rounds: readonly ClubRound[], everyone: readonly string[]) {
  const sits = new Map(everyone.map((playerId) => [playerId, 0]));
  for (const round of rounds) {
    for (const playerId of round.sittingOut) sits.set(playerId, sits.get(playerId)! + 1);
    expect(Math.max(...sits.values()) - Math.min(...sits.values())).toBeLessThanOrEqual(1);
  }
}

describe('Americano (DESIGN.md §16)', () => {
  it('the circle method partners every two of an even number exactly once over N − 1 rounds', () => {
    for (const count of [4, 8, 10]) {
      const seen = new Map<string, number>();
      for (let round = 0; round < count - 1; round++) {
        const partners = circlePartners(players(count), round);
        expect(partners.size).toBe(count);
        for (const [a, b] of partners) {
          expect(partners.get(b)).toBe(a);
          if (a < b) seen.set(key([a, b]), (seen.get(key([a, b])) ?? 0) + 1);
        }
      }
      expect(seen.size).toBe((count * (count - 1)) / 2);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
    }
    // an odd number: one player has no partner each round (the phantom's)
    expect(circlePartners(players(5), 0).size).toBe(4);
    expect(circlePartners(players(5), 5)).toEqual(circlePartners(players(5), 0));
  });

  it('8 players on 2 courts: 7 rounds, everyone partners everyone once, opponents spread', () => {
    const rounds = americano(8, 2);
    expect(rounds.map((round) => round.round)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expectWellFormed(rounds, players(8), 2);
    expect(partnerCounts(rounds).size).toBe(28);
    expect(repeats(rounds)).toBe(0);
    expect(rounds.flatMap((round) => round.games.map((game) => game.gameId))).toEqual(gameIds(14));
    const faced = historyOf(players(8), rounds).opponents;
    // nobody faces one player more than 4 times of 14, and everyone faces at least 5 of the other 7
    expect(Math.max(...faced.values())).toBeLessThanOrEqual(4);
    for (const playerId of players(8))
      expect(
        [...faced.keys()].filter((pair) => pair.split('|').includes(playerId)).length,
      ).toBeGreaterThanOrEqual(5);
  });

  it('5 players on 1 court: each round another sits out, all ten pairs partner once', () => {
    const rounds = americano(5, 1, 5);
    expect(rounds.flatMap((round) => round.sittingOut).sort()).toEqual(players(5));
    // the circle method's odd one out sits: over 5 rounds all ten pairs partner once
    expect(repeats(rounds)).toBe(0);
    expect(partnerCounts(rounds).size).toBe(10);
  });

  it('uses only the courts it has: 12 players on 2 courts, four sit out each round', () => {
    const rounds = americano(12, 2, 6);
    expectWellFormed(rounds, players(12), 2);
    expect(rounds.every((round) => round.sittingOut.length === 4)).toBe(true);
    expectFairSitting(rounds, players(12));
    expect(repeats(rounds)).toBe(0);
    expect(americanoGamesNeeded(12, 2, 1, 6)).toBe(12);
    expect(americanoGamesNeeded(12, 5, 3, 4)).toBe(6);
    expect(americanoGamesNeeded(12, 5, 5, 4)).toBe(0);
  });

  it('a late arrival: the kept rounds stay, the later rounds are made again with them', () => {
    const first = americano(8, 2);
    const everyone = [...players(8), 'p09'];
    const later = americanoRounds({
      players: everyone,
      courts: 2,
      rounds: 7,
      kept: first.slice(0, 3),
      gameIds: gameIds(8),
    });
    expect(later.map((round) => round.round)).toEqual([4, 5, 6, 7]);
    expectWellFormed(later, everyone, 2);
    // they missed three rounds (counted as sat out): they play every later round
    expect(later.every((round) => !round.sittingOut.includes('p09'))).toBe(true);
    expect(repeats([...first.slice(0, 3), ...later])).toBe(0);
  });

  /** All on court with N a multiple of 4: no repeat within N − 1 rounds; otherwise none within the first N / 2. */
  const expectGoodNight = (count: number, courts: number) => {
    const allPlay = count % 4 === 0 && courts >= count / 4;
    const rounds = allPlay ? count - 1 : Math.floor(count / 2);
    const made = americano(count, courts, rounds);
    expect(made).toHaveLength(rounds);
    expectWellFormed(made, players(count), courts);
    expectFairSitting(made, players(count));
    expect(repeats(made)).toBe(0);
  };

  it('64 players on 16 courts over 63 rounds, 30 players on 2 courts over 15', () => {
    expectGoodNight(64, 16);
    expectGoodNight(30, 2);
  }, 30_000);

  it('property: 4–32 players on 1–16 courts: four distinct players a court, fair sitting, no repeated partners while avoidable', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 32 }), fc.integer({ min: 1, max: 16 }), (count, courts) => {
        expectGoodNight(count, courts);
      }),
      { numRuns: 15 },
    );
  }, 30_000);

  it('when a repeat cannot be avoided, it takes the fewest: 4 players, 4 rounds', () => {
    const rounds = americano(4, 1, 4);
    expect(repeats(rounds.slice(0, 3))).toBe(0);
    expect([...partnerCounts(rounds).values()].sort()).toEqual([1, 1, 1, 1, 2, 2]);
    // 5 players, 6 rounds: all ten pairs in the first five, the sixth repeats two, the sitting stays fair
    const five = americano(5, 1, 6);
    expectWellFormed(five, players(5), 1);
    expectFairSitting(five, players(5));
    expect(repeats(five)).toBe(2);
    expect(Math.max(...partnerCounts(five).values())).toBe(2);
  });
});

describe('Mexicano (DESIGN.md §16)', () => {
  it('round 1 by seeds: court 1 seeds 1–4, court 2 seeds 5–8, 1st and 4th against 2nd and 3rd', () => {
    expect(
      mexicanoRound({ ranked: players(8), round: 1, courts: 4, played: [], gameIds: gameIds(2) }),
    ).toEqual({
      round: 1,
      games: [
        { gameId: 'g1', court: 1, sideA: ['p01', 'p04'], sideB: ['p02', 'p03'] },
        { gameId: 'g2', court: 2, sideA: ['p05', 'p08'], sideB: ['p06', 'p07'] },
      ],
      sittingOut: [],
    });
  });

  it('sits out the lowest ranked first, then those who have not sat out yet', () => {
    const first = mexicanoRound({ ranked: players(6), round: 1, courts: 2, played: [], gameIds: gameIds(1) });
    expect(first.sittingOut).toEqual(['p05', 'p06']);
    expect(first.games[0]).toMatchObject({ sideA: ['p01', 'p04'], sideB: ['p02', 'p03'] });
    const second = mexicanoRound({
      ranked: players(6),
      round: 2,
      courts: 2,
      played: [first],
      gameIds: ['g2'],
    });
    expect(second.sittingOut).toEqual(['p03', 'p04']);
    expect(second.games[0]).toMatchObject({
      gameId: 'g2',
      court: 1,
      sideA: ['p01', 'p06'],
      sideB: ['p02', 'p05'],
    });
  });
});
