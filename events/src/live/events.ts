import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';

const matchRef = { matchId: z.uuid(), seasonId: z.uuid(), ladderId: z.uuid() };
const side = z.enum(['defender', 'challenger']);

/** DESIGN.md §7: a match is scored live from here on, with these rules. */
export const liveScoringStarted = defineEvent({
  type: 'LiveScoringStarted',
  schemaVersion: 1,
  payload: z.object({
    ...matchRef,
    firstServer: side,
    noAd: z.boolean(),
    finalSet: z.enum(['SET', 'SUPER_TIEBREAK']),
  }),
});
/** The point numbered `seq` (1, 2, …) went to `winner`. */
export const pointScored = defineEvent({
  type: 'PointScored',
  schemaVersion: 1,
  payload: z.object({ ...matchRef, seq: z.number().int().min(1), winner: side }),
});
/** The last point, numbered `seq`, is taken back. */
export const pointUndone = defineEvent({
  type: 'PointUndone',
  schemaVersion: 1,
  payload: z.object({ ...matchRef, seq: z.number().int().min(1) }),
});

/** A games-only match ends when its scorer says so (DESIGN.md §7), after the point numbered `seq`. */
export const liveMatchEnded = defineEvent({
  type: 'LiveMatchEnded',
  schemaVersion: 1,
  payload: z.object({ ...matchRef, seq: z.number().int().min(0) }),
});

export const liveEvents = [liveScoringStarted, pointScored, pointUndone, liveMatchEnded] as const;

export type LiveEvent =
  | EventOf<typeof liveScoringStarted>
  | EventOf<typeof pointScored>
  | EventOf<typeof pointUndone>
  | EventOf<typeof liveMatchEnded>;
