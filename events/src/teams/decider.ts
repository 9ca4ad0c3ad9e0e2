import { refuse, reject, type Decider, type Rejection } from '../decider.ts';
import { teamSizeOf } from '../ladders/model.ts';
import { isoDay } from '../ladders/season-rules.ts';
import {
  partnerRequestAccepted,
  partnerRequestDeclined,
  partnerRequested,
  partnerRequestLapsed,
  partnerRequestWithdrawn,
  teamAccepted,
  teamPositionChanged,
  teamRegistered,
  teamRejected,
  teamRemoved,
} from './events.ts';
import {
  acceptedWithoutTeam,
  acceptInvitation,
  evolveInvitations,
  invitePlayers,
  revokeInvitation,
  type NewInvitation,
  type Placement,
  type SeasonInvitation,
} from './invitations.ts';

export type TeamStatus = 'waiting' | 'active' | 'rejected' | 'left';

/** DESIGN.md §9: an unanswered partner request lapses after this many days. */
const PARTNER_REQUEST_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PartnerRequestState = 'open' | 'accepted' | 'declined' | 'withdrawn' | 'lapsed';

/** A partner request (DESIGN.md §9 "Partners agree first"): the team it would form, keyed by that team's id. */
export interface PartnerRequest {
  requestId: string;
  teamId: string;
  registrantId: string;
  lapsesAt: string;
  state: PartnerRequestState;
}

/** One season's registration settings and teams: what the team commands are decided against. */
export interface SeasonTeamsState {
  season?: {
    seasonId: string;
    ladderId: string;
    sportsCategory: string;
    openForRegistration: boolean;
    endDate: string;
  };
  teams: Record<string, { teamId: string; memberIds: string[]; status: TeamStatus }>;
  /** Partner requests by the id of the team they would form; absent: none. */
  requests?: Record<string, PartnerRequest>;
  /** A manager's invitations into the season (DESIGN.md §9 "Inviting players") by their id; absent: none. */
  invitations?: Record<string, SeasonInvitation>;
}

export type TeamCommand =
  | {
      type: 'RegisterTeam';
      teamId: string;
      /** `complete`: the registrant's account has a name and a phone number (spec §8 minimal account). */
      registrant: { accountId: string; complete: boolean };
      /**
       * The partner named by email (doubles and padel): nothing about them is looked up, so the answer is the same
       * whether or not the address has an account. `isRegistrant`: the registrant typed their own address.
       */
      partner?: { requestId: string; isRegistrant: boolean };
    }
  | {
      type: 'AnswerPartnerRequest';
      teamId: string;
      accept: true;
      /** The caller, whose address is the one the request was sent to (the api checks it). */
      partner: { accountId: string; complete: boolean };
    }
  /** The addressee says no (signed in, or by the link alone: it proves the address). */
  | { type: 'AnswerPartnerRequest'; teamId: string; accept: false }
  /**
   * A player leaves the season: the registrant withdraws a partner request, the addressee (`isAddressee`, checked
   * by the api) declines it, a member of a waiting or active team leaves it (as a manager's remove).
   */
  | { type: 'LeaveSeason'; teamId: string; accountId: string; isAddressee: boolean }
  /** The deadline process: requests unanswered past their `lapsesAt`. */
  | { type: 'LapsePartnerRequests' }
  /** A manager invites people (screened by `screenInvitees` against this state first). */
  | { type: 'InvitePlayers'; placement: Placement; invitations: NewInvitation[] }
  | { type: 'RevokeInvitation'; invitationId: string }
  /** The invited address's account (the api checks the address) takes up an invitation. */
  | { type: 'AcceptInvitation'; invitationId: string; account: { accountId: string; complete: boolean } }
  | { type: 'AcceptTeam'; teamId: string }
  /**
   * DESIGN.md §9 "Accept all": the waiting teams the manager saw, all or none. One that is not waiting any more
   * (withdrawn, rejected or accepted meanwhile) refuses the whole batch with `NOT_WAITING`, so nothing half happens.
   */
  | { type: 'AcceptTeams'; teamIds: string[] }
  | { type: 'RejectTeam'; teamId: string }
  | { type: 'RemoveTeam'; teamId: string }
  | { type: 'MoveTeam'; teamId: string; position: number };

