import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leaderboard, nameOrder, scoreGame, talliesOf, type Tallies } from './leaderboard.ts';
import type { ClubRound, Game, GameScore } from './model.ts';

const game = (gameId: string, sideA: [string, string], sideB: [string, string]): Game => ({
  gameId,
  court: 1,
  sideA,
  sideB,
});
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('club-night leaderboard (DESIGN.md §16)', () => {
  it('each player scores the points of their side; a game is won with more points than the other side', () => {
    const tallies = scoreGame({}, game('g1', ['a', 'b'], ['c', 'd']), undefined, { pointsA: 15, pointsB: 9 });
    expect(tallies).toEqual({
      a: { played: 1, points: 15, won: 1 },
      b: { played: 1, points: 15, won: 1 },
      c: { played: 1, points: 9, won: 0 },
      d: { played: 1, points: 9, won: 0 },
    });
    const level = scoreGame({}, game('g1', ['a', 'b'], ['c', 'd']), undefined, { pointsA: 12, pointsB: 12 });
    expect(level.a!.won + level.c!.won).toBe(0);
  });

  it('a correction takes the result it replaces back first', () => {
    const g = game('g1', ['a', 'b'], ['c', 'd']);
    const once = scoreGame({}, g, undefined, { pointsA: 15, pointsB: 9 });
    const corrected = scoreGame(once, g, { pointsA: 15, pointsB: 9 }, { pointsA: 10, pointsB: 14 });
    expect(corrected.a).toEqual({ played: 1, points: 10, won: 0 });
    expect(corrected.c).toEqual({ played: 1, points: 14, won: 1 });
  });

  it('ranks by points per game, then total points, then games won, then name; sitting out is no game', () => {
    const tallies: Tallies = {
      // 2 games, 30 points: 15 a game
      many: { played: 2, points: 30, won: 1 },
      // 1 game, 16 points: 16 a game, beats more points in more games
      few: { played: 1, points: 16, won: 1 },
      // 15 a game too, fewer points in all
      less: { played: 1, points: 15, won: 1 },
      // 15 a game, 30 points, more won than `many`
      winner: { played: 2, points: 30, won: 2 },
      // the same as `many`: the name decides
      twin: { played: 2, points: 30, won: 1 },
    };
    const names = nameOrder(['twin', 'many']);
    expect(leaderboard(['many', 'few', 'less', 'winner', 'twin', 'idle'], tallies, names)).toEqual([
      { playerId: 'few', played: 1, points: 16, won: 1, perGame: 16 },
      { playerId: 'winner', played: 2, points: 30, won: 2, perGame: 15 },
      { playerId: 'twin', played: 2, points: 30, won: 1, perGame: 15 },
      { playerId: 'many', played: 2, points: 30, won: 1, perGame: 15 },
      { playerId: 'less', played: 1, points: 15, won: 1, perGame: 15 },
      { playerId: 'idle', played: 0, points: 0, won: 0, perGame: 0 },
    ]);
  });

  it('puts a player without a game after one with points, and before none only by name', () => {
    const tallies: Tallies = {
      scorer: { played: 1, points: 2, won: 0 },
      zero: { played: 1, points: 0, won: 0 },
    };
    expect(leaderboard(['idle', 'zero', 'scorer'], tallies, byId).map((row) => row.playerId)).toEqual([
      'scorer',
      'idle',
      'zero',
    ]);
  });

  it('orders by name as given, ids not named last by id', () => {
    const order = nameOrder(['z', 'a']);
    expect(['q', 'a', 'p', 'z'].sort(order)).toEqual(['z', 'a', 'p', 'q']);
    expect(order('a', 'a')).toBe(0);
  });

  it('property: a leaderboard folded from results in any order of correction equals one computed from scratch', () => {
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'];
    const rounds: ClubRound[] = [
      {
        round: 1,
        games: [game('g1', ['p1', 'p2'], ['p3', 'p4']), game('g2', ['p5', 'p6'], ['p7', 'p8'])],
        sittingOut: [],
      },
      {
        round: 2,
        games: [game('g3', ['p1', 'p3'], ['p5', 'p7']), game('g4', ['p2', 'p4'], ['p6', 'p8'])],
        sittingOut: [],
      },
      { round: 3, games: [game('g5', ['p1', 'p5'], ['p2', 'p6'])], sittingOut: ['p3', 'p4', 'p7', 'p8'] },
    ];
    const games = rounds.flatMap((round) => round.games);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: games.length - 1 }), fc.integer({ min: 0, max: 24 })), {
          maxLength: 30,
        }),
        (results) => {
          let folded: Tallies = {};
          const scores: Record<string, GameScore> = {};
          for (const [index, pointsA] of results) {
            const g = games[index]!;
            const score = { pointsA, pointsB: 24 - pointsA };
            folded = scoreGame(folded, g, scores[g.gameId], score);
            scores[g.gameId] = score;
          }
          const fromScratch = talliesOf(rounds, scores);
          expect(leaderboard(players, folded, byId)).toEqual(leaderboard(players, fromScratch, byId));
        },
      ),
      { numRuns: 100 },
    );
  });
});
