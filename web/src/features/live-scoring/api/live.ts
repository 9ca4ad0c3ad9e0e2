import { z } from 'zod';
import { MATCHES_API } from '@courtside/events/api-paths';
import type { LiveConfig } from '@courtside/events/live/engine';
import { isApiError, request } from '../../../lib/http';

/**
 * The live scoring API (DESIGN.md §7): the state `GET matches/{id}/live` answers, with (beyond DESIGN) the points
 * and the rules, so the scorer and the live match page hold the points themselves; the scorer's commands.
 */
export const sideSchema = z.enum(['defender', 'challenger']);
const side = sideSchema;
const pair = z.object({ defender: z.number(), challenger: z.number() });

export const liveStateSchema = z.object({
  seq: z.number(),
  sets: z.array(
    z.object({
      defender: z.number(),
      challenger: z.number(),
      tiebreak: pair.optional(),
      superTiebreak: z.boolean().optional(),
    }),
  ),
  game: z.object({ defender: z.string(), challenger: z.string() }),
  server: side,
  finished: z.boolean(),
  winner: side.nullable().optional().default(null),
  stats: z.object({
    pointsWon: pair,
    servicePointsWon: pair,
    servicePointsPlayed: pair,
    breakPointsFaced: pair,
    breakPointsWon: pair,
    longestRun: pair,
  }),
});

export const liveViewSchema = liveStateSchema.extend({
  points: z.array(side),
  /** Over for good: its last point cannot be taken back (DESIGN.md §13). */
  resultStays: z.boolean().optional().default(false),
  rules: z.object({
    matchType: z.enum(['GAMESONLY', 'BESTOFTHREE', 'BESTOFFIVE']),
    firstServer: side,
    noAd: z.boolean(),
    finalSet: z.enum(['SET', 'SUPER_TIEBREAK']),
  }),
});

export type LiveView = z.infer<typeof liveViewSchema>;
type LiveSide = z.infer<typeof side>;

const path = (id: string, tail = '') => `${MATCHES_API}/matches/${encodeURIComponent(id)}/live${tail}`;
const pointsPath = (id: string, tail = '') =>
  `${MATCHES_API}/matches/${encodeURIComponent(id)}/points${tail}`;

/** The match's live view, or null when it is not scored live (404). */
export async function getLive(id: string, signal?: AbortSignal): Promise<LiveView | null> {
  try {
    return await request('GET', path(id), { schema: liveViewSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export type StartOptions = Pick<LiveConfig, 'firstServer' | 'noAd' | 'finalSet'>;

export function startLive(id: string, options: StartOptions): Promise<LiveView> {
  return request('POST', path(id), { body: options, schema: liveViewSchema });
}

export function scorePoint(id: string, seq: number, winner: LiveSide): Promise<LiveView> {
  return request('POST', pointsPath(id), { body: { seq, winner }, schema: liveViewSchema });
}

export function undoPoint(id: string, seq: number): Promise<LiveView> {
  return request('POST', pointsPath(id, '/undo'), { body: { seq }, schema: liveViewSchema });
}

/** A games-only match: the scorer ends it after the point numbered `seq`. */
export function endLive(id: string, seq: number): Promise<LiveView> {
  return request('POST', path(id, '/end'), { body: { seq }, schema: liveViewSchema });
}

/** The state a `409 {reason: "SEQ", state}` carries (another scorer counted a point meanwhile), else null. */
export function conflictState(error: unknown): LiveView | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.body as { reason?: unknown; state?: unknown } | undefined;
  if (body?.reason !== 'SEQ') return null;
  const parsed = liveViewSchema.safeParse(body.state);
  return parsed.success ? parsed.data : null;
}
