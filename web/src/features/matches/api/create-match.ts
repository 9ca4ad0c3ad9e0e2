import { z } from 'zod';
import { request } from '../../../lib/http';
import { ADMIN_API } from '@courtside/events/api-paths';

/** The admin calls of the manager's "Create a match" panel (spec §7 "Admin: season teams"). */

const seasonTeamsSchema = z.array(
  z.object({
    teamId: z.string(),
    position: z.number().nullable().optional().default(null),
    joinDate: z.string().nullable().optional(),
    members: z.array(z.object({ fullName: z.string(), email: z.string().optional() })),
  }),
);

/** A season team as the admin API lists it (`GET seasons/{id}/teams`). */
export interface SeasonTeam {
  teamId: string;
  position: number | null;
  joinDate?: string | null;
  members: Array<{ fullName: string; email?: string; phoneNumber?: unknown }>;
}

/** The active teams of a season (managers). */
export function getSeasonTeams(seasonId: string, signal?: AbortSignal): Promise<SeasonTeam[]> {
  return request('GET', `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/teams`, {
    schema: seasonTeamsSchema,
    signal,
  });
}

export function createMatch(
  seasonId: string,
  body: { defenderId: string; challengerId: string; location?: string },
): Promise<unknown> {
  return request('POST', `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/teams/match`, { body });
}
