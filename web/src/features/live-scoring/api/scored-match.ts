import { z } from 'zod';
import { MATCHES_API } from '@courtside/events/api-paths';
import { request } from '../../../lib/http';

/**
 * The match the scorer scores, read with `GET matches/{id}` (spec §4): only what the scorer shows and decides on
 * (the sides' names, who may score, the rules' defaults); the matches feature reads the whole match.
 */
const sideSchema = z.object({ members: z.array(z.object({ name: z.string() })) });

export const scoredMatchSchema = z.object({
  id: z.string(),
  status: z.string(),
  sportsCategory: z.string(),
  matchType: z.enum(['GAMESONLY', 'BESTOFTHREE', 'BESTOFFIVE']).optional().default('BESTOFTHREE'),
  editable: z.boolean().optional().default(false),
  defender: sideSchema,
  challenger: sideSchema,
  live: z.object({ finished: z.boolean() }).optional(),
});
export type ScoredMatch = z.infer<typeof scoredMatchSchema>;

export function getScoredMatch(id: string, signal?: AbortSignal): Promise<ScoredMatch> {
  return request('GET', `${MATCHES_API}/matches/${encodeURIComponent(id)}`, {
    schema: scoredMatchSchema,
    signal,
  });
}
