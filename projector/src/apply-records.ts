import type { PoolClient } from 'pg';
import { prepared } from '@courtside/eventlog/db/prepared';
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
 *
 * The projections' `write`s are pipelined (the pool's clients send a statement without waiting for the one before)
 * and waited for once, at the end of the batch: a replay's inserts do not each cost a round trip. A write that fails
 * is known only then, and which record it belonged to is not: the batch is rolled back to where it began and applied
 * again waiting for each record's writes, so the record that cannot be applied is named as before.
 */
export async function applyRecords(
  client: PoolClient,
  records: readonly LogRecord[],
  registry: EventRegistry,
  projections: readonly Projection[],
  publishing = true,
): Promise<AppliedRecords> {
  if (records.length === 0) return { events: [], pushes: [] };
  await client.query('SAVEPOINT apply_records');
  try {
    return await applyEach(client, records, registry, projections, publishing, 'batch');
  } catch (error) {
    if (isTransientDatabaseError(error)) throw error;
    await client.query('ROLLBACK TO SAVEPOINT apply_records');
    return applyEach(client, records, registry, projections, publishing, 'record');
  }
}

/** The writes sent and not yet waited for, and the first of them that failed. */
class PendingWrites {
  private sent: Array<Promise<unknown>> = [];
  private failure: { error: unknown } | undefined;

  constructor(private readonly client: PoolClient) {}

  send(sql: string, params?: unknown[]): void {
    this.sent.push(
      this.client.query(prepared(sql, params)).catch((error: unknown) => {
        this.failure ??= { error };
      }),
    );
  }

  /** The first failed write's error, if one failed: a statement after it only says the transaction is aborted. */
  causeOf(error: unknown): unknown {
    return this.failure ? this.failure.error : error;
  }

  /** Waits for every write sent; rejects with the first failure. */
  async settle(): Promise<void> {
    const sent = this.sent;
    this.sent = [];
    await Promise.all(sent);
    if (this.failure) throw this.failure.error;
  }
}

async function applyEach(
  client: PoolClient,
  records: readonly LogRecord[],
  registry: EventRegistry,
  projections: readonly Projection[],
  publishing: boolean,
  settleAfter: 'batch' | 'record',
): Promise<AppliedRecords> {
  const events: EventEnvelope[] = [];
  const pushes: LivePush[] = [];
  const writes = new PendingWrites(client);
  const context: ProjectionContext = {
    query: async (sql, params) => {
      try {
        return await client.query(prepared(sql, params));
      } catch (error) {
        throw writes.causeOf(error);
      }
    },
    write: (sql, params) => writes.send(sql, params),
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
    try {
      for (const projection of projections) await projection.apply(event, recordContext);
      if (settleAfter === 'record') await writes.settle();
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      throw new PoisonedRecordError(record, index, error);
    }
    events.push(event);
  }
  await writes.settle();
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
