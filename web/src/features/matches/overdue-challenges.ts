import type { Challenge } from '../../lib/challenges-api';
import type { Match } from './api/matches';

/** The manager's Matches tab: accepted challenges not played in time (DESIGN.md §5), unit-tested beside. */

/** `YYYY-MM-DD` or an ISO instant, read as the end of that day when only a date. */
function endOf(value: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T23:59:59`).getTime()
    : new Date(value).getTime();
}

/**
 * An accepted challenge is overdue when its play-by time has passed and its match has no result
 * (the match is still planned); cancelled matches are not overdue.
 */
export function isOverdue(
  challenge: Challenge,
  match: Pick<Match, 'status'> | undefined,
  now: Date,
): boolean {
  if (challenge.state !== 'accepted' || !challenge.playBy || !challenge.matchId) return false;
  if (match && match.status !== 'planned') return false;
  return endOf(challenge.playBy) < now.getTime();
}

/** Accepted challenges whose play-by has passed (the matches still to be checked for a result). */
export function overdueCandidates(challenges: readonly Challenge[], now: Date): Challenge[] {
  return challenges.filter((challenge) => isOverdue(challenge, undefined, now));
}
