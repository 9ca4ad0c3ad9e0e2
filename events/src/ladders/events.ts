import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';
import { isoDateSchema, matchTypeSchema, sportsCategorySchema } from './model.ts';

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

export const ladderEvents = [
  ladderCreated,
  ladderUpdated,
  ladderDeleted,
  seasonCreated,
  seasonUpdated,
  seasonDeleted,
] as const;

export type LadderEvent =
  | EventOf<typeof ladderCreated>
  | EventOf<typeof ladderUpdated>
  | EventOf<typeof ladderDeleted>
  | EventOf<typeof seasonCreated>
  | EventOf<typeof seasonUpdated>
  | EventOf<typeof seasonDeleted>;
