import type { PoolClient } from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { EventRegistry } from '@courtside/events/event-registry';
import type { LogRecord } from '@courtside/eventlog/log/port';
import type { LivePush, Projection, ProjectionContext } from './projection.ts';

export interface AppliedRecords {
  events: EventEnvelope[];
  pushes: LivePush[];
}

/** Raised for a record that can never be applied: it stops its partition rather than being skipped. */
export class PoisonedRecordError extends Error {
  constructor(
    readonly record: LogRecord,
    readonly index: number,
    readonly reason: unknown,
  ) {
    super(
      `cannot apply ${describeRecord(record)}: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    this.name = 'PoisonedRecordError';
  }
}

/**
 * Applies records of one partition inside the caller's transaction (search_path already set to the read-model
 * schema). Transient database errors propagate as they are, so the whole batch is tried again.
 */
export async function applyRecords(
  client: PoolClient,
  records: readonly LogRecord[],
  registry: EventRegistry,
  projections: readonly Projection[],
  publishing = true,
): Promise<AppliedRecords> {
  const events: EventEnvelope[] = [];
  const pushes: LivePush[] = [];
  const context: ProjectionContext = {
    query: (sql, params) => client.query(sql, params),
    push: (push) => void pushes.push(push),
    publishing,
  };
  for (const [index, record] of records.entries()) {
    let event: EventEnvelope;
    try {
      event = registry.parse(record.value);
    } catch (error) {
      throw new PoisonedRecordError(record, index, error);
    }
    const recordContext: ProjectionContext = { ...context, stored: record.value };
    for (const projection of projections) {
      try {
        await projection.apply(event, recordContext);
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        throw new PoisonedRecordError(record, index, error);
      }
    }
    events.push(event);
  }
  return { events, pushes };
}

/** Connection loss, shutdown, overload or a serialisation conflict: worth trying again, not the event's fault. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08|53|57|40)/.test(code)) return true;
    if (/^E(CONN|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN)/.test(code)) return true;
  }
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    error.message,
  );
}

function describeRecord(record: LogRecord): string {
  const value = record.value as { type?: unknown; id?: unknown } | null;
  const type = typeof value?.type === 'string' ? value.type : 'record';
  return `${type} at partition ${record.partition} offset ${record.offset}`;
}
