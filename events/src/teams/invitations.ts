import { refuse, reject, type Rejection } from '../decider.ts';
import { isEmailAddress } from '../email.ts';
import {
  invitationAccepted,
  invitationRevoked,
  playersInvited,
  teamAccepted,
  teamRegistered,
} from './events.ts';

/** DESIGN.md §9: an invitation link lasts this many days and is used once. */
export const INVITATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Placement = 'WAITING' | 'ACTIVE';
export type InvitationState = 'pending' | 'accepted' | 'revoked';

/**
 * One invitation link of a manager's season invitation (DESIGN.md §9 "Inviting players"). An invitee with a
 * partner has two: the invitee's own (`groupId` is its id) and the partner's (`groupId` is the invitee's).
 */
export interface SeasonInvitation {
  invitationId: string;
  groupId: string;
  /** The other link of the same team, when there is a partner. */
  otherId?: string;
  teamId: string;
  placement: Placement;
  expiresAt: string;
  state: InvitationState;
  acceptedBy?: string;
}

/** What the link says of an invitation it cannot take up any more (`410 {reason}`); undefined while open. */
export function closedInvitationCode(
  invitation: Pick<SeasonInvitation, 'state' | 'expiresAt'>,
  now: Date,
): 'REVOKED' | 'USED' | 'EXPIRED' | undefined {
  if (invitation.state === 'revoked') return 'REVOKED';
  if (invitation.state === 'accepted') return 'USED';
  return Date.parse(invitation.expiresAt) <= now.getTime() ? 'EXPIRED' : undefined;
}

/** What the manager's list says of an invitation (DESIGN.md §9 `GET invitations`). */
export function invitationListState(
  invitation: Pick<SeasonInvitation, 'state' | 'expiresAt'>,
  now: Date,
): 'pending' | 'accepted' | 'revoked' | 'expired' {
  const closed = closedInvitationCode(invitation, now);
  return closed === 'REVOKED' ? 'revoked' : closed === 'USED' ? 'accepted' : closed ? 'expired' : 'pending';
}

interface Invitee {
  email: string;
  fullName?: string;
  partnerEmail?: string;
}

export const skipReasons = [
  'INVALID_EMAIL',
  'ALREADY_IN_SEASON',
  'ALREADY_INVITED',
  'DUPLICATE',
  'PARTNER_REQUIRED',
] as const;
export type SkipReason = (typeof skipReasons)[number];

/** What the screening needs to know of the addresses: facts from beside the log, looked up by the api. */
export interface InviteeFacts {
  /** 1 for singles, 2 for doubles and padel. */
  teamSize: 1 | 2;
  /** The account with this (lower-case) address, if any. */
  accountOf: (email: string) => string | undefined;
  /** The address of each of the season's invitations (lower case). */
  emailOf: (invitationId: string) => string | undefined;
}

interface InvitationsView {
  invitations?: Record<string, SeasonInvitation>;
}

/**
 * The accounts that took up an invitation whose team has not formed yet and still may (the partner's link is
 * still open): they are in the season already.
 */
export function acceptedWithoutTeam(
  state: InvitationsView,
  formedTeams: ReadonlySet<string>,
  now: Date,
): string[] {
  const all = state.invitations ?? {};
  return Object.values(all)
    .filter((invitation) => {
      if (invitation.state !== 'accepted' || formedTeams.has(invitation.teamId)) return false;
      const other = invitation.otherId ? all[invitation.otherId] : undefined;
      return other !== undefined && closedInvitationCode(other, now) === undefined;
    })
    .map((invitation) => invitation.acceptedBy!);
}

/**
 * DESIGN.md §9: which invitees to invite and why the others are skipped, in the order given. A row with an address
 * the server does not take (`isEmailAddress`, as invitee or as partner, also in singles) is `INVALID_EMAIL` (DESIGN.md
 * §19: one bad row never fails the others) and counts no further. A later row naming an
 * address an earlier row named (as invitee or partner) is a `DUPLICATE`, as is a partner equal to the invitee; a
 * team of two needs a partner (`PARTNER_REQUIRED`); an address whose account is in the season
 * (`ALREADY_IN_SEASON`) or that has an open invitation to it (`ALREADY_INVITED`) is skipped. A singles row's partner
 * is not invited (a singles team has one player).
 */
