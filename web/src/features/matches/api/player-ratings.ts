import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { LADDER_API } from '@courtside/events/api-paths';
import { isApiError, request } from '../../../lib/http';

const sportsCategorySchema = z.enum(['TENNISSINGLE', 'TENNISDOUBLE', 'PADEL']);
type SportsCategory = z.infer<typeof sportsCategorySchema>;

const playerSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  companies: z.array(
    z.object({
      companyId: z.string(),
      name: z.string(),
      ratings: z.array(
        z.object({
          sportsCategory: sportsCategorySchema,
          rating: z.number(),
          deviation: z.number(),
          provisional: z.boolean(),
          matches: z.number(),
        }),
      ),
    }),
  ),
  record: z.object({
    played: z.number(),
    won: z.number(),
    lost: z.number(),
    streak: z.nullable(z.object({ result: z.enum(['W', 'L']), count: z.number() })),
  }),
  recentMatchIds: z.array(z.string()),
});
export type Player = z.infer<typeof playerSchema>;

const ratingChangeSchema = z.object({
  matchId: z.string(),
  at: z.string(),
  before: z.number(),
  after: z.number(),
  deviationBefore: z.number(),
  deviationAfter: z.number(),
  expected: z.number(),
  won: z.boolean(),
  opponents: z.array(z.object({ playerId: z.string(), name: z.string(), rating: z.number() })),
});
export type RatingChange = z.infer<typeof ratingChangeSchema>;

const versusSchema = z.object({ played: z.number(), wonByA: z.number(), wonByB: z.number() });

const playerPath = (playerId: string) => `${LADDER_API}/players/${encodeURIComponent(playerId)}`;

/** DESIGN.md §11: a player's ratings, record and recent matches (public). */
export const getPlayer = (playerId: string, signal?: AbortSignal) =>
  request('GET', playerPath(playerId), { schema: playerSchema, signal });

/** How one rating moved, oldest first, each change explained. */
export const getRatingChanges = (
  playerId: string,
  companyId: string,
  sportsCategory: SportsCategory,
  signal?: AbortSignal,
) =>
  request('GET', `${playerPath(playerId)}/ratings`, {
    query: { companyId, sportsCategory },
    schema: z.array(ratingChangeSchema),
    signal,
  });

/** Head-to-head of two players. */
export const getVersus = (a: string, b: string, signal?: AbortSignal) =>
  request('GET', `${playerPath(a)}/versus/${encodeURIComponent(b)}`, { schema: versusSchema, signal });

type Loaded<T> = { kind: 'loading' } | { kind: 'loaded'; value: T } | { kind: 'missing' | 'failed' };

/** Loads `load()` whenever `key` changes; `missing` for a 404. */
export function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    load(controller.signal)
      .then((value) => setState({ kind: 'loaded', value }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: isApiError(error) && error.status === 404 ? 'missing' : 'failed' });
      });
    return () => controller.abort();
    // `key` names what `load` loads: a new `load` function for the same key loads nothing new.
  }, [key]);
  return state;
}
