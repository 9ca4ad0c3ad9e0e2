import { z } from 'zod';
import { sportsCategorySchema } from '@courtside/events/ladders/model';
import type { PlayedResult } from '@courtside/projector/ratings/queries';

/** The answers of the player routes (DESIGN.md §11, §15), as the OpenAPI document shows them. */
export const playerSchema = z
  .object({
    playerId: z.uuid(),
    name: z.string(),
    companies: z.array(
      z.object({
        companyId: z.uuid(),
        name: z.string(),
        ratings: z.array(
          z.object({
            sportsCategory: sportsCategorySchema,
            rating: z.number().int().describe('Glicko-2, rounded'),
            deviation: z.number().int().describe('The rating deviation, rounded'),
            provisional: z.boolean().describe('While the deviation is above 110'),
            matches: z.number().int().describe('Rated matches'),
          }),
        ),
      }),
    ),
    record: z.object({
      played: z.number().int(),
      won: z.number().int(),
      lost: z.number().int(),
      streak: z
        .object({ result: z.enum(['W', 'L']), count: z.number().int().positive() })
        .nullable()
        .describe('The run of the latest results; null before the first'),
    }),
    recentMatchIds: z.array(z.uuid()).describe('The last 10 confirmed matches, newest first'),
  })
  .meta({ id: 'Player' });

export const ratingChangeSchema = z
  .object({
    matchId: z.uuid(),
    at: z.iso.datetime().describe('When the result first counted'),
    before: z.number(),
    after: z.number(),
    deviationBefore: z.number(),
    deviationAfter: z.number(),
    expected: z.number().min(0).max(1).describe('The chance to win before the match (Glickman’s E)'),
    won: z.boolean(),
    opponents: z.array(
      z.object({
        playerId: z.uuid(),
        name: z.string(),
        rating: z.number().describe('Before the match'),
      }),
    ),
  })
  .meta({ id: 'RatingChange' });

export const versusSchema = (match: z.ZodType) =>
  z
    .object({
      played: z.number().int(),
      wonByA: z.number().int(),
      wonByB: z.number().int(),
      matches: z.array(match).describe('Newest first'),
    })
    .meta({ id: 'Versus' });

/** The run of equal results at the top of `results` (newest first). */
export function streakOf(results: readonly PlayedResult[]): { result: 'W' | 'L'; count: number } | null {
  const [latest] = results;
  if (!latest) return null;
  const count = results.findIndex((result) => result.won !== latest.won);
  return { result: latest.won ? 'W' : 'L', count: count === -1 ? results.length : count };
}
