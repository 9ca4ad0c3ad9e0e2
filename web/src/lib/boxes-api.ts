import * as z from 'zod/mini';
import { LADDER_API } from '@courtside/events/api-paths';
import { request } from './http';

/** DESIGN.md §12 close (events/src/boxes/model.ts, written here again: that module brings the full zod along). */
const boxMovements = ['UP', 'DOWN', 'STAYS'] as const;
export type BoxMovement = (typeof boxMovements)[number];

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
  /** DESIGN.md §12 close: where the side went once the season is closed (null before). */
  movement: z._default(z.nullable(z.enum(boxMovements)), null),
  /** In the season a box season was closed into: the side's box there and how it moved. */
  cameFrom: z._default(
    z.nullable(
      z.object({
        seasonId: z.string(),
        box: z.nullable(z.number()),
        movement: z.nullable(z.enum(boxMovements)),
      }),
    ),
    null,
  ),
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
    /** The season this one was closed into, once it was. */
    closedInto: z._default(z.nullable(z.string()), null),
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

const ladderSeasonSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  format: z.optional(z.string()),
  current: z._default(z.boolean(), false),
});
export type LadderSeason = z.infer<typeof ladderSeasonSchema>;

/** Every season of a ladder, the first to start first (public): a past box season's tables stay readable. */
export function getLadderSeasons(ladderId: string, signal?: AbortSignal): Promise<LadderSeason[]> {
  return request('GET', `${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/seasons`, {
    schema: z.array(ladderSeasonSchema),
    signal,
  });
}

/** The box seasons of a ladder that can be read (drawn or not): the current one first, then the rest newest first. */
export function boxSeasonsOf(seasons: readonly LadderSeason[]): LadderSeason[] {
  return seasons
    .filter((season) => season.format === 'BOX')
    .sort((a, b) => Number(b.current) - Number(a.current) || b.startDate.localeCompare(a.startDate));
}
