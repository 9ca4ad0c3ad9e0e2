import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@courtside/events/envelope';

/** A valid envelope for log-level tests, which do not care about payload schemas. */
export function anEvent(
  companyId: string,
  payload: Record<string, unknown> = {},
  type = 'TestHappened',
): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    schemaVersion: 1,
    companyId,
    streamId: `stream-${companyId}`,
    actorId: 'system',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload,
  };
}
