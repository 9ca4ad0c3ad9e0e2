import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';

const challengeRef = { challengeId: z.uuid(), seasonId: z.uuid(), ladderId: z.uuid() };
const isoInstant = z.iso.datetime({ offset: true });

/**
 * DESIGN.md §5. The rules that govern the challenge afterwards are copied in at issue time, so that a later change
 * of the season's rules applies to challenges issued after it only.
 */
export const challengeIssued = defineEvent({
  type: 'ChallengeIssued',
  schemaVersion: 1,
  payload: z.object({
    ...challengeRef,
    challengerTeamId: z.uuid(),
    defenderTeamId: z.uuid(),
    issuedBy: z.uuid(),
    issuedAt: isoInstant,
    respondBy: isoInstant,
    playDays: z.number().int().min(1),
    declineIsWalkover: z.boolean(),
  }),
});
/** The match is created with it (MatchCreated with this `challengeId`). */
export const challengeAccepted = defineEvent({
  type: 'ChallengeAccepted',
  schemaVersion: 1,
  payload: z.object({ ...challengeRef, matchId: z.uuid(), acceptedBy: z.uuid(), playBy: isoInstant }),
});
/** `matchId`: the walkover match won by the challenger, when declining is a walkover. */
export const challengeDeclined = defineEvent({
  type: 'ChallengeDeclined',
  schemaVersion: 1,
  payload: z.object({ ...challengeRef, declinedBy: z.uuid(), matchId: z.uuid().optional() }),
});
export const challengeWithdrawn = defineEvent({
  type: 'ChallengeWithdrawn',
  schemaVersion: 1,
  payload: z.object({ ...challengeRef, withdrawnBy: z.uuid() }),
});
/** No answer by `respondBy`; decided by the system. `matchId` as for a decline. */
export const challengeExpired = defineEvent({
  type: 'ChallengeExpired',
  schemaVersion: 1,
  payload: z.object({ ...challengeRef, matchId: z.uuid().optional() }),
});

export const challengeEvents = [
  challengeIssued,
  challengeAccepted,
  challengeDeclined,
  challengeWithdrawn,
  challengeExpired,
] as const;

export type ChallengeEvent =
  | EventOf<typeof challengeIssued>
  | EventOf<typeof challengeAccepted>
  | EventOf<typeof challengeDeclined>
  | EventOf<typeof challengeWithdrawn>
  | EventOf<typeof challengeExpired>;
