import { isRejection, reject, type Decider, type Rejection } from '../decider.ts';
import { teamSizeOf } from '../ladders/model.ts';
import { isoDay } from '../ladders/season-rules.ts';
import { teamAccepted, teamPositionChanged, teamRegistered, teamRejected, teamRemoved } from './events.ts';

export type TeamStatus = 'waiting' | 'active' | 'rejected' | 'left';

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
}

export type TeamCommand =
  | {
      type: 'RegisterTeam';
      teamId: string;
      /** `complete`: the registrant's account has a name and a phone number (spec §8 minimal account). */
      registrant: { accountId: string; complete: boolean };
      /** As typed; `partner` is the account found for it, if any. */
      partnerEmail?: string;
      partner?: { accountId: string; verified: boolean };
    }
  | { type: 'AcceptTeam'; teamId: string }
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
  | { type: typeof teamPositionChanged.type; payload: TeamRef & { position: number } };

export const INCOMPLETE_ACCOUNT = 'Complete your account (name and phone) first';

/** Who the team is: the registrant alone (singles), or with a verified partner who is someone else. */
function membersOf(
  command: Extract<TeamCommand, { type: 'RegisterTeam' }>,
  size: 1 | 2,
): string[] | Rejection {
  const { registrant, partnerEmail, partner } = command;
  const problem = (message: string) => reject('invalid', message, 'partnerEmail');
  if (size === 1) return partnerEmail ? problem('A singles team has one player') : [registrant.accountId];
  if (!partnerEmail) return problem('This ladder is for teams of two: enter your partner’s email address');
  if (!partner?.verified) return problem('There is no Courtside account with this email address');
  if (partner.accountId === registrant.accountId) return problem('Your partner must be someone else');
  return [registrant.accountId, partner.accountId];
}

export const NOT_WAITING = 'This team is not waiting for approval any more';
export const NOT_ACTIVE = 'This team is not active in this season';

// Stryker disable next-line StringLiteral: a rejected or a removed team is refused alike; the names are for people reading the state
const statusAfter: Record<
  Exclude<TeamDomainEvent['type'], 'TeamRegistered' | 'TeamPositionChanged'>,
  TeamStatus
> = {
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
    const ref = { teamId: command.teamId, seasonId: season.seasonId, ladderId: season.ladderId };
    const team = state.teams[command.teamId];
    switch (command.type) {
      case 'RegisterTeam': {
        const { registrant } = command;
        if (!registrant.complete) return reject('forbidden', INCOMPLETE_ACCOUNT);
        const members = membersOf(command, teamSizeOf(season.sportsCategory));
        if (isRejection(members)) return members;
        if (!season.openForRegistration || season.endDate < isoDay(now)) {
          return reject('conflict', 'Registration for this season is closed');
        }
        const inTeams = Object.values(state.teams)
          .filter((known) => known.status === 'waiting' || known.status === 'active')
          .flatMap((known) => known.memberIds);
        const taken = members.filter((member) => inTeams.includes(member));
        if (taken.includes(registrant.accountId)) {
          return reject('conflict', 'You are in a team of this season already');
        }
        if (taken.length > 0) return reject('conflict', 'Your partner is in a team of this season already');
        return [
          {
            type: teamRegistered.type,
            streamId: command.teamId,
            payload: { ...ref, memberIds: members },
          },
        ];
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
        // A transition that no longer applies changes nothing (as in the read model).
        const from: TeamStatus = event.type === 'TeamRemoved' ? 'active' : 'waiting';
        if (!team || team.status !== from) return state;
        return {
          ...state,
          teams: { ...state.teams, [team.teamId]: { ...team, status: statusAfter[event.type] } },
        };
      }
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
