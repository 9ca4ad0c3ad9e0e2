import { fileURLToPath } from 'node:url';
import { companyCreated, type CompanyEvent } from '@courtside/events/companies/events';
import type { Projection } from '../projection.ts';

const handled = new Set<string>([companyCreated.type]);

/** Companies and who manages them: the manager check of spec §6 reads this. */
export const companiesProjection: Projection = {
  name: 'companies',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['companies', 'company_managers'],
  async apply(envelope, context) {
    if (!handled.has(envelope.type)) return;
    const event = envelope as CompanyEvent;
    switch (event.type) {
      case 'CompanyCreated':
        context.write(
          'INSERT INTO companies (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
          [event.payload.companyId, event.payload.name, event.occurredAt],
        );
        context.write(
          'INSERT INTO company_managers (company_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [event.payload.companyId, event.payload.ownerId],
        );
        context.push({
          room: `company:${event.payload.companyId}`,
          event: 'company.created',
          data: { companyId: event.payload.companyId, name: event.payload.name },
        });
        break;
      default: {
        const unhandled: never = event.type;
        throw new Error(`unhandled ${String(unhandled)}`);
      }
    }
  },
};
