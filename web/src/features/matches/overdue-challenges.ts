import * as z from 'zod/mini';
import { challengeSchema, seasonChallengesPath } from '../../lib/challenges-api';
import { request } from '../../lib/http';
import type { Match } from './api/matches';

/** The manager's Matches tab: accepted challenges not played in time (DESIGN.md §5), unit-tested beside. */

/**
 * A season's challenge as the manager's tab reads it: with `overdue`, judged by the server's clock (DESIGN.md §14).
 * Kept out of the shared challenge schema, which the public standings load first.
 */
const seasonChallengesSchema = z.array(z.extend(challengeSchema(), { overdue: z.optional(z.boolean()) }));
export type SeasonChallenge = z.infer<typeof seasonChallengesSchema>[number];

export function listSeasonChallengesWithOverdue(
  seasonId: string,
  signal?: AbortSignal,
): Promise<SeasonChallenge[]> {
  return request('GET', seasonChallengesPath(seasonId), { schema: seasonChallengesSchema, signal });
}

/**
 * An accepted challenge is overdue when the api says so (`overdue`: its play-by has passed by the server's clock,
 * DESIGN.md §14, never the browser's) and its match, read since, still has no result (is still planned);
 * cancelled matches are not overdue.
 */
export function isOverdue(challenge: SeasonChallenge, match: Pick<Match, 'status'> | undefined): boolean {
  if (challenge.overdue !== true || !challenge.matchId) return false;
  return !match || match.status === 'planned';
}

/** The challenges the api judged overdue (the matches still to be checked for a result). */
export function overdueCandidates(challenges: readonly SeasonChallenge[]): SeasonChallenge[] {
  return challenges.filter((challenge) => isOverdue(challenge, undefined));
}
