import type { CompanyEvent } from '@courtside/events/companies/events';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { ReadModelRows } from '../rebuild/rows.ts';

/** companiesProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldCompanies(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (envelope.type !== 'CompanyCreated') return;
  const { companyId, name, ownerId } = (envelope as CompanyEvent).payload;
  if (!rows.companies.has(companyId)) {
    rows.companies.set(companyId, { id: companyId, name, created_at: envelope.occurredAt });
  }
  const manager = `${companyId}|${ownerId}`;
  if (!rows.companyManagers.has(manager)) {
    rows.companyManagers.set(manager, { company_id: companyId, account_id: ownerId });
  }
}
