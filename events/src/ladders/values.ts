/**
 * The ladder values without their schemas (no zod): what a public web page needs of the ladder model, so that it
 * does not load zod's classic API with the schemas of `model.ts` (docs/performance.md, "Initial JavaScript").
 */

export const sportsCategories = ['TENNISSINGLE', 'TENNISDOUBLE', 'PADEL'] as const;
export type SportsCategory = (typeof sportsCategories)[number];

/** TENNISSINGLE teams have one member; TENNISDOUBLE and PADEL teams two (DESIGN.md §4). */
export function teamSizeOf(sportsCategory: string): 1 | 2 {
  return sportsCategory === 'TENNISSINGLE' ? 1 : 2;
}

export const matchTypes = ['GAMESONLY', 'BESTOFTHREE', 'BESTOFFIVE'] as const;
