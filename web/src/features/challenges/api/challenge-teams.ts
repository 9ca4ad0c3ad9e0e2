import { z } from 'zod';
import { request } from '../../../lib/http';
import { memberNames } from '../../../lib/team-name';
import { LADDER_API } from '@courtside/events/api-paths';

/**
 * What My matches needs beside the challenges themselves (lib/challenges-api.ts): the caller's teams (which side
 * of a challenge is theirs) and the names of the teams of the ladders involved, from the public standings.
 */

const myTeamSchema = z.object({
  teamId: z.string(),
  seasonId: z.string(),
  ladderId: z.string().optional(),
  ladderName: z.string().optional(),
  seasonName: z.string().optional(),
  status: z.string().optional(),
  position: z.number().nullable().optional(),
});
type MyTeam = z.infer<typeof myTeamSchema>;

const standingsSchema = z.object({
  teams: z.array(
    z.object({
      teamId: z.string(),
      position: z.number().nullable().optional(),
      members: z.array(z.object({ fullName: z.string() })),
    }),
  ),
});

export function listMyTeams(signal?: AbortSignal): Promise<MyTeam[]> {
  return request('GET', `${LADDER_API}/teams/mine`, { schema: z.array(myTeamSchema), signal });
}

/** The names of the teams of a ladder's current season (teamId → the members' names). */
export async function ladderTeamNames(ladderId: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const standings = await request('GET', `${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/standings`, {
    schema: standingsSchema,
    signal,
  });
  return new Map(standings.teams.map((team) => [team.teamId, memberNames(team.members)]));
}
