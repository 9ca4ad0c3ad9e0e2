import * as z from 'zod/mini';
import { matchTypes, sportsCategories } from '@courtside/events/ladders/values';
import { request } from '../../../lib/http';
import { LADDER_API } from '@courtside/events/api-paths';

// zod/mini: these schemas are on the public pages (docs/performance.md, "Initial JavaScript").
const sportsCategorySchema = z.enum(sportsCategories);
const matchTypeSchema = z.enum(matchTypes);

/** A season as the public ladder API shows it. */
export const publicSeasonSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  openForRegistration: z.boolean(),
  matchType: z.optional(matchTypeSchema),
  current: z.optional(z.boolean()),
});
export type PublicSeason = z.infer<typeof publicSeasonSchema>;

export const publicLadderSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  sportsCategory: sportsCategorySchema,
  company: z.object({ id: z.string(), name: z.string() }),
  currentSeason: z.nullable(publicSeasonSchema),
  /** The seasons open for registration. */
  seasons: z.array(publicSeasonSchema),
});
export type PublicLadder = z.infer<typeof publicLadderSchema>;

export const standingsSchema = z.object({
  ladder: z.object({ uuid: z.string(), name: z.string(), sportsCategory: sportsCategorySchema }),
  season: z.nullable(publicSeasonSchema),
  teams: z.array(
    z.object({
      teamId: z.string(),
      position: z.number(),
      joinDate: z.optional(z.nullable(z.string())),
      members: z.array(z.object({ fullName: z.string() })),
    }),
  ),
});
export type Standings = z.infer<typeof standingsSchema>;

export const myTeamSchema = z.object({
  teamId: z.string(),
  status: z.enum(['waiting', 'active', 'rejected', 'left']),
  position: z.optional(z.nullable(z.number())),
  seasonId: z.string(),
  seasonName: z.string(),
  ladderId: z.string(),
  ladderName: z.string(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

export function getPublicLadders(signal?: AbortSignal): Promise<PublicLadder[]> {
  return request('GET', `${LADDER_API}/ladders`, { schema: z.array(publicLadderSchema), signal });
}

export function getStandings(ladderId: string, signal?: AbortSignal): Promise<Standings> {
  return request('GET', `${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/standings`, {
    schema: standingsSchema,
    signal,
  });
}

export function getMyTeams(signal?: AbortSignal): Promise<MyTeam[]> {
  return request('GET', `${LADDER_API}/teams/mine`, { schema: z.array(myTeamSchema), signal });
}

/** Registers the signed-in player (and the partner, for doubles and padel) for a season. */
export function registerTeam(seasonId: string, partnerEmail?: string): Promise<unknown> {
  return request('POST', `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/teams`, {
    body: partnerEmail ? { partnerEmail } : {},
  });
}
