import {
  challengeRefusal,
  isBusy,
  teamOf,
  type SeasonChallengesState,
} from '@courtside/events/challenges/decider';
import { withoutNulls } from '@courtside/projector/challenges/projection';
import type { UnsettledResult } from '@courtside/projector/challenges/queries';
import type { StandingsRow } from '@courtside/projector/teams/standings-queries';

/**
 * The standings as a signed-in caller sees them: each row says whether the caller may challenge it, and why not.
 * `state` is the season's challenges (the same for every caller); only this fold over it is per caller.
 */
export function withChallengesFor(
  state: SeasonChallengesState,
  season: { uuid: string },
  standings: readonly StandingsRow[],
  viewerId: string,
  now: Date,
  unsettled: Readonly<Record<string, UnsettledResult>> = {},
): StandingsRow[] {
  const myTeam = teamOf(state, viewerId);
  const live = Object.values(state.challenges).filter(isBusy);
  return standings.map((row) => {
    const refusal = myTeam ? challengeRefusal(state, myTeam, row.teamId, now) : 'NOT_IN_SEASON';
    const challenge = live.find((known) =>
      [known.challengerTeamId, known.defenderTeamId].includes(row.teamId),
    );
    return {
      ...row,
      canChallenge: refusal === undefined,
      ...(refusal && myTeam ? { challengeRefusal: refusal } : {}),
      ...(challenge
        ? {
            challenge: withoutNulls({
              challengeId: challenge.challengeId,
              seasonId: season.uuid,
              challengerTeamId: challenge.challengerTeamId,
              defenderTeamId: challenge.defenderTeamId,
              state: challenge.state,
              issuedAt: challenge.issuedAt,
              respondBy: challenge.respondBy,
              ...(challenge.playBy ? { playBy: challenge.playBy } : {}),
              ...(challenge.matchId ? { matchId: challenge.matchId } : {}),
              played: challenge.settled,
              ...(challenge.matchId && unsettled[challenge.matchId]
                ? { result: unsettled[challenge.matchId] }
                : {}),
            }),
          }
        : {}),
    };
  });
}
