import type { Challenge } from '../../lib/challenges-api';
import type { Match } from './api/matches';

/** The manager's Matches tab: accepted challenges not played in time (DESIGN.md §5), unit-tested beside. */

/**
 * An accepted challenge is overdue when the api says so (`overdue`: its play-by has passed by the server's clock,
 * DESIGN.md §14, never the browser's) and its match, read since, still has no result (is still planned);
 * cancelled matches are not overdue.
 */
export function isOverdue(challenge: Challenge, match: Pick<Match, 'status'> | undefined): boolean {
  if (challenge.overdue !== true || !challenge.matchId) return false;
  return !match || match.status === 'planned';
}

/** The challenges the api judged overdue (the matches still to be checked for a result). */
export function overdueCandidates(challenges: readonly Challenge[]): Challenge[] {
  return challenges.filter((challenge) => isOverdue(challenge, undefined));
}
