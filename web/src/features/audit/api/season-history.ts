import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { request } from '../../../lib/http';
import type { Locale } from '../../../lib/locale';

/** DESIGN.md §8: a season's events, oldest first, in words; and the events themselves, to fold at any step. */

const historyItemSchema = z.object({
  position: z.number(),
  occurredAt: z.string(),
  type: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  summary: z.string(),
  changes: z.array(z.object({ teamId: z.string(), from: z.number().nullable(), to: z.number().nullable() })),
  teamIds: z.array(z.string()).default([]),
  matchId: z.string().optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** What the season's history folds (its events, upcast) and the names of the accounts they name. */
const seasonEventsSchema = z.object({
  events: z.array(
    z.object({
      position: z.number(),
      event: z.looseObject({
        id: z.string(),
        type: z.string(),
        schemaVersion: z.number(),
        companyId: z.string(),
        streamId: z.string(),
        actorId: z.string(),
        occurredAt: z.string(),
        correlationId: z.string(),
        payload: z.unknown(),
      }),
    }),
  ),
  names: z.record(z.string(), z.string()),
});
type SeasonEvents = z.infer<typeof seasonEventsSchema>;

const seasonPath = (seasonId: string) => `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}`;

/** The history with its sentences in the page's language. */
export function getSeasonHistory(
  seasonId: string,
  lang: Locale,
  signal?: AbortSignal,
): Promise<HistoryItem[]> {
  return request('GET', `${seasonPath(seasonId)}/history`, {
    query: { lang },
    schema: z.array(historyItemSchema),
    signal,
  });
}

/** The season's events, to fold in the page: every step of the timeline is then local. */
export function getSeasonEvents(seasonId: string, signal?: AbortSignal): Promise<SeasonEvents> {
  return request('GET', `${seasonPath(seasonId)}/history/events`, { schema: seasonEventsSchema, signal });
}
