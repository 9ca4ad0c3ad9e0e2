import { z } from 'zod';
import {
  matchTypeSchema,
  sportsCategorySchema,
  type LadderInput,
  type SeasonInput,
} from '@courtside/events/ladders/model';
import { ladderRulesInputSchema, rulesOf } from '@courtside/events/ladders/rules';
import { companyPath, seasonsPath } from '../../../lib/admin-paths';
import { ApiError, request } from '../../../lib/http';

/**
 * The manager's ladders and seasons as the admin API answers them, and their calls (spec §7). The
 * calls are async: a missing company or ladder rejects ("No company", "Not enough info", spec §8).
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
  /** DESIGN.md §5: every season answer carries all rules; an older answer without them means the defaults. */
  rules: ladderRulesInputSchema.optional().transform((rules) => rulesOf(rules)),
  /** DESIGN.md §12: LADDER or BOX, and the box settings (an older answer without them: a ladder season). */
  format: z.enum(['LADDER', 'BOX']).optional(),
  box: z
    .looseObject({
      size: z.number(),
      pointsWin: z.number().optional(),
      pointsPlayed: z.number().optional(),
      promote: z.number().optional(),
      relegate: z.number().optional(),
    })
    .optional(),
});
export type Season = z.infer<typeof seasonSchema>;

export async function getLadders(companyId: string, signal?: AbortSignal): Promise<Ladder[]> {
  return request('GET', `${companyPath(companyId)}/ladders`, { schema: z.array(ladderSchema), signal });
}

/** The ladder's seasons in start order. */
export async function getSeasons(
  companyId: string,
  ladderId: string,
  signal?: AbortSignal,
): Promise<Season[]> {
  return request('GET', seasonsPath(companyId, ladderId), {
    schema: z.array(seasonSchema),
    signal,
  });
}

/** A 202 answer ("accepted, not yet visible") carries the id only. */
const savedSchema = z.object({ uuid: z.string() }).loose();

/** The ladder with this name (case-insensitive), or undefined when the company has none (404). */
export async function findLadderByName(
  companyId: string,
  name: string,
  signal?: AbortSignal,
): Promise<Ladder | undefined> {
  try {
    return await request('GET', `${companyPath(companyId)}/ladders/name/${encodeURIComponent(name)}`, {
      schema: ladderSchema,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

export async function createLadder(
  companyId: string,
  ladder: Omit<LadderInput, 'uuid'>,
): Promise<{ uuid: string }> {
  return request('POST', `${companyPath(companyId)}/ladders`, { body: ladder, schema: savedSchema });
}

export async function updateLadder(
  companyId: string,
  ladder: LadderInput & { uuid: string },
): Promise<{ uuid: string }> {
  return request('PUT', `${companyPath(companyId)}/ladders`, { body: ladder, schema: savedSchema });
}

export async function deleteLadder(companyId: string, ladderId: string): Promise<void> {
  await request('DELETE', `${companyPath(companyId)}/ladders/${encodeURIComponent(ladderId)}`);
}

/** Saves a season (POST without uuid, PUT with); answers the season, or its id when the server is late. */
export async function saveSeason(
  companyId: string,
  ladderId: string,
  season: SeasonInput,
): Promise<Season | { uuid: string }> {
  return request(season.uuid ? 'PUT' : 'POST', seasonsPath(companyId, ladderId), {
    body: season,
    schema: z.union([seasonSchema, savedSchema]),
  });
}

export async function deleteSeason(companyId: string, ladderId: string, seasonId: string): Promise<void> {
  await request('DELETE', `${seasonsPath(companyId, ladderId)}/${encodeURIComponent(seasonId)}`);
}
