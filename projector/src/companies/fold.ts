import type { CompanyEvent } from '@courtside/events/companies/events';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { TeamEvent } from '@courtside/events/teams/events';
import type { ReadModelRows } from '../rebuild/rows.ts';

const handled = new Set([
  'CompanyCreated',
  'ManagerInvited',
  'InvitationRevoked',
  'ManagerAdded',
  'ManagerRemoved',
]);

/** companiesProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldCompanies(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!handled.has(envelope.type)) return;
  const event = envelope as CompanyEvent | Extract<TeamEvent, { type: 'InvitationRevoked' }>;
  const addManager = (companyId: string, accountId: string) => {
    const manager = `${companyId}|${accountId}`;
    if (!rows.companyManagers.has(manager)) {
      rows.companyManagers.set(manager, {
        company_id: companyId,
        account_id: accountId,
        since: event.occurredAt,
      });
    }
  };
  const answer = (invitationId: string, state: string) => {
    const invitation = rows.managerInvitations.get(invitationId);
    if (invitation?.state === 'pending') invitation.state = state;
  };
  switch (event.type) {
    case 'CompanyCreated': {
      const { companyId, name, ownerId } = event.payload;
      if (!rows.companies.has(companyId)) {
        rows.companies.set(companyId, { id: companyId, name, created_at: event.occurredAt });
      }
      addManager(companyId, ownerId);
      return;
    }
    case 'ManagerInvited': {
      const { invitationId, companyId, expiresAt, invitedBy } = event.payload;
      if (rows.managerInvitations.has(invitationId)) return;
      rows.managerInvitations.set(invitationId, {
        id: invitationId,
        company_id: companyId,
        state: 'pending',
        invited_at: event.occurredAt,
        expires_at: expiresAt,
        invited_by: invitedBy ?? null,
      });
      return;
    }
    case 'InvitationRevoked':
      answer(event.payload.invitationId, 'revoked');
      return;
    case 'ManagerAdded':
      answer(event.payload.invitationId, 'accepted');
      addManager(event.payload.companyId, event.payload.accountId);
      return;
    case 'ManagerRemoved':
      rows.companyManagers.delete(`${event.payload.companyId}|${event.payload.accountId}`);
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${String((unhandled as { type: string }).type)}`);
    }
  }
}
