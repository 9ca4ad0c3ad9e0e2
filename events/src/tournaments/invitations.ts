import { refuse, reject, type Rejection } from '../decider.ts';
import type { TournamentNewEvent } from './events.ts';

/** DESIGN.md §9: an invitation (a partner's request or a manager's) lasts this many days. */
export const INVITATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type InvitationOutcome = 'accepted' | 'declined' | 'withdrawn' | 'lapsed';
export type TournamentInvitationState = 'open' | InvitationOutcome;

/**
 * An address asked to enter a tournament (DESIGN.md §16 with §9): by a player as their doubles partner
 * (`registrantId`), or by a manager. Its entry (`entryId`) forms when the addressee accepts.
 */
export interface TournamentInvitation {
  invitationId: string;
  entryId: string;
  registrantId?: string;
  lapsesAt: string;
  state: TournamentInvitationState;
}

export const isOpen = (invitation: TournamentInvitation, now: Date) =>
  invitation.state === 'open' && Date.parse(invitation.lapsesAt) > now.getTime();

/** The open invitations, oldest first. */
export const openInvitations = (invitations: Record<string, TournamentInvitation>, now: Date) =>
  Object.values(invitations).filter((invitation) => isOpen(invitation, now));

/** Why an invitation that is not open cannot be answered, as DESIGN.md §9's link says it (`410 {reason}`). */
export function closedInvitationReason(
  invitation: Pick<TournamentInvitation, 'state'>,
): 'REVOKED' | 'USED' | 'EXPIRED' {
  if (invitation.state === 'withdrawn') return 'REVOKED';
  return invitation.state === 'accepted' || invitation.state === 'declined' ? 'USED' : 'EXPIRED';
}

const NOT_OPEN = 'This invitation is not open any more';
export const closedInvitation = (invitation: TournamentInvitation): Rejection =>
  refuse(closedInvitationReason(invitation), NOT_OPEN);

/** A new invitation's event: it lapses 14 days from now. */
export function invited(
  tournamentId: string,
  invitation: { invitationId: string; entryId: string; registrantId?: string },
  now: Date,
): TournamentNewEvent {
  const lapsesAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  return {
    type: 'TournamentInvited',
    streamId: tournamentId,
    payload: { tournamentId, ...invitation, lapsesAt },
  };
}

export const invitationClosed = (
  tournamentId: string,
  invitationId: string,
  outcome: InvitationOutcome,
): TournamentNewEvent => ({
  type: 'TournamentInvitationClosed',
  streamId: tournamentId,
  payload: { tournamentId, invitationId, outcome },
});

/** The deadline process (actor `system`): every invitation still open past its `lapsesAt` lapses. */
export const lapsed = (
  tournamentId: string,
  invitations: Record<string, TournamentInvitation>,
  now: Date,
): TournamentNewEvent[] =>
  Object.values(invitations)
    .filter((invitation) => invitation.state === 'open' && !isOpen(invitation, now))
    .map((invitation) => invitationClosed(tournamentId, invitation.invitationId, 'lapsed'));

/** The open invitation of an entry not formed yet (what its registrant withdraws or its addressee declines). */
export const pendingEntry = (
  invitations: Record<string, TournamentInvitation>,
  entryId: string,
): TournamentInvitation | undefined =>
  Object.values(invitations).find((invitation) => invitation.entryId === entryId);

/** The addressee's no, or a withdrawal of a request not answered yet. */
export function closePending(
  tournamentId: string,
  invitation: TournamentInvitation,
  outcome: 'declined' | 'withdrawn',
  now: Date,
): TournamentNewEvent[] | Rejection {
  if (!isOpen(invitation, now)) return closedInvitation(invitation);
  return [invitationClosed(tournamentId, invitation.invitationId, outcome)];
}

export const NO_INVITATION = 'No such invitation';
export const noInvitation = () => reject('not_found', NO_INVITATION);