export function screenInvitees(
  invitees: readonly Invitee[],
  state: InvitationsView,
  taken: ReadonlySet<string>,
  facts: InviteeFacts,
  now: Date,
): { invite: Invitee[]; skipped: Array<{ email: string; reason: SkipReason }> } {
  const invited = new Set(
    Object.values(state.invitations ?? {})
      .filter((invitation) => closedInvitationCode(invitation, now) === undefined)
      .map((invitation) => facts.emailOf(invitation.invitationId))
      .filter((email): email is string => email !== undefined),
  );
  const seen = new Set<string>();
  const invite: Invitee[] = [];
  const skipped: Array<{ email: string; reason: SkipReason }> = [];
  for (const invitee of invitees) {
    if (
      !isEmailAddress(invitee.email) ||
      (invitee.partnerEmail !== undefined && !isEmailAddress(invitee.partnerEmail))
    ) {
      skipped.push({ email: invitee.email, reason: 'INVALID_EMAIL' });
      continue;
    }
    const email = invitee.email.trim().toLowerCase();
    const partnerEmail = facts.teamSize === 2 ? invitee.partnerEmail?.trim().toLowerCase() : undefined;
    const addresses = partnerEmail === undefined ? [email] : [email, partnerEmail];
    const reason: SkipReason | undefined =
      addresses.some((address) => seen.has(address)) || email === partnerEmail
        ? 'DUPLICATE'
        : facts.teamSize === 2 && partnerEmail === undefined
          ? 'PARTNER_REQUIRED'
          : addresses.some((address) => {
                const account = facts.accountOf(address);
                return account !== undefined && taken.has(account);
              })
            ? 'ALREADY_IN_SEASON'
            : addresses.some((address) => invited.has(address))
              ? 'ALREADY_INVITED'
              : undefined;
    for (const address of addresses) seen.add(address);
    if (reason) skipped.push({ email: invitee.email, reason });
    else {
      const { fullName } = invitee;
      invite.push({
        email,
        ...(fullName ? { fullName } : {}),
        ...(partnerEmail ? { partnerEmail } : {}),
      });
    }
  }
  return { invite, skipped };
}

export const NO_INVITATION = 'No such invitation';
export const INVITATION_CLOSED = 'This invitation cannot be taken up any more';

interface SeasonRef {
  seasonId: string;
  ladderId: string;
}

export interface NewInvitation {
  invitationId: string;
  teamId: string;
  partnerInvitationId?: string;
}

/** `PlayersInvited` for the invitations screened in, lasting 14 days from `now`; nothing when none is left. */
export function invitePlayers(
  season: SeasonRef,
  placement: Placement,
  invitations: NewInvitation[],
  now: Date,
) {
  if (invitations.length === 0) return [];
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  return [
    {
      type: playersInvited.type,
      streamId: season.seasonId,
      payload: { seasonId: season.seasonId, ladderId: season.ladderId, placement, expiresAt, invitations },
    },
  ];
}

/** A manager withdraws an invitation (and its partner's); once its team formed it is used (`409 USED`). */
export function revokeInvitation(season: SeasonRef, state: InvitationsView, invitationId: string) {
  const invitation = state.invitations?.[invitationId];
  if (invitation?.groupId !== invitationId) return reject('not_found', NO_INVITATION);
  const group = Object.values(state.invitations ?? {}).filter((known) => known.groupId === invitationId);
  if (group.every((known) => known.state === 'accepted')) return refuse('USED', INVITATION_CLOSED);
  if (invitation.state === 'revoked') return [];
  return [
    {
      type: invitationRevoked.type,
      streamId: season.seasonId,
      payload: { invitationId, ...season },
    },
  ];
}

/**
 * The invited account takes up an invitation: `InvitationAccepted`, and once every address of the team accepted,
 * the team registers (and is accepted at N+1 when the manager chose `ACTIVE`). The caller's address is the invited
 * one (the api checks it) and the account is minimal-complete (spec §8).
 */
