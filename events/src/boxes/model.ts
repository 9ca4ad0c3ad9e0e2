import { z } from 'zod';

/** DESIGN.md §12: how a season's sides compete. */
export const seasonFormats = ['LADDER', 'BOX'] as const;
export type SeasonFormat = (typeof seasonFormats)[number];
export const seasonFormatSchema = z.enum(seasonFormats, 'Choose LADDER or BOX');

/** DESIGN.md §12: a box season's settings, all of them (`GET` always answers them). */
export interface BoxSettings {
  /** Sides per box, 4–8. */
  size: number;
  /** Points for a win. */
  pointsWin: number;
  /** Points for a played loss (a walkover loss scores 0). */
  pointsPlayed: number;
  /** The top sides of each box (but the first) that go up a box on close. */
  promote: number;
  /** The bottom sides of each box (but the last) that go down a box on close. */
  relegate: number;
}

export const defaultBoxSettings: BoxSettings = {
  size: 5,
  pointsWin: 3,
  pointsPlayed: 1,
  promote: 1,
  relegate: 1,
};

const whole = (min: number, max: number) =>
  z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(min, `Enter ${min} or more`)
    .max(max, `Enter at most ${max}`);

/**
 * The box settings in a request: every field optional, what is left out keeps its stored value (or default).
 * Promote and relegate are at most 3: the smallest box has 3 sides.
 */
export const boxSettingsInputSchema = z
  .object({
    size: whole(4, 8),
    pointsWin: whole(0, 10),
    pointsPlayed: whole(0, 10),
    promote: whole(0, 3),
    relegate: whole(0, 3),
  })
  .partial();
export type BoxSettingsInput = z.infer<typeof boxSettingsInputSchema>;

/** The settings after a change (or as stored, read back): the fields given replace the current ones. */
export function withBoxSettings(
  current: BoxSettings,
  change: BoxSettingsInput | null | undefined,
): BoxSettings {
  const defined = Object.entries(change ?? {}).filter(([, value]) => value !== undefined);
  return { ...current, ...Object.fromEntries(defined) };
}

export function sameBoxSettings(a: BoxSettings, b: BoxSettings): boolean {
  return (Object.keys(defaultBoxSettings) as Array<keyof BoxSettings>).every((key) => a[key] === b[key]);
}

/** Stored settings read back (JSON of the read model): defaults for what is missing. */
export const boxSettingsOf = (stored: Partial<BoxSettings> | null | undefined): BoxSettings =>
  withBoxSettings(defaultBoxSettings, stored);

/** Where a side went at the close: up a box, down a box, or it stays in its box (DESIGN.md §12). */
export const boxMovements = ['UP', 'DOWN', 'STAYS'] as const;
export type BoxMovement = (typeof boxMovements)[number];

/** How the draw orders the active sides before filling the boxes. */
export const drawOrders = ['POSITION', 'RATING'] as const;
export type DrawOrder = (typeof drawOrders)[number];
export const drawInputSchema = z.object({ by: z.enum(drawOrders, 'Choose POSITION or RATING') });
export const closeInputSchema = z.object({ nextSeasonId: z.uuid('Choose the next season') });
