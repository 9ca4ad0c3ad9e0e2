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

export const teamEvents = [
  teamRegistered,
  teamAccepted,
  teamRejected,
  teamRemoved,
  teamPositionChanged,
] as const;

export type TeamEvent =
  | EventOf<typeof teamRegistered>
  | EventOf<typeof teamAccepted>
  | EventOf<typeof teamRejected>
  | EventOf<typeof teamRemoved>
  | EventOf<typeof teamPositionChanged>;
