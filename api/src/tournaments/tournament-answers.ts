import { z } from 'zod';
import { sportsCategorySchema } from '@courtside/events/ladders/model';
import { entryModes, tournamentFormats } from '@courtside/events/tournaments/model';

/** DESIGN.md §16: a tournament in a club's list. */
export const tournamentSummarySchema = z
  .object({
    tournamentId: z.uuid(),
    companyId: z.uuid(),
    name: z.string(),
    format: z.enum(tournamentFormats),
    sportsCategory: sportsCategorySchema,
    startsAt: z.string().describe('a local date-time, `YYYY-MM-DDTHH:mm`'),
    status: z.enum(['entry', 'running', 'finished']),
    entrants: z.number().int().describe('how many sides have entered'),
  })
  .meta({ id: 'TournamentSummary' });

const gameSchema = z.object({
  gameId: z.uuid(),
  court: z.number().int(),
  sideA: z.tuple([z.uuid(), z.uuid()]),
  sideB: z.tuple([z.uuid(), z.uuid()]),
  pointsA: z.number().int().optional(),
  pointsB: z.number().int().optional(),
});

/** A club-night game with its round, as a result's answer. */
export const tournamentGameSchema = gameSchema
  .extend({ round: z.number().int().describe('beyond DESIGN.md §16: the game’s round') })
  .meta({ id: 'TournamentGame' });

const bracketRoundsSchema = z.array(
  z.object({
    round: z.number().int(),
    matchIds: z.array(z.uuid()),
    matches: z
      .array(
        z.object({
          matchId: z.uuid(),
          sideA: z.uuid().nullable(),
          sideB: z.uuid().nullable(),
          winner: z.uuid().optional(),
        }),
      )
      .describe(
        'beyond DESIGN.md §16: each match’s sides (entry ids) as far as known (null: the winner of the match ' +
          'before is not known yet, or nobody comes), and its winner once its result counts; a match is made ' +
          '(`GET matches/{id}`) once both its sides are known',
      ),
  }),
);

/** DESIGN.md §16: a tournament with its entries, and its draw (knockout) or rounds and leaderboard (club nights). */
export const tournamentSchema = tournamentSummarySchema
  .extend({
    entryMode: z
      .enum(entryModes)
      .describe(
        'beyond DESIGN.md §16: the create body’s `entries`, who enters (OPEN: the players themselves)',
      ),
    maxEntrants: z.number().int().describe('beyond DESIGN.md §16: as created'),
    courts: z.number().int().describe('beyond DESIGN.md §16: a club night’s courts'),
    pointsPerGame: z.number().int().describe('beyond DESIGN.md §16: a club-night game’s points in total'),
    entries: z.array(
      z.object({
        entryId: z.uuid(),
        members: z.array(z.object({ playerId: z.uuid(), name: z.string() })),
        seed: z.number().int().optional().describe('the entry’s place in the draw’s order, once drawn'),
      }),
    ),
    draw: z
      .object({ rounds: bracketRoundsSchema, plate: z.object({ rounds: bracketRoundsSchema }).optional() })
      .optional()
      .describe('a knockout, once drawn: its matches by round (a bye is no match)'),
    rounds: z
      .array(z.object({ round: z.number().int(), games: z.array(gameSchema), sittingOut: z.array(z.uuid()) }))
      .optional()
      .describe('a club night: its rounds made so far'),
    leaderboard: z
      .array(
        z.object({
          playerId: z.uuid(),
          name: z.string(),
          played: z.number().int(),
          points: z.number().int(),
          perGame: z.number(),
          won: z.number().int(),
        }),
      )
      .optional()
      .describe('a club night: by points per game played, total points, games won, name'),
  })
  .meta({ id: 'Tournament' });

export type TournamentAnswer = z.infer<typeof tournamentSchema>;

/**
 * Beyond DESIGN.md §16: a partner request of the caller's that waits for the partner's answer (the registrant's
 * page shows it after a reload, and offers to withdraw it).
 */
export const ownPartnerRequestSchema = z
  .object({
    entryId: z.uuid().describe('the entry it forms once accepted; `DELETE …/entries/{entryId}` withdraws it'),
    partnerEmail: z.string().nullable().describe('the address asked (null once that address was erased)'),
    lapsesAt: z.iso.datetime().describe('unanswered by then, it lapses'),
  })
  .meta({ id: 'TournamentPartnerRequest' });
