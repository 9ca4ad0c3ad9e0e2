import { z } from 'zod';
import { sportsCategorySchema } from '../ladders/model.ts';
import { LOCAL_DATE_TIME, LOCAL_DATE_TIME_HINT } from '../matches/match-dates.ts';
import { nameProblem } from '../text.ts';

/** DESIGN.md §16: a knockout championship, or a club night with rotating partners. */
export const tournamentFormats = ['KNOCKOUT', 'AMERICANO', 'MEXICANO'] as const;
export type TournamentFormat = (typeof tournamentFormats)[number];
export const entryModes = ['OPEN', 'MANAGER'] as const;
export type EntryMode = (typeof entryModes)[number];
export const seedings = ['RATING', 'ENTRY', 'MANUAL'] as const;
export type Seeding = (typeof seedings)[number];

/** The limits of DESIGN.md §16's create body. */
export const LIMITS = {
  minEntrants: 4,
  maxEntrants: 128,
  minPoints: 16,
  maxPoints: 48,
  defaultPoints: 24,
  minCourts: 1,
  maxCourts: 16,
} as const;

/** A knockout needs two sides, a club night four players (DESIGN.md §16 `TOO_FEW`). */
export const minimumSides = (format: TournamentFormat): number => (format === 'KNOCKOUT' ? 2 : 4);

/** A club night's game: two against two on a court (DESIGN.md §16). */
export interface Game {
  gameId: string;
  court: number;
  sideA: [string, string];
  sideB: [string, string];
}
export interface ClubRound {
  round: number;
  games: Game[];
  sittingOut: string[];
}
export interface GameScore {
  pointsA: number;
  pointsB: number;
}

/** The settings a tournament is created with; the rules check them again (a command may come from anywhere). */
export interface TournamentSettings {
  format: TournamentFormat;
  sportsCategory: z.infer<typeof sportsCategorySchema>;
  startsAt: string;
  entries: EntryMode;
  maxEntrants: number;
  plate: boolean;
  /** Club nights: courts in play (1–16). */
  courts: number;
  /** Americano: how many rounds (default N−1 at the draw); absent means the default. */
  rounds?: number;
  pointsPerGame: number;
}

/** The manager's create body (DESIGN.md §16), read at the api's edge. */
export const tournamentInputSchema = z.object({
  name: z
    .string('Enter a name')
    .trim()
    .min(1, 'Enter a name')
    .max(100, 'Use at most 100 characters')
    .superRefine((name, ctx) => {
      const message = nameProblem(name);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  format: z.enum(tournamentFormats, 'Choose KNOCKOUT, AMERICANO or MEXICANO'),
  sportsCategory: sportsCategorySchema,
  startsAt: z.string().regex(LOCAL_DATE_TIME, LOCAL_DATE_TIME_HINT),
  entries: z.enum(entryModes, 'Choose OPEN or MANAGER'),
  maxEntrants: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(LIMITS.minEntrants, `Enter ${LIMITS.minEntrants} or more`)
    .max(LIMITS.maxEntrants, `Enter at most ${LIMITS.maxEntrants}`),
  plate: z.boolean().optional(),
  courts: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(LIMITS.minCourts, `Enter ${LIMITS.minCourts} or more`)
    .max(LIMITS.maxCourts, `Enter at most ${LIMITS.maxCourts}`)
    .optional(),
  rounds: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(1, 'Enter 1 or more')
    .max(200)
    .optional(),
  pointsPerGame: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(LIMITS.minPoints, `Enter ${LIMITS.minPoints} or more`)
    .max(LIMITS.maxPoints, `Enter at most ${LIMITS.maxPoints}`)
    .refine((points) => points % 2 === 0, 'Enter an even number')
    .optional(),
});
export type TournamentInput = z.infer<typeof tournamentInputSchema>;
