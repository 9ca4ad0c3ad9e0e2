import type { Challenge } from './api/challenges';
import type { Match } from './api/matches';

/**
 * Pure rules of the challenges on the matches pages (DESIGN.md §5), unit-tested in challenges.test.ts.
 */

export interface ChallengeGroups {
  /** Open, the caller's team was challenged: Accept / Decline. */
  received: Challenge[];
  /** Open, issued by the caller's team: Withdraw. */
  sent: Challenge[];
  /** Accepted and not played yet: their play-by date. */
  accepted: Challenge[];
  /** Played, declined, withdrawn or expired: listed briefly. */
  earlier: Challenge[];
}

export function groupChallenges(
  challenges: readonly Challenge[],
  myTeamIds: ReadonlySet<string>,
): ChallengeGroups {
  const groups: ChallengeGroups = { received: [], sent: [], accepted: [], earlier: [] };
  for (const challenge of challenges) {
    if (challenge.state === 'open') {
      if (myTeamIds.has(challenge.defenderTeamId)) groups.received.push(challenge);
      else groups.sent.push(challenge);
    } else if (challenge.state === 'accepted' && !challenge.played) groups.accepted.push(challenge);
    else groups.earlier.push(challenge);
  }
  return groups;
}

/** The other team of a challenge, seen from the caller's teams. */
export function opponentTeamId(challenge: Challenge, myTeamIds: ReadonlySet<string>): string {
  return myTeamIds.has(challenge.defenderTeamId) ? challenge.challengerTeamId : challenge.defenderTeamId;
}

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
