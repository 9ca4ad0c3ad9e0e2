import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';

export const companyCreated = defineEvent({
  type: 'CompanyCreated',
  schemaVersion: 1,
  payload: z.object({
    companyId: z.uuid(),
    name: z.string().min(1).max(100),
    /** The account that created it and owns it: a manager of the company. */
    ownerId: z.uuid(),
  }),
});

/**
 * DESIGN.md §9 "Managers": a manager invites a co-manager by email. The address lives in `courtside.invitations`
 * beside the log (keyed by `invitationId`); the event names the invitation only. Revoked by `InvitationRevoked`,
 * also when the manager who sent it is removed (DESIGN.md §19 "Managers").
 */
export const managerInvited = defineEvent({
  type: 'ManagerInvited',
  schemaVersion: 1,
  payload: z.object({
    companyId: z.uuid(),
    invitationId: z.uuid(),
    expiresAt: z.iso.datetime({ offset: true }),
    /** The manager who sent it; absent in invitations logged before §19 (their sender's removal leaves them open). */
    invitedBy: z.uuid().optional(),
  }),
});
/** An account became a manager of the company (by taking up an invitation). */
export const managerAdded = defineEvent({
  type: 'ManagerAdded',
  schemaVersion: 1,
  payload: z.object({ companyId: z.uuid(), accountId: z.uuid(), invitationId: z.uuid() }),
});
/** A manager was removed (by any manager, themself included); never the last one. */
export const managerRemoved = defineEvent({
  type: 'ManagerRemoved',
  schemaVersion: 1,
  payload: z.object({ companyId: z.uuid(), accountId: z.uuid() }),
});

export const companyEvents = [companyCreated, managerInvited, managerAdded, managerRemoved] as const;

export type CompanyEvent =
  | EventOf<typeof companyCreated>
  | EventOf<typeof managerInvited>
  | EventOf<typeof managerAdded>
  | EventOf<typeof managerRemoved>;
