import { z } from 'zod/mini';

/**
 * Where a match scored live stands, as a match card shows it: part of the match schema (api/matches.ts) and the
 * state of a `live.updated` push (model.ts reads those). A module of its own so that the rules in model.ts need
 * nothing at runtime from the request functions, which use those rules (no import cycle).
 */

const sideSchema = z.enum(['defender', 'challenger']);
/** Beyond the spec: where a match scored live stands (DESIGN.md §7), also the state of a `live.updated` push. */
export const liveSummarySchema = z.object({
  seq: z.number(),
  game: z.object({ defender: z.string(), challenger: z.string() }),
  server: sideSchema,
  finished: z.boolean(),
  superTiebreak: z.optional(z.boolean()),
  /** When the live score last changed (its start or a point); a pushed state has none: it just changed. */
  updatedAt: z.optional(z.string()),
});
export type LiveSummary = z.infer<typeof liveSummarySchema>;
/** A pushed live state (DESIGN.md §7): the summary, and its sets for whether the set in progress is a super tiebreak. */
export const liveStateSchema = z.extend(z.omit(liveSummarySchema, { superTiebreak: true }), {
  sets: z.array(z.object({ superTiebreak: z.optional(z.boolean()) })),
});
