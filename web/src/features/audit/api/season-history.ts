import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { request } from '../../../lib/http';
import type { Locale } from '../../../lib/locale';

/** DESIGN.md §8: a season's events, oldest first, and the season as it stood after any of them. */

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

const sideSchema = z.object({
  teamId: z.string(),
  members: z.array(z.object({ name: z.string() })),
  matchSets: z.array(z.object({ score: z.number().nullable() })),
  winner: z.boolean(),
  special: z.string(),
});
const atSchema = z.object({
  at: z.object({ position: z.number(), occurredAt: z.string() }),
  standings: z.array(
    z.object({
      teamId: z.string(),
      position: z.number(),
      members: z.array(z.object({ fullName: z.string() })),
      played: z.number(),
      won: z.number(),
      lost: z.number(),
      movement: z.number(),
    }),
  ),
  matches: z.array(
    z.object({
      id: z.string(),
      date: z.string().nullable(),
      status: z.string(),
      defender: sideSchema,
      challenger: sideSchema,
      confirmation: z.object({ state: z.string() }),
    }),
  ),
});
export type SeasonAt = z.infer<typeof atSchema>;

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

export function getSeasonAt(seasonId: string, position: number, signal?: AbortSignal): Promise<SeasonAt> {
  return request('GET', `${seasonPath(seasonId)}/standings`, {
    query: { at: position },
    schema: atSchema,
    signal,
  });
}
