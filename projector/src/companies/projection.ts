import { fileURLToPath } from 'node:url';
import { companyEvents, type CompanyEvent } from '@courtside/events/companies/events';
import type { TeamEvent } from '@courtside/events/teams/events';
import type { Projection } from '../projection.ts';

const handled = new Set<string>([...companyEvents.map((definition) => definition.type), 'InvitationRevoked']);
type RevokedEvent = Extract<TeamEvent, { type: 'InvitationRevoked' }>;

/** What a removed manager's sockets hear in the company's room: the api then takes them out of it. */
export const MANAGER_REMOVED_PUSH = 'company.manager-removed';

/** Companies and who manages them (DESIGN.md §9 "Managers"): every guard's manager check reads `company_managers`. */
export const companiesProjection: Projection = {
  name: 'companies',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['companies', 'company_managers', 'manager_invitations'],
  async apply(envelope, context) {
    if (!handled.has(envelope.type)) return;
    const event = envelope as CompanyEvent | RevokedEvent;
    switch (event.type) {
      case 'CompanyCreated':
        context.write(
          'INSERT INTO companies (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
          [event.payload.companyId, event.payload.name, event.occurredAt],
        );
        context.write(
          'INSERT INTO company_managers (company_id, account_id, since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [event.payload.companyId, event.payload.ownerId, event.occurredAt],
        );
        context.push({
          room: `company:${event.payload.companyId}`,
          event: 'company.created',
          data: { companyId: event.payload.companyId, name: event.payload.name },
        });
        break;
      case 'ManagerInvited':
        context.write(
          `INSERT INTO manager_invitations (id, company_id, state, invited_at, expires_at, invited_by)
           VALUES ($1, $2, 'pending', $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
          [
            event.payload.invitationId,
            event.payload.companyId,
            event.occurredAt,
            event.payload.expiresAt,
            event.payload.invitedBy ?? null,
          ],
        );
        break;
      case 'InvitationRevoked':
        // A season's invitation has no row here: nothing changes.
        context.write(
          `UPDATE manager_invitations SET state = 'revoked' WHERE id = $1 AND state = 'pending'`,
          [event.payload.invitationId],
        );
        break;
      case 'ManagerAdded':
        context.write(
          `UPDATE manager_invitations SET state = 'accepted' WHERE id = $1 AND state = 'pending'`,
          [event.payload.invitationId],
        );
        context.write(
          'INSERT INTO company_managers (company_id, account_id, since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [event.payload.companyId, event.payload.accountId, event.occurredAt],
        );
        break;
      case 'ManagerRemoved':
        context.write('DELETE FROM company_managers WHERE company_id = $1 AND account_id = $2', [
          event.payload.companyId,
          event.payload.accountId,
        ]);
        context.push({
          room: `company:${event.payload.companyId}`,
          event: MANAGER_REMOVED_PUSH,
          data: { companyId: event.payload.companyId, accountId: event.payload.accountId },
        });
        break;
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${String((unhandled as { type: string }).type)}`);
      }
    }
  },
};
