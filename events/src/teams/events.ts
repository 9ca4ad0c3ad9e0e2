import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';

const teamRef = { teamId: z.uuid(), seasonId: z.uuid(), ladderId: z.uuid() };

/** Members are account ids only: names, emails and phones stay in the accounts tables, out of the log. */
export const teamRegistered = defineEvent({
  type: 'TeamRegistered',
  schemaVersion: 1,
  payload: z.object({
    ...teamRef,
    memberIds: z.array(z.uuid()).min(1).max(2),
    /** DESIGN.md §12: made by closing this box season into the team's season (accepted at once, nobody waits). */
    closedFrom: z.uuid().optional(),
    /**
     * DESIGN.md §9: an invitation placed the team straight into the ladder; `TeamAccepted` follows in the same
     * command, so nobody waits for a manager's approval.
     */
    placement: z.literal('ACTIVE').optional(),
  }),
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

/**
 * DESIGN.md §9 "Partners agree first": a player names a partner for a team of two. The partner's address lives in
 * `courtside.invitations` beside the log (keyed by `requestId`); until the partner accepts, the events name nobody
 * but the registrant. The team (`teamId`) forms only on acceptance (`TeamRegistered` follows).
 */
const requestRef = { requestId: z.uuid(), ...teamRef };
export const partnerRequested = defineEvent({
  type: 'PartnerRequested',
  schemaVersion: 1,
  payload: z.object({
    ...requestRef,
    registrantId: z.uuid(),
    lapsesAt: z.iso.datetime({ offset: true }),
  }),
});
/** The partner's account id is known from here on: they agreed to play. */
export const partnerRequestAccepted = defineEvent({
  type: 'PartnerRequestAccepted',
  schemaVersion: 1,
  payload: z.object({ ...requestRef, partnerId: z.uuid() }),
});
/** Recorded by the system on the addressee's word: who declined is nobody else's business. */
export const partnerRequestDeclined = defineEvent({
  type: 'PartnerRequestDeclined',
  schemaVersion: 1,
  payload: z.object(requestRef),
});
export const partnerRequestWithdrawn = defineEvent({
  type: 'PartnerRequestWithdrawn',
  schemaVersion: 1,
  payload: z.object(requestRef),
});
/** Unanswered for 14 days: the deadline process (actor `system`). */
export const partnerRequestLapsed = defineEvent({
  type: 'PartnerRequestLapsed',
  schemaVersion: 1,
  payload: z.object(requestRef),
});

/**
 * DESIGN.md §9 "Inviting players": a manager invites people into a season by email. The addresses live in
 * `courtside.invitations` beside the log (keyed by `invitationId`); each invitation names the team it forms
 * (`teamId`), and, for doubles and padel, the partner's invitation (`partnerInvitationId`, its own link). The team
 * forms (`TeamRegistered`, then `TeamAccepted` when `placement` is `ACTIVE`) when every address of it has accepted.
 */
export const playersInvited = defineEvent({
  type: 'PlayersInvited',
  schemaVersion: 1,
  payload: z.object({
    seasonId: z.uuid(),
    ladderId: z.uuid(),
    placement: z.enum(['WAITING', 'ACTIVE']),
    expiresAt: z.iso.datetime({ offset: true }),
    invitations: z
      .array(z.object({ invitationId: z.uuid(), teamId: z.uuid(), partnerInvitationId: z.uuid().optional() }))
      .min(1)
      .max(200),
  }),
});
/**
 * A manager withdrew an invitation: a season's (and its partner's link), with `seasonId`, or a co-manager's, with
 * `companyId`. Its links answer `410 REVOKED` from then on.
 */
export const invitationRevoked = defineEvent({
  type: 'InvitationRevoked',
  schemaVersion: 1,
  payload: z.object({
    invitationId: z.uuid(),
    seasonId: z.uuid().optional(),
    ladderId: z.uuid().optional(),
    companyId: z.uuid().optional(),
  }),
});
/** The invited address's account took up one invitation (a manager's, or a partner's of one). */
export const invitationAccepted = defineEvent({
  type: 'InvitationAccepted',
  schemaVersion: 1,
  payload: z.object({
    invitationId: z.uuid(),
    seasonId: z.uuid(),
    ladderId: z.uuid(),
    teamId: z.uuid(),
    accountId: z.uuid(),
  }),
});

/**
 * DESIGN.md §9 "Pause": a team pauses from `from` (the day it was decided) until `until` (its first day back),
 * both calendar days of the club. A pause while paused replaces the rest of the current one.
 */
const isoDate = z.iso.date();
export const teamPaused = defineEvent({
  type: 'TeamPaused',
  schemaVersion: 1,
  payload: z.object({ ...teamRef, from: isoDate, until: isoDate }),
});
/** Back from a pause on `on`: by hand (a member or a manager) before `until`, or by the system at `until`. */
export const teamResumed = defineEvent({
  type: 'TeamResumed',
  schemaVersion: 1,
  payload: z.object({ ...teamRef, on: isoDate }),
});

export const teamEvents = [
  teamRegistered,
  teamAccepted,
  teamRejected,
  teamRemoved,
  teamPositionChanged,
  teamDroppedForInactivity,
  partnerRequested,
  partnerRequestAccepted,
  partnerRequestDeclined,
  partnerRequestWithdrawn,
  partnerRequestLapsed,
  playersInvited,
  invitationRevoked,
  invitationAccepted,
  teamPaused,
  teamResumed,
] as const;

export type TeamEvent =
  | EventOf<typeof teamRegistered>
  | EventOf<typeof teamAccepted>
  | EventOf<typeof teamRejected>
  | EventOf<typeof teamRemoved>
  | EventOf<typeof teamPositionChanged>
  | EventOf<typeof teamDroppedForInactivity>
  | EventOf<typeof partnerRequested>
  | EventOf<typeof partnerRequestAccepted>
  | EventOf<typeof partnerRequestDeclined>
  | EventOf<typeof partnerRequestWithdrawn>
  | EventOf<typeof partnerRequestLapsed>
  | EventOf<typeof playersInvited>
  | EventOf<typeof invitationRevoked>
  | EventOf<typeof invitationAccepted>
  | EventOf<typeof teamPaused>
  | EventOf<typeof teamResumed>;
