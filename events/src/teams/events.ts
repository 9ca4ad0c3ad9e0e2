import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';

const teamRef = { teamId: z.uuid(), seasonId: z.uuid(), ladderId: z.uuid() };

/** Members are account ids only: names, emails and phones stay in the accounts tables, out of the log. */
export const teamRegistered = defineEvent({
  type: 'TeamRegistered',
  schemaVersion: 1,
  payload: z.object({ ...teamRef, memberIds: z.array(z.uuid()).min(1).max(2) }),
});
export const teamAccepted = defineEvent({
  type: 'TeamAccepted',
  schemaVersion: 1,
  payload: z.object(teamRef),
});
export const teamRejected = defineEvent({
  type: 'TeamRejected',
  schemaVersion: 1,
  payload: z.object(teamRef),
});
export const teamRemoved = defineEvent({ type: 'TeamRemoved', schemaVersion: 1, payload: z.object(teamRef) });
export const teamPositionChanged = defineEvent({
  type: 'TeamPositionChanged',
  schemaVersion: 1,
  payload: z.object({ ...teamRef, position: z.number().int().min(1) }),
});

/**
 * DESIGN.md §5 `inactivityDays`: a team without a counted match for that many days drops one place, below the team
 * that stood under it (`passedBy`); decided by the system, again after every further period.
 */
export const teamDroppedForInactivity = defineEvent({
  type: 'TeamDroppedForInactivity',
  schemaVersion: 1,
  payload: z.object({
    ...teamRef,
    passedBy: z.uuid(),
    fromPosition: z.number().int().min(1),
    droppedAt: z.iso.datetime({ offset: true }),
  }),
});

export const teamEvents = [
  teamRegistered,
  teamAccepted,
  teamRejected,
  teamRemoved,
  teamPositionChanged,
  teamDroppedForInactivity,
] as const;

export type TeamEvent =
  | EventOf<typeof teamRegistered>
  | EventOf<typeof teamAccepted>
  | EventOf<typeof teamRejected>
  | EventOf<typeof teamRemoved>
  | EventOf<typeof teamPositionChanged>
  | EventOf<typeof teamDroppedForInactivity>;