interface TeamRef {
  teamId: string;
  seasonId: string;
  ladderId: string;
}

export type TeamDomainEvent =
  | { type: typeof teamRegistered.type; payload: TeamRef & { memberIds: string[] } }
  | {
      type: typeof teamAccepted.type | typeof teamRejected.type | typeof teamRemoved.type;
      payload: TeamRef;
    }
  | { type: typeof teamPositionChanged.type; payload: TeamRef & { position: number } }
  | {
      type: typeof partnerRequested.type;
      payload: TeamRef & { requestId: string; registrantId: string; lapsesAt: string };
    }
  | { type: typeof partnerRequestAccepted.type; payload: TeamRef & { requestId: string; partnerId: string } }
  | {
      type:
        | typeof partnerRequestDeclined.type
        | typeof partnerRequestWithdrawn.type
        | typeof partnerRequestLapsed.type;
      payload: TeamRef & { requestId: string };
    }
  | {
      type: 'PlayersInvited';
      payload: Omit<TeamRef, 'teamId'> & {
        placement: Placement;
        expiresAt: string;
        invitations: NewInvitation[];
      };
    }
  | { type: 'InvitationRevoked'; payload: Omit<TeamRef, 'teamId'> & { invitationId: string } }
  | { type: 'InvitationAccepted'; payload: TeamRef & { invitationId: string; accountId: string } };

const INCOMPLETE_ACCOUNT = 'Complete your account (name and phone) first';

/** Whether the team's size and the partner named agree: singles alone, teams of two with someone else named. */
function partnerProblem(
  command: Extract<TeamCommand, { type: 'RegisterTeam' }>,
  size: 1 | 2,
): Rejection | undefined {
  const { partner } = command;
  const problem = (message: string) => reject('invalid', message, 'partnerEmail');
  if (size === 1) return partner ? problem('A singles team has one player') : undefined;
  if (!partner) return problem('This ladder is for teams of two: enter your partner’s email address');
  if (partner.isRegistrant) return problem('Your partner must be someone else');
  return undefined;
}

const isOpen = (request: PartnerRequest | undefined, now: Date): request is PartnerRequest =>
  request?.state === 'open' && Date.parse(request.lapsesAt) > now.getTime();

/**
 * The players already in a waiting or active team of the season, waiting for a partner's answer, or waiting for the
 * partner of a manager's invitation to accept.
 */
export function takenPlayers(state: SeasonTeamsState, now: Date): Set<string> {
  return new Set([
    ...acceptedWithoutTeam(state, new Set(Object.keys(state.teams)), now),
    ...Object.values(state.teams)
      .filter((known) => known.status === 'waiting' || known.status === 'active')
      .flatMap((known) => known.memberIds),
    ...Object.values(state.requests ?? {})
      .filter((request) => isOpen(request, now))
      .map((request) => request.registrantId),
  ]);
}

const IN_A_TEAM = 'You are in a team of this season already';
const REQUEST_CLOSED = 'This partner request is not open any more';
const NO_REQUEST = 'No such partner request';

/** Why a request that is not open cannot be answered, as DESIGN.md §9's link says it (`410 {reason}`). */
export function closedRequestCode(state: PartnerRequestState): 'REVOKED' | 'USED' | 'EXPIRED' {
  if (state === 'withdrawn') return 'REVOKED';
  return state === 'accepted' || state === 'declined' ? 'USED' : 'EXPIRED';
}

const closedRequest = (request: PartnerRequest): Rejection =>
  refuse(closedRequestCode(request.state), REQUEST_CLOSED);

const requestEvent = {
  accepted: partnerRequestAccepted.type,
  declined: partnerRequestDeclined.type,
  withdrawn: partnerRequestWithdrawn.type,
  lapsed: partnerRequestLapsed.type,
} as const;
const stateAfter: Record<(typeof requestEvent)[keyof typeof requestEvent], PartnerRequestState> = {
  PartnerRequestAccepted: 'accepted',
  PartnerRequestDeclined: 'declined',
  PartnerRequestWithdrawn: 'withdrawn',
  PartnerRequestLapsed: 'lapsed',
};

const NOT_WAITING = 'This team is not waiting for approval any more';
const NOT_ACTIVE = 'This team is not active in this season';

