import { refuse, reject, type Decider } from '../decider.ts';
import { invitationRevoked } from '../teams/events.ts';
import {
  closedInvitationCode,
  INVITATION_CLOSED,
  INVITATION_DAYS,
  NO_INVITATION,
} from '../teams/invitations.ts';
import { companyCreated, managerAdded, managerInvited, managerRemoved } from './events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A co-manager's invitation (DESIGN.md §9 "Managers"). */
export interface ManagerInvitation {
  invitationId: string;
  expiresAt: string;
  state: 'pending' | 'accepted' | 'revoked';
  /** The manager who sent it (DESIGN.md §19: their removal revokes it); absent for invitations logged before. */
  invitedBy?: string;
}

/** A company as its commands see it: whether it exists, its managers and their open invitations. */
export interface CompanyState {
  company?: { companyId: string; name: string };
  /** The managers' account ids; absent: none known (a company made before managers were folded). */
  managers?: string[];
  invitations?: Record<string, ManagerInvitation>;
}

export type CompanyCommand =
  | { type: 'CreateCompany'; companyId: string; name: string; ownerId: string }
  /**
   * `accountId`: the account with the invited address, when there is one (the api looks it up); `invitedBy`: the
   * manager who sends it.
   */
  | { type: 'InviteManager'; invitationId: string; invitedBy: string; accountId?: string }
  | { type: 'RevokeManagerInvitation'; invitationId: string }
  /** The invited address's account (the api checks the address) takes up the invitation. */
  | { type: 'AcceptManagerInvitation'; invitationId: string; accountId: string }
  | { type: 'RemoveManager'; accountId: string };

export type CompanyDomainEvent =
  | { type: typeof companyCreated.type; payload: { companyId: string; name: string; ownerId: string } }
  | {
      type: typeof managerInvited.type;
      payload: { companyId: string; invitationId: string; expiresAt: string; invitedBy?: string };
    }
  | {
      type: typeof managerAdded.type;
      payload: { companyId: string; accountId: string; invitationId: string };
    }
  | { type: typeof managerRemoved.type; payload: { companyId: string; accountId: string } }
  | { type: typeof invitationRevoked.type; payload: { invitationId: string; companyId?: string } };

export const COMPANY_EXISTS = 'This company exists already';
export const ALREADY_MANAGER = 'This person manages this company already';
export const LAST_MANAGER = 'A company keeps at least one manager';
const NO_MANAGER = 'No such manager';

/**
 * The rules of a company (spec §6, DESIGN.md §4, §9 "Managers"): it is created once, by the account that then
 * manages it; every manager may invite co-managers (14 days, used once) and remove any manager, themself too, but
 * never the last one. Removing a manager revokes the open invitations they sent (DESIGN.md §19 "Managers"), so that
 * a removed manager cannot come back through their own link. Its name is checked at the edge (zod); companies may share a name, as clubs do.
 */
export const companyDecider: Decider<CompanyCommand, CompanyState, CompanyDomainEvent> = {
  initialState: () => ({}),

  decide(command, state, now) {
    if (command.type === 'CreateCompany') {
      if (state.company) return reject('conflict', COMPANY_EXISTS);
      const { companyId, name, ownerId } = command;
      return [{ type: companyCreated.type, streamId: companyId, payload: { companyId, name, ownerId } }];
    }
    const { company } = state;
    if (!company) return reject('not_found', 'No such company');
    const { companyId } = company;
    const managers = state.managers ?? [];
    switch (command.type) {
      case 'InviteManager': {
        if (command.accountId !== undefined && managers.includes(command.accountId)) {
          return refuse('ALREADY_MANAGER', ALREADY_MANAGER);
        }
        const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
        return [
          {
            type: managerInvited.type,
            streamId: companyId,
            payload: {
              companyId,
              invitationId: command.invitationId,
              expiresAt,
              invitedBy: command.invitedBy,
            },
          },
        ];
      }
      case 'RevokeManagerInvitation': {
        const invitation = state.invitations?.[command.invitationId];
        if (!invitation) return reject('not_found', NO_INVITATION);
        if (invitation.state !== 'pending') return [];
        return [
          {
            type: invitationRevoked.type,
            streamId: companyId,
            payload: { invitationId: invitation.invitationId, companyId },
          },
        ];
      }
      case 'AcceptManagerInvitation': {
        const invitation = state.invitations?.[command.invitationId];
        if (!invitation) return reject('not_found', NO_INVITATION);
        const closed = closedInvitationCode(invitation, now);
        if (closed) return refuse(closed, INVITATION_CLOSED);
        if (managers.includes(command.accountId)) return refuse('ALREADY_MANAGER', ALREADY_MANAGER);
        return [
          {
            type: managerAdded.type,
            streamId: companyId,
            payload: { companyId, accountId: command.accountId, invitationId: invitation.invitationId },
          },
        ];
      }
      case 'RemoveManager': {
        if (!managers.includes(command.accountId)) return reject('not_found', NO_MANAGER);
        if (managers.length === 1) return refuse('LAST_MANAGER', LAST_MANAGER);
        const sent = Object.values(state.invitations ?? {}).filter(
          (invitation) =>
            invitation.invitedBy === command.accountId && closedInvitationCode(invitation, now) === undefined,
        );
        return [
          {
            type: managerRemoved.type,
            streamId: companyId,
            payload: { companyId, accountId: command.accountId },
          },
          ...sent.map((invitation) => ({
            type: invitationRevoked.type,
            streamId: companyId,
            payload: { invitationId: invitation.invitationId, companyId },
          })),
        ];
      }
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknownCommand: never = command;
        // Stryker disable next-line all: unreachable, the type checker proves every command handled
        throw new Error(`Unknown company command ${String((unknownCommand as { type: string }).type)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CompanyCreated': {
        if (state.company) return state;
        const { companyId, name, ownerId } = event.payload;
        return { ...state, company: { companyId, name }, managers: [...(state.managers ?? []), ownerId] };
      }
      case 'ManagerInvited': {
        const { invitationId, expiresAt, invitedBy } = event.payload;
        if (state.invitations?.[invitationId]) return state;
        const invitation: ManagerInvitation = {
          invitationId,
          expiresAt,
          state: 'pending',
          ...(invitedBy ? { invitedBy } : {}),
        };
        return { ...state, invitations: { ...state.invitations, [invitationId]: invitation } };
      }
      case 'InvitationRevoked':
      case 'ManagerAdded': {
        const invitation = state.invitations?.[event.payload.invitationId];
        const managers = state.managers ?? [];
        const added =
          event.type === 'ManagerAdded' && !managers.includes(event.payload.accountId)
            ? [...managers, event.payload.accountId]
            : managers;
        const next =
          invitation?.state === 'pending'
            ? {
                ...invitation,
                state: event.type === 'ManagerAdded' ? ('accepted' as const) : ('revoked' as const),
              }
            : invitation;
        return {
          ...state,
          managers: added,
          ...(next ? { invitations: { ...state.invitations, [next.invitationId]: next } } : {}),
        };
      }
      case 'ManagerRemoved':
        return { ...state, managers: (state.managers ?? []).filter((id) => id !== event.payload.accountId) };
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknownEvent: never = event;
        // Stryker disable next-line all: unreachable, the type checker proves every event handled
        throw new Error(`Unknown company event ${String((unknownEvent as { type: string }).type)}`);
      }
    }
  },
};
