import * as z from 'zod/mini';
import { LADDER_API } from '@courtside/events/api-paths';
import { request } from '../../../lib/http';

const boxMatchIdsSchema = z.array(
  z.object({ boxId: z.string(), number: z.number(), matchIds: z.array(z.string()) }),
);
type BoxMatchIds = z.infer<typeof boxMatchIdsSchema>[number];

/** DESIGN.md §12: a box season's boxes with their match ids (an empty list for a ladder season). */
export function getBoxMatchIds(seasonId: string, signal?: AbortSignal): Promise<BoxMatchIds[]> {
  return request('GET', `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/boxes`, {
    schema: boxMatchIdsSchema,
    signal,
  });
}
