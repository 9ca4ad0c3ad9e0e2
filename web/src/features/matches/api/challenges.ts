import { z } from 'zod';
import { request } from '../../../lib/http';
import { memberNames } from '../../../lib/team-name';
import { LADDER_API } from '@courtside/events/api-paths';

/**
 * The ladder API's challenge calls the matches pages use (DESIGN.md §5 "Challenges"): the caller's
 * challenges and teams, the answers (accept, decline, withdraw), a season's challenges (managers'
 * overdue list) and team names from the public standings.
 */

export const CHALLENGE_STATES = ['open', 'accepted', 'declined', 'withdrawn', 'expired'] as const;

export const challengeSchema = z.object({
  challengeId: z.string(),
  seasonId: z.string(),
  challengerTeamId: z.string(),
  defenderTeamId: z.string(),
  state: z.enum(CHALLENGE_STATES),
  issuedAt: z.string(),
  respondBy: z.string(),
  playBy: z.string().nullable().optional(),
  matchId: z.string().nullable().optional(),
  /** The match was played (its result counts) or cancelled. */
  played: z.boolean().optional(),
});
export type Challenge = z.infer<typeof challengeSchema>;
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

const myTeamSchema = z.object({
  teamId: z.string(),
  seasonId: z.string(),
  ladderId: z.string().optional(),
  ladderName: z.string().optional(),
  seasonName: z.string().optional(),
  status: z.string().optional(),
  position: z.number().nullable().optional(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

const standingsSchema = z.object({
  teams: z.array(
    z.object({
      teamId: z.string(),
      position: z.number().nullable().optional(),
      members: z.array(z.object({ fullName: z.string() })),
    }),
  ),
});

const path = (id: string) => `${LADDER_API}/challenges/${encodeURIComponent(id)}`;

export function listMyChallenges(signal?: AbortSignal): Promise<Challenge[]> {
  return request('GET', `${LADDER_API}/challenges/mine`, { schema: z.array(challengeSchema), signal });
}

export function listMyTeams(signal?: AbortSignal): Promise<MyTeam[]> {
  return request('GET', `${LADDER_API}/teams/mine`, { schema: z.array(myTeamSchema), signal });
}

export function listSeasonChallenges(seasonId: string, signal?: AbortSignal): Promise<Challenge[]> {
  return request('GET', `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/challenges`, {
    schema: z.array(challengeSchema),
    signal,
  });
}

/** The names of the teams of a ladder's current season (teamId → the members' names). */
export async function ladderTeamNames(ladderId: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const standings = await request('GET', `${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/standings`, {
    schema: standingsSchema,
    signal,
  });
  return new Map(standings.teams.map((team) => [team.teamId, memberNames(team.members)]));
}

/** `date`: `YYYY-MM-DDTHH:mm` local time, or nothing. */
export function acceptChallenge(id: string, date?: string): Promise<unknown> {
  return request('POST', `${path(id)}/accept`, { body: date ? { date } : {} });
}

export function declineChallenge(id: string): Promise<unknown> {
  return request('POST', `${path(id)}/decline`, { body: {} });
}

export function withdrawChallenge(id: string): Promise<unknown> {
  return request('POST', `${path(id)}/withdraw`, { body: {} });
}
