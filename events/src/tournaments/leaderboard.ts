import type { ClubRound, Game, GameScore } from './model.ts';

/** What a player has of a club night: games played, points scored, games won (DESIGN.md §16). */
export interface Tally {
  played: number;
  points: number;
  won: number;
}
export type Tallies = Readonly<Record<string, Tally>>;

export interface Standing extends Tally {
  playerId: string;
  /** Points per game played; 0 before a first game. */
  perGame: number;
}

const none: Tally = { played: 0, points: 0, won: 0 };

/** Adds (`sign` 1) or takes back (`sign` −1) one game's result from each of its four players' tallies. */
function apply(tallies: Tallies, game: Game, score: GameScore, sign: 1 | -1): Tallies {
  const next = { ...tallies };
  const add = (players: readonly string[], points: number, against: number) => {
    for (const playerId of players) {
      const tally = next[playerId] ?? none;
      next[playerId] = {
        played: tally.played + sign,
        points: tally.points + sign * points,
        won: tally.won + (points > against ? sign : 0),
      };
    }
  };
  add(game.sideA, score.pointsA, score.pointsB);
  add(game.sideB, score.pointsB, score.pointsA);
  return next;
}

/**
 * The fold of one result: a game scored for the first time adds to its players, a correction takes the result it
 * replaces back first (`previous`), so the tallies never need the whole night again.
 */
export function scoreGame(
  tallies: Tallies,
  game: Game,
  previous: GameScore | undefined,
  score: GameScore,
): Tallies {
  return apply(previous ? apply(tallies, game, previous, -1) : tallies, game, score, 1);
}

/** The tallies of a night from scratch: every scored game of its rounds. */
export function talliesOf(
  rounds: readonly ClubRound[],
  scores: Readonly<Record<string, GameScore>>,
): Tallies {
  let tallies: Tallies = {};
  for (const game of rounds.flatMap((round) => round.games)) {
    const score = scores[game.gameId];
    if (score) tallies = apply(tallies, game, score, 1);
  }
  return tallies;
}

/**
 * The leaderboard: points per game played (sitting out is neither a game nor points), then total points, then
 * games won, then name. The rules hold no names: `byName` orders two players by theirs (the caller knows them).
 */
export function leaderboard(
  players: readonly string[],
  tallies: Tallies,
  byName: (a: string, b: string) => number,
): Standing[] {
  return players
    .map((playerId) => {
      const tally = tallies[playerId] ?? none;
      return { playerId, ...tally, perGame: tally.played === 0 ? 0 : tally.points / tally.played };
    })
    .sort(
      (a, b) =>
        // b's points per game against a's, exactly (no rounding between near-equal averages); 0 before a game
        b.points * Math.max(a.played, 1) - a.points * Math.max(b.played, 1) ||
        b.points - a.points ||
        b.won - a.won ||
        byName(a.playerId, b.playerId),
    );
}

/** An order of players by name, given as the player ids sorted by name; ids not in it come last, by id. */
export function nameOrder(sorted: readonly string[]): (a: string, b: string) => number {
  const rank = new Map(sorted.map((playerId, index) => [playerId, index]));
  return (a, b) =>
    (rank.get(a) ?? sorted.length) - (rank.get(b) ?? sorted.length) || (a < b ? -1 : a > b ? 1 : 0);
}
