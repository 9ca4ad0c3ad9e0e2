import type { EventEnvelope } from '@courtside/events/envelope';
import type { ReadModelRows } from '../rebuild/rows.ts';
import { idIn } from './projection.ts';

/** auditProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldAudit(rows: ReadModelRows, event: EventEnvelope, storedText: string): void {
  if (rows.companyEventIds.has(event.id)) return;
  rows.companyEventIds.add(event.id);
  const seq = (rows.lastSeq.get(event.companyId) ?? 0) + 1;
  rows.lastSeq.set(event.companyId, seq);
  rows.newCompanyEvents.push({
    company_id: event.companyId,
    seq,
    event_id: event.id,
    type: event.type,
    stream_id: event.streamId,
    ladder_id: idIn(event.payload, 'ladderId'),
    season_id: idIn(event.payload, 'seasonId'),
    actor_id: event.actorId,
    occurred_at: event.occurredAt,
    payload: JSON.stringify(event.payload),
    envelope: storedText,
  });
}
