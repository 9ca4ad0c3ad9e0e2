import type { Challenge } from '../../lib/challenges-api';

/**
 * Pure rules of the challenges on My matches (DESIGN.md §5), unit-tested in challenge-groups.test.ts.
 */

interface ChallengeGroups {
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
