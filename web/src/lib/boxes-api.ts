import * as z from 'zod/mini';
import { LADDER_API } from '@courtside/events/api-paths';
import { request } from './http';

// zod/mini: on the public standings page (docs/performance.md, "Initial JavaScript"), though in its lazy chunk.
const boxRowSchema = z.object({
  teamId: z.string(),
  members: z.array(z.object({ playerId: z.string(), fullName: z.string() })),
  /** DESIGN.md §19: the side left the season after the draw (its row is at the bottom). */
  left: z._default(z.boolean(), false),
  played: z.number(),
  won: z.number(),
  lost: z.number(),
  setsFor: z.number(),
  setsAgainst: z.number(),
  gamesFor: z.number(),
  gamesAgainst: z.number(),
  points: z.number(),
});
const boxMatchSchema = z.object({
  matchId: z.string(),
  defenderId: z.string(),
  challengerId: z.string(),
  status: z.enum(['planned', 'completed', 'retired', 'walkover', 'cancelled']),
  winnerId: z.nullable(z.string()),
  score: z.string(),
  counts: z.boolean(),
});
export const boxesSchema = z.array(
  z.object({
    boxId: z.string(),
    number: z.number(),
    rows: z.array(boxRowSchema),
    matchIds: z.array(z.string()),
    matches: z._default(z.array(boxMatchSchema), []),
  }),
);
export type Box = z.infer<typeof boxesSchema>[number];

/** DESIGN.md §12: a box season's boxes with their tables (public). */
export function getBoxes(seasonId: string, signal?: AbortSignal): Promise<Box[]> {
  return request('GET', `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/boxes`, {
    schema: boxesSchema,
    signal,
  });
}
