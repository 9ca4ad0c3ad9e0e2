import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';
import { isoDateSchema, matchTypeSchema, sportsCategorySchema } from './model.ts';
import { movements } from './rules.ts';
import { seasonFormats } from '../boxes/model.ts';

const ladderDetails = {
  ladderId: z.uuid(),
  name: z.string().min(1),
  email: z.string(),
  sportsCategory: sportsCategorySchema,
};

const seasonDetails = {
  seasonId: z.uuid(),
  ladderId: z.uuid(),
  name: z.string().min(1),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  minimumPlayedMatches: z.number().int().min(0),
  openForRegistration: z.boolean(),
  matchType: matchTypeSchema,
};

export const ladderCreated = defineEvent({
  type: 'LadderCreated',
  schemaVersion: 1,
  payload: z.object(ladderDetails),
});
export const ladderUpdated = defineEvent({
  type: 'LadderUpdated',
  schemaVersion: 1,
  payload: z.object(ladderDetails),
});
export const ladderDeleted = defineEvent({
  type: 'LadderDeleted',
  schemaVersion: 1,
  payload: z.object({ ladderId: z.uuid(), name: z.string() }),
});
export const seasonCreated = defineEvent({
  type: 'SeasonCreated',
  schemaVersion: 1,
  payload: z.object(seasonDetails),
});
export const seasonUpdated = defineEvent({
  type: 'SeasonUpdated',
  schemaVersion: 1,
  payload: z.object(seasonDetails),
});
export const seasonDeleted = defineEvent({
  type: 'SeasonDeleted',
  schemaVersion: 1,
  payload: z.object({ seasonId: z.uuid(), ladderId: z.uuid(), name: z.string() }),
});

/** The season's ladder rules changed (DESIGN.md §5); they apply to challenges issued after it. */
export const seasonRulesChanged = defineEvent({
  type: 'SeasonRulesChanged',
  schemaVersion: 1,
  payload: z.object({
    seasonId: z.uuid(),
    ladderId: z.uuid(),
    rules: z.object({
      challengeRange: z.number().int().min(0),
      responseDays: z.number().int().min(1),
      playDays: z.number().int().min(1),
      declineIsWalkover: z.boolean(),
      movement: z.enum(movements),
      confirmHours: z.number().int().min(0),
      inactivityDays: z.number().int().min(0),
      /** DESIGN.md §9 (wave 3): absent in older events, read as the default 21. */
      maxPauseDays: z.number().int().min(0).optional(),
    }),
  }),
});

/**
 * DESIGN.md §12: the season's format and box settings, all of them, as changed (beside SeasonUpdated, like the ladder
 * rules' SeasonRulesChanged). Absent for a season never changed: LADDER with the default box settings.
 */
export const seasonFormatChanged = defineEvent({
  type: 'SeasonFormatChanged',
  schemaVersion: 1,
  payload: z.object({
    seasonId: z.uuid(),
    ladderId: z.uuid(),
    format: z.enum(seasonFormats),
    box: z.object({
      size: z.number().int().min(4).max(8),
      pointsWin: z.number().int().min(0),
      pointsPlayed: z.number().int().min(0),
      promote: z.number().int().min(0),
      relegate: z.number().int().min(0),
    }),
  }),
});

export const ladderEvents = [
  ladderCreated,
  ladderUpdated,
  ladderDeleted,
  seasonCreated,
  seasonUpdated,
  seasonDeleted,
  seasonRulesChanged,
  seasonFormatChanged,
] as const;

export type LadderEvent =
  | EventOf<typeof ladderCreated>
  | EventOf<typeof ladderUpdated>
  | EventOf<typeof ladderDeleted>
  | EventOf<typeof seasonCreated>
  | EventOf<typeof seasonUpdated>
  | EventOf<typeof seasonDeleted>
  | EventOf<typeof seasonRulesChanged>
  | EventOf<typeof seasonFormatChanged>;
