import { z } from 'zod';
import { matchTypeSchema, sportsCategorySchema } from '@courtside/events/ladders/model';
import { request } from './http';
import { ADMIN_API } from '@courtside/events/api-paths';

/**
 * Ladders and seasons as the admin API answers them, and the reads more than one area needs (the
 * manager area, the audit page's filter, the public ladders pages). Changes live in the features.
 */

export const ladderSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  sportsCategory: sportsCategorySchema,
  hasActiveSeasons: z.boolean(),
});
export type Ladder = z.infer<typeof ladderSchema>;

export const seasonSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  minimumPlayedMatches: z.number(),
  openForRegistration: z.boolean(),
  matchType: matchTypeSchema,
  active: z.boolean(),
  current: z.boolean(),
});
export type Season = z.infer<typeof seasonSchema>;

export const companyPath = (companyId: string) => `${ADMIN_API}/companies/${encodeURIComponent(companyId)}`;

export function getLadders(companyId: string, signal?: AbortSignal): Promise<Ladder[]> {
  return request('GET', `${companyPath(companyId)}/ladders`, { schema: z.array(ladderSchema), signal });
}

/** The ladder's seasons in start order. */
export function getSeasons(companyId: string, ladderId: string, signal?: AbortSignal): Promise<Season[]> {
  return request('GET', `${companyPath(companyId)}/ladders/${encodeURIComponent(ladderId)}/seasons`, {
    schema: z.array(seasonSchema),
    signal,
  });
}
