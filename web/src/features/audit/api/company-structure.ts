import { z } from 'zod';
import { companyPath, seasonsPath } from '../../../lib/admin-paths';
import { request } from '../../../lib/http';

/** The company's ladders and their seasons, as far as the audit page's filter needs them (ids and names). */

const namedSchema = z.object({ uuid: z.string(), name: z.string() });
export type NamedLadder = z.infer<typeof namedSchema>;
export type NamedSeason = z.infer<typeof namedSchema>;

export async function getLadders(companyId: string, signal?: AbortSignal): Promise<NamedLadder[]> {
  return request('GET', `${companyPath(companyId)}/ladders`, { schema: z.array(namedSchema), signal });
}

export async function getSeasons(
  companyId: string,
  ladderId: string,
  signal?: AbortSignal,
): Promise<NamedSeason[]> {
  return request('GET', seasonsPath(companyId, ladderId), {
    schema: z.array(namedSchema),
    signal,
  });
}