// Stryker disable next-line StringLiteral: a rejected or a removed team is refused alike; the names are for people reading the state
const statusAfter: Record<'TeamAccepted' | 'TeamRejected' | 'TeamRemoved', TeamStatus> = {
  TeamAccepted: 'active',
  TeamRejected: 'rejected',
  TeamRemoved: 'left',
};

/**
 * The rules of a season's teams (spec §7 "Admin: season teams", DESIGN.md §4): registration while the season is
 * open, one waiting or active team per player, accept and reject only while waiting, remove and move only while
 * active, positions 1..N.
 */
export const seasonTeamsDecider: Decider<TeamCommand, SeasonTeamsState, TeamDomainEvent> = {
  initialState: () => ({ teams: {} }),

  decide(command, state, now) {
    const { season } = state;
    if (!season) return reject('not_found', 'No such season');
    if (command.type === 'LapsePartnerRequests') {
      return Object.values(state.requests ?? {})
        .filter((request) => request.state === 'open' && Date.parse(request.lapsesAt) <= now.getTime())
        .map((request) => ({
          type: partnerRequestLapsed.type,
          streamId: request.teamId,
          payload: {
            requestId: request.requestId,
            teamId: request.teamId,
            seasonId: season.seasonId,
            ladderId: season.ladderId,
          },
        }));
    }
    if (command.type === 'AcceptTeams') {
      const teamIds = [...new Set(command.teamIds)];
      if (teamIds.length === 0) return reject('invalid', 'Choose the teams to accept', 'teamIds');
      if (teamIds.some((teamId) => state.teams[teamId]?.status !== 'waiting')) {
        return refuse('NOT_WAITING', NOT_WAITING);
      }
      return teamIds.map((teamId) => ({
        type: teamAccepted.type,
        streamId: teamId,
        payload: { teamId, seasonId: season.seasonId, ladderId: season.ladderId },
      }));
    }
    const seasonRef = { seasonId: season.seasonId, ladderId: season.ladderId };
    if (command.type === 'InvitePlayers') {
      return invitePlayers(seasonRef, command.placement, command.invitations, now);
    }
    if (command.type === 'RevokeInvitation') return revokeInvitation(seasonRef, state, command.invitationId);
    if (command.type === 'AcceptInvitation') {
      return acceptInvitation(seasonRef, state, takenPlayers(state, now), command, now, INCOMPLETE_ACCOUNT);
    }
    const ref = { teamId: command.teamId, seasonId: season.seasonId, ladderId: season.ladderId };
    const team = state.teams[command.teamId];
    const request = state.requests?.[command.teamId];
    const registrationClosed = () =>
      !season.openForRegistration || season.endDate < isoDay(now)
        ? reject('conflict', 'Registration for this season is closed')
        : undefined;
    const answer = (kind: keyof typeof requestEvent, open: PartnerRequest, extra = {}) => ({
      type: requestEvent[kind],
      streamId: open.teamId,
      payload: { requestId: open.requestId, ...ref, ...extra },
    });
    switch (command.type) {
      case 'RegisterTeam': {
        const { registrant, partner } = command;
        if (!registrant.complete) return reject('forbidden', INCOMPLETE_ACCOUNT);
        const problem = partnerProblem(command, teamSizeOf(season.sportsCategory)) ?? registrationClosed();
        if (problem) return problem;
        if (takenPlayers(state, now).has(registrant.accountId)) return reject('conflict', IN_A_TEAM);
        if (!partner) {
          return [
            {
              type: teamRegistered.type,
              streamId: command.teamId,
              payload: { ...ref, memberIds: [registrant.accountId] },
            },
          ];
        }
        const lapsesAt = new Date(now.getTime() + PARTNER_REQUEST_DAYS * DAY_MS).toISOString();
        return [
          {
            type: partnerRequested.type,
            streamId: command.teamId,
            payload: { requestId: partner.requestId, ...ref, registrantId: registrant.accountId, lapsesAt },
          },
        ];
      }
      case 'AnswerPartnerRequest': {
        if (!request || (command.accept && request.registrantId === command.partner.accountId)) {
          return reject('not_found', NO_REQUEST);
        }
        if (!isOpen(request, now)) return closedRequest(request);
        if (!command.accept) return [answer('declined', request)];
        const { partner } = command;
        if (!partner.complete) return reject('forbidden', INCOMPLETE_ACCOUNT);
        const closed = registrationClosed();
        if (closed) return closed;
        if (takenPlayers(state, now).has(partner.accountId)) return reject('conflict', IN_A_TEAM);
        return [
          answer('accepted', request, { partnerId: partner.accountId }),
          {
            type: teamRegistered.type,
            streamId: request.teamId,
            payload: { ...ref, memberIds: [request.registrantId, partner.accountId] },
          },
        ];
      }
      case 'LeaveSeason': {
        const { accountId, isAddressee } = command;
        if (request && (request.registrantId === accountId || isAddressee) && !team) {
          if (!isOpen(request, now)) return closedRequest(request);
          return [answer(request.registrantId === accountId ? 'withdrawn' : 'declined', request)];
        }
        if (!team?.memberIds.includes(accountId)) return reject('not_found', 'No such team in this season');
        if (team.status !== 'active' && team.status !== 'waiting') return reject('conflict', NOT_ACTIVE);
        return [{ type: teamRemoved.type, streamId: team.teamId, payload: ref }];
      }
      case 'AcceptTeam':
      case 'RejectTeam': {
        if (!team) return reject('not_found', 'No such team in this season');
        if (team.status !== 'waiting') return reject('conflict', NOT_WAITING);
        const type = command.type === 'AcceptTeam' ? teamAccepted.type : teamRejected.type;
        return [{ type, streamId: team.teamId, payload: ref }];
      }
      case 'RemoveTeam': {
        if (!team) return reject('not_found', 'No such team in this season');
        if (team.status !== 'active') return reject('conflict', NOT_ACTIVE);
        return [{ type: teamRemoved.type, streamId: team.teamId, payload: ref }];
      }
      case 'MoveTeam': {
        if (!team) return reject('not_found', 'No such team in this season');
        if (team.status !== 'active') return reject('conflict', NOT_ACTIVE);
        const active = Object.values(state.teams).filter((known) => known.status === 'active').length;
        if (command.position < 1 || command.position > active) {
          return reject('invalid', `Choose a position from 1 to ${active}`, 'newPosition');
        }
        return [
          {
            type: teamPositionChanged.type,
            streamId: team.teamId,
            payload: { ...ref, position: command.position },
          },
        ];
      }
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TeamRegistered': {
        const { teamId, memberIds } = event.payload;
        if (state.teams[teamId]) return state;
        return { ...state, teams: { ...state.teams, [teamId]: { teamId, memberIds, status: 'waiting' } } };
      }
      case 'TeamAccepted':
      case 'TeamRejected':
      case 'TeamRemoved': {
        const team = state.teams[event.payload.teamId];
        // A transition that no longer applies changes nothing (as in the read model). A player may leave a team
        // that still waits for approval (DESIGN.md §9); a manager removes active teams only (decide says so).
        const from: TeamStatus[] = event.type === 'TeamRemoved' ? ['active', 'waiting'] : ['waiting'];
        if (!team || !from.includes(team.status)) return state;
        return {
          ...state,
          teams: { ...state.teams, [team.teamId]: { ...team, status: statusAfter[event.type] } },
        };
      }
      case 'PartnerRequested': {
        const { requestId, teamId, registrantId, lapsesAt } = event.payload;
        if (state.requests?.[teamId]) return state;
        const request: PartnerRequest = { requestId, teamId, registrantId, lapsesAt, state: 'open' };
        return { ...state, requests: { ...state.requests, [teamId]: request } };
      }
      case 'PartnerRequestAccepted':
      case 'PartnerRequestDeclined':
      case 'PartnerRequestWithdrawn':
      case 'PartnerRequestLapsed': {
        const request = state.requests?.[event.payload.teamId];
        if (request?.state !== 'open' || request.requestId !== event.payload.requestId) return state;
        const answered = { ...request, state: stateAfter[event.type] };
        return { ...state, requests: { ...state.requests, [request.teamId]: answered } };
      }
      case 'PlayersInvited':
      case 'InvitationRevoked':
      case 'InvitationAccepted':
        return evolveInvitations(state, event);
      case 'TeamPositionChanged':
        // Positions are kept by events/src/teams/positions.ts; no team rule here depends on them.
        return state;
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${(unknown as { type: string }).type}`);
      }
    }
  },
};
