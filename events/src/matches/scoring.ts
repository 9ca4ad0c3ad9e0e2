import { z } from 'zod/mini';
import type { MatchType } from '../ladders/model.ts';

export const specials = ['none', 'walkover', 'retired'] as const;
export type Special = (typeof specials)[number];
export type MatchStatus = 'planned' | 'completed' | 'retired' | 'walkover' | 'cancelled';

export const MAX_SETS = 5;

// zod/mini: the web's public pages load these rules, and mini's schemas keep zod's classic API out of them.
const score = z
  .number('A score is a number')
  .check(
    z.int('A score is a whole number'),
    z.gte(0, 'A score cannot be negative'),
    z.lte(99, 'A score is at most 99'),
  );

/** One side's score in one set. `winner` and `superTiebreak` may be sent but are always recomputed. */
const matchSetSchema = z.object({
  order: z.optional(z.int().check(z.gte(1), z.lte(MAX_SETS))),
  score: z.nullable(score),
  tiebreakScore: z.optional(z.nullable(score)),
  winner: z.optional(z.boolean()),
  superTiebreak: z.optional(z.boolean()),
});

export const sideScoreSchema = z.object({
  matchSets: z.array(matchSetSchema).check(z.maxLength(MAX_SETS, `At most ${MAX_SETS} sets`)),
  special: z._default(z.enum(specials), 'none'),
});
export type SideScoreInput = z.input<typeof sideScoreSchema>;

/** A set with one side's games only (DESIGN.md §5): which side lacks them, and where (`order` counts from 1). */
interface HalfScoredSet {
  order: number;
  missing: Side;
}

/**
 * The sets that have a score for one side only: such a score is refused (`400`), never saved. A set with no score
 * for either side is no set yet. Not part of `recalculate`: results recorded before this rule still fold.
 */
export function halfScoredSets(
  defender: Pick<SideScoreInput, 'matchSets'>,
  challenger: Pick<SideScoreInput, 'matchSets'>,
): HalfScoredSet[] {
  const count = Math.max(defender.matchSets.length, challenger.matchSets.length);
  const half: HalfScoredSet[] = [];
  for (let index = 0; index < count; index++) {
    const d = defender.matchSets[index]?.score ?? null;
    const c = challenger.matchSets[index]?.score ?? null;
    if ((d === null) !== (c === null))
      half.push({ order: index + 1, missing: d === null ? 'defender' : 'challenger' });
  }
  return half;
}

/** The message of a half-scored set, naming it. */
export const halfScoredMessage = (order: number) => `Set ${order} needs a score for both sides`;

export interface ScoredSet {
  order: number;
  score: number | null;
  tiebreakScore?: number;
  winner: boolean;
  superTiebreak: boolean;
}

export interface ScoredSide {
  matchSets: ScoredSet[];
  special: Special;
  winner: boolean;
}

export interface ScoredMatch {
  defender: ScoredSide;
  challenger: ScoredSide;
  winner: 'defender' | 'challenger' | null;
  status: Exclude<MatchStatus, 'cancelled'>;
}

type Side = 'defender' | 'challenger';

function setWinner(d: number, c: number, superTiebreak: boolean): Side | null {
  const target = superTiebreak ? 10 : 6;
  if (d >= target && d - c >= 2) return 'defender';
  if (c >= target && c - d >= 2) return 'challenger';
  // A tiebreak at 6-6 ends a regular set 7-6 (a super tiebreak is played to 10, so it never ends 7-6).
  if (d === 7 && c === 6) return 'defender';
  if (c === 7 && d === 6) return 'challenger';
  return null;
}

/**
 * The product's scoring rules (DESIGN.md §4 "Scoring"): recomputes every set's winner and super-tiebreak flag,
 * the match winner and the status from the games, the tiebreak points and the special status of each side.
 * Whatever flags the input carries are ignored. Pure: the api, the projector and the web all use it.
 */
export function recalculate(
  defenderInput: SideScoreInput,
  challengerInput: SideScoreInput,
  matchType: MatchType,
): ScoredMatch {
  const defender = sideScoreSchema.parse(defenderInput);
  const challenger = sideScoreSchema.parse(challengerInput);
  const count = Math.max(defender.matchSets.length, challenger.matchSets.length);
  const sets: Record<Side, ScoredSet[]> = { defender: [], challenger: [] };
  const won: Record<Side, number> = { defender: 0, challenger: 0 };
  const games: Record<Side, number> = { defender: 0, challenger: 0 };
  const setsToWin = matchType === 'BESTOFFIVE' ? 3 : 2;
  let decided: Side | null = null;

  for (let index = 0; index < count; index++) {
    const d = defender.matchSets[index];
    const c = challenger.matchSets[index];
    const dScore = d?.score ?? null;
    const cScore = c?.score ?? null;
    games.defender += dScore ?? 0;
    games.challenger += cScore ?? 0;
    const superTiebreak =
      matchType === 'BESTOFTHREE' &&
      index === 2 &&
      won.defender === 1 &&
      won.challenger === 1 &&
      Math.max(dScore ?? 0, cScore ?? 0) >= 10;
    let winner: Side | null = null;
    if (matchType !== 'GAMESONLY' && decided === null && dScore !== null && cScore !== null) {
      winner = setWinner(dScore, cScore, superTiebreak);
      // Stryker disable next-line ConditionalExpression: counting a set for nobody (won[null]) changes no result
      if (winner) {
        won[winner]++;
        if (won[winner] === setsToWin) decided = winner;
      }
    }
    const scored = (input: typeof d, side: Side): ScoredSet => ({
      order: index + 1,
      score: input?.score ?? null,
      ...(input?.tiebreakScore != null ? { tiebreakScore: input.tiebreakScore } : {}),
      winner: winner === side,
      superTiebreak,
    });
    sets.defender.push(scored(d, 'defender'));
    sets.challenger.push(scored(c, 'challenger'));
  }

  if (matchType === 'GAMESONLY') {
    decided =
      games.defender > games.challenger
        ? 'defender'
        : games.challenger > games.defender
          ? 'challenger'
          : null;
  }

  let status: ScoredMatch['status'] = decided ? 'completed' : 'planned';
  if (defender.special !== 'none' && challenger.special !== 'none') {
    throw new z.core.$ZodRealError([
      {
        code: 'custom',
        path: ['challenger', 'special'],
        message: 'Only one side can retire or give a walkover',
        input: challenger.special,
      },
    ]);
  }
  const gaveUp: Side | null =
    defender.special !== 'none' ? 'defender' : challenger.special !== 'none' ? 'challenger' : null;
  if (gaveUp) {
    decided = gaveUp === 'defender' ? 'challenger' : 'defender';
    status = (gaveUp === 'defender' ? defender.special : challenger.special) as 'retired' | 'walkover';
  }

  return {
    defender: { matchSets: sets.defender, special: defender.special, winner: decided === 'defender' },
    challenger: { matchSets: sets.challenger, special: challenger.special, winner: decided === 'challenger' },
    winner: decided,
    status,
  };
}

/** A set row as people read it: "6-4", "7-6(5)", a super tiebreak in square brackets "[10-8]". */
export function formatSet(defender: ScoredSet, challenger: ScoredSet): string {
  const games = `${defender.score ?? '-'}-${challenger.score ?? '-'}`;
  if (defender.superTiebreak) return `[${games}]`;
  const tiebreak = defender.tiebreakScore ?? challenger.tiebreakScore;
  return tiebreak === undefined
    ? games
    : `${games}(${Math.min(defender.tiebreakScore ?? Infinity, challenger.tiebreakScore ?? Infinity)})`;
}
