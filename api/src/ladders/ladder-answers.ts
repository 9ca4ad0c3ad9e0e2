import { z } from 'zod';
import { matchTypeSchema, sportsCategorySchema } from '@courtside/events/ladders/model';
import { movements } from '@courtside/events/ladders/rules';
import { seasonFormats } from '@courtside/events/boxes/model';

/** What the ladder and season routes answer (spec §3 "Ladder", "Season"; DESIGN.md §5 rules). */
export const ladderSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    email: z.string(),
    sportsCategory: sportsCategorySchema,
    hasActiveSeasons: z.boolean(),
  })
  .meta({ id: 'Ladder' });

const ladderRulesSchema = z
  .object({
    challengeRange: z.number().int().describe('How many positions up a team may challenge; 0: no challenges'),
    responseDays: z.number().int(),
    playDays: z.number().int(),
    declineIsWalkover: z.boolean(),
    movement: z.enum(movements),
    confirmHours: z.number().int().describe('0: a player’s result counts at once'),
    inactivityDays: z.number().int().describe('0: off'),
    maxPauseDays: z.number().int().describe('days a team may be paused per season, in total; 0: pausing off'),
  })
  .meta({ id: 'LadderRules', description: 'A season’s ladder rules, all of them (DESIGN.md §5).' });

const boxSettingsSchema = z
  .object({
    size: z.number().int().describe('sides per box, 4–8'),
    pointsWin: z.number().int(),
    pointsPlayed: z.number().int().describe('for a played loss; a walkover loss scores 0'),
    promote: z.number().int().describe('the top sides of each box but the first that go up a box on close'),
    relegate: z
      .number()
      .int()
      .describe('the bottom sides of each box but the last that go down a box on close'),
  })
  .meta({ id: 'BoxSettings', description: 'A season’s box settings, all of them (DESIGN.md §12).' });

export const seasonSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    minimumPlayedMatches: z.number().int(),
    openForRegistration: z.boolean(),
    matchType: matchTypeSchema,
    rules: ladderRulesSchema,
    format: z.enum(seasonFormats).describe('LADDER (challenges) or BOX (round-robin boxes), DESIGN.md §12'),
    box: boxSettingsSchema,
    active: z.boolean().describe('Today lies within startDate..endDate'),
    current: z.boolean().describe('The active season, else the next to start; at most one per ladder'),
  })
  .meta({ id: 'Season' });

export const ladderIdSchema = z.object({ uuid: z.uuid() });