export function acceptInvitation(
  season: SeasonRef,
  state: InvitationsView,
  taken: ReadonlySet<string>,
  command: { invitationId: string; account: { accountId: string; complete: boolean } },
  now: Date,
  incomplete: string,
): Rejection | ReturnType<typeof acceptedEvents> {
  const invitation = state.invitations?.[command.invitationId];
  if (!invitation) return reject('not_found', NO_INVITATION);
  const closed = closedInvitationCode(invitation, now);
  if (closed) return refuse(closed, INVITATION_CLOSED);
  const { accountId, complete } = command.account;
  if (!complete) return reject('forbidden', incomplete);
  if (taken.has(accountId)) return refuse('ALREADY_IN_SEASON', 'You are in this season already');
  const other = invitation.otherId ? state.invitations?.[invitation.otherId] : undefined;
  if (other && other.state !== 'pending' && other.state !== 'accepted')
    return refuse('REVOKED', INVITATION_CLOSED);
  return acceptedEvents(season, invitation, accountId, other);
}

function acceptedEvents(
  season: SeasonRef,
  invitation: SeasonInvitation,
  accountId: string,
  other: SeasonInvitation | undefined,
) {
  const ref = { teamId: invitation.teamId, ...season };
  const accepted = {
    type: invitationAccepted.type,
    streamId: invitation.teamId,
    payload: { invitationId: invitation.invitationId, ...ref, accountId },
  };
  if (other && other.state !== 'accepted') return [accepted];
  const mainFirst = invitation.groupId === invitation.invitationId;
  const memberIds = other
    ? mainFirst
      ? [accountId, other.acceptedBy!]
      : [other.acceptedBy!, accountId]
    : [accountId];
  const registered = {
    type: teamRegistered.type,
    streamId: invitation.teamId,
    payload: { ...ref, memberIds },
  };
  return invitation.placement === 'ACTIVE'
    ? [
        accepted,
        // Placed straight into the ladder: the event says so, and no manager is asked to approve it (DESIGN.md §17).
        { ...registered, payload: { ...registered.payload, placement: 'ACTIVE' as const } },
        { type: teamAccepted.type, streamId: invitation.teamId, payload: ref },
      ]
    : [accepted, registered];
}

/** The invitations' part of the season's fold. */
export function evolveInvitations<State extends InvitationsView>(
  state: State,
  event:
    | {
        type: 'PlayersInvited';
        payload: { placement: Placement; expiresAt: string; invitations: NewInvitation[] };
      }
    | { type: 'InvitationRevoked'; payload: { invitationId: string } }
    | { type: 'InvitationAccepted'; payload: { invitationId: string; accountId: string } },
): State {
  const invitations = { ...state.invitations };
  switch (event.type) {
    case 'PlayersInvited': {
      const { placement, expiresAt } = event.payload;
      for (const { invitationId, teamId, partnerInvitationId } of event.payload.invitations) {
        if (invitations[invitationId]) continue;
        const common = { groupId: invitationId, teamId, placement, expiresAt, state: 'pending' as const };
        invitations[invitationId] = {
          invitationId,
          ...common,
          ...(partnerInvitationId ? { otherId: partnerInvitationId } : {}),
        };
        if (partnerInvitationId) {
          invitations[partnerInvitationId] = {
            invitationId: partnerInvitationId,
            ...common,
            otherId: invitationId,
          };
        }
      }
      break;
    }
    case 'InvitationRevoked':
      for (const invitation of Object.values(invitations)) {
        if (invitation.groupId === event.payload.invitationId && invitation.state === 'pending') {
          invitations[invitation.invitationId] = { ...invitation, state: 'revoked' };
        }
      }
      break;
    case 'InvitationAccepted': {
      const invitation = invitations[event.payload.invitationId];
      if (invitation?.state !== 'pending') return state;
      invitations[invitation.invitationId] = {
        ...invitation,
        state: 'accepted',
        acceptedBy: event.payload.accountId,
      };
      break;
    }
    // Stryker disable next-line all: unreachable, the type checker proves every event handled
    default: {
      const unknown: never = event;
      throw new Error(`unknown event ${(unknown as { type: string }).type}`);
    }
  }
  return { ...state, invitations };
}
