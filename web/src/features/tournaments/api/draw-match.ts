import * as z from 'zod/mini';
import { MATCHES_API } from '@courtside/events/api-paths';
import { request } from '../../../lib/http';

// Loaded with the knockout's bracket only (a lazy chunk): a club night's page does not carry it.
const sideScoreSchema = z.object({
  matchSets: z.array(z.object({ score: z.nullable(z.number()), tiebreakScore: z.optional(z.number()) })),
  special: z.string(),
});
/** What the bracket shows of a draw match (`GET matches/{id}`, a `match.updated` push): its score, live or not. */
export const drawMatchScoreSchema = z.object({
  id: z.string(),
  status: z.string(),
  defender: sideScoreSchema,
  challenger: sideScoreSchema,
  live: z.optional(z.object({ finished: z.boolean() })),
});
export type DrawMatchScore = z.infer<typeof drawMatchScoreSchema>;

export const getDrawMatch = (matchId: string, signal?: AbortSignal): Promise<DrawMatchScore> =>
  request('GET', `${MATCHES_API}/matches/${encodeURIComponent(matchId)}`, {
    schema: drawMatchScoreSchema,
    signal,
  });
