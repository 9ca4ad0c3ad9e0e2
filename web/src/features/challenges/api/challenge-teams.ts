import * as z from 'zod/mini';
import { request } from '../../../lib/http';
import { memberNames } from '../../../lib/team-name';
import { LADDER_API } from '@courtside/events/api-paths';

/**
 * What My matches needs beside the challenges themselves (lib/challenges-api.ts): the caller's teams (which side
 * of a challenge is theirs) and the names of the teams of the ladders involved, from the public standings. zod/mini,
 * as lib/challenges-api.ts: My matches loads no chunk of zod's classic API for these schemas.
 */

const myTeamSchema = z.object({
  teamId: z.string(),
  seasonId: z.string(),
  ladderId: z.optional(z.string()),
  ladderName: z.optional(z.string()),
  seasonName: z.optional(z.string()),
  status: z.optional(z.string()),
  position: z.optional(z.nullable(z.number())),
});
type MyTeam = z.infer<typeof myTeamSchema>;

const standingsSchema = z.object({
  teams: z.array(
    z.object({
      teamId: z.string(),
      position: z.optional(z.nullable(z.number())),
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
