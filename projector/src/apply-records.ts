import type { PoolClient, QueryResult, QueryResultRow } from 'pg';
import { prepared } from '@courtside/eventlog/db/prepared';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { EventRegistry } from '@courtside/events/event-registry';
import type { LogRecord } from '@courtside/eventlog/log/port';
import type { LivePush, MergePushData, Projection, ProjectionContext } from './projection.ts';

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
 * The projections' `write`s and `send`s are pipelined (the pool's clients send a statement without waiting for the one
 * before) and waited for once, at the end of the batch: a replay's inserts, or the 800 match events of a box re-draw
 * and the reads their pushes are built from (`pushLater`), do not each cost a round trip. A projection's `prepare`
 * reads at once, before the batch, what it would otherwise read record by record. A write that fails is known only
 * at the end, and which record it belonged to is not: the batch is rolled back to where it began and applied again
 * record by record (without `prepare`, waiting for each record's writes and pushes), so the record that cannot be
 * applied is named as before.
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
    void this.sendForAnswer(sql, params);
  }

  /** Sends like `send`; its answer (or its failure, also kept as the batch's) for whoever needs it later. */
  sendForAnswer<R extends QueryResultRow>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    const answer = this.client.query<R>(prepared(sql, params));
    this.sent.push(
      answer.catch((error: unknown) => {
        this.failure ??= { error };
      }),
    );
    return answer;
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

/** A push as queued: `merge` when a later push of its room and event may stand for it (`pushMergeable`). */
interface QueuedPush {
  push: LivePush;
  merge?: MergePushData;
}

/** The batch's pushes in order, some known only once answers sent without waiting come (`pushLater`). */
class QueuedPushes {
  private readonly queued: Array<readonly QueuedPush[] | Promise<readonly QueuedPush[]>> = [];
  private unchecked: Array<Promise<readonly QueuedPush[]>> = [];

  add(push: LivePush, merge?: MergePushData): void {
    this.queued.push([merge ? { push, merge } : { push }]);
  }

  addLater(pushes: Promise<readonly LivePush[]>): void {
    const queued = pushes.then((later) => later.map((push) => ({ push })));
    // Handled here so that a failure is not reported as unhandled; it is thrown by `check` or `all`.
    queued.catch(() => undefined);
    this.queued.push(queued);
    this.unchecked.push(queued);
  }

  /** Waits for the pushes queued since the last check; rejects if one of them cannot be built. */
  async check(): Promise<void> {
    const unchecked = this.unchecked;
    this.unchecked = [];
    await Promise.all(unchecked);
  }

  async all(): Promise<LivePush[]> {
    this.unchecked = [];
    return mergedPushes((await Promise.all(this.queued)).flat());
  }
}

/**
 * The pushes to send, in order: of each run of mergeable pushes of one room and event (the same `merge`, no other
 * push to that room between them) one push, in the place of the run's last, with their data merged in order. A
 * room's own pushes keep their order; only pushes to other rooms queued between a run's first and last now come
 * before it, which is right for a push that only says "read again": what the room's readers read is the batch's
 * end state either way (one transaction), and the last push of the run is where it was.
 */
function mergedPushes(queued: readonly QueuedPush[]): LivePush[] {
  const kept: Array<LivePush | undefined> = [];
  /** Per room, where its last push is kept when a later one may merge with it. */
  const open = new Map<string, { index: number; event: string; merge: MergePushData }>();
  for (const { push, merge } of queued) {
    const before = open.get(push.room);
    let sent = push;
    if (merge && before && before.event === push.event && before.merge === merge) {
      sent = { ...push, data: merge(kept[before.index]!.data, push.data) };
      kept[before.index] = undefined;
    }
    kept.push(sent);
    if (merge) open.set(push.room, { index: kept.length - 1, event: push.event, merge });
    else open.delete(push.room);
  }
  return kept.filter((push) => push !== undefined);
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
  const pushes = new QueuedPushes();
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
    send: (sql, params) => writes.sendForAnswer(sql, params),
    push: (push) => pushes.add(push),
    pushMergeable: (push, merge) => pushes.add(push, merge),
    pushLater: (later) => pushes.addLater(later),
    publishing,
  };
  const parse = (record: LogRecord, index: number): EventEnvelope => {
    try {
      return registry.parse(record.value);
    } catch (error) {
      throw new PoisonedRecordError(record, index, error);
    }
  };
  // A batch reads what its projections prepare at once; one record at a time, each reads its own.
  const preparedBy = new Map<Projection, unknown>();
  const parsed = settleAfter === 'batch' ? records.map(parse) : undefined;
  if (parsed) {
    for (const projection of projections) {
      if (projection.prepare) preparedBy.set(projection, await projection.prepare(parsed, context));
    }
  }
  for (const [index, record] of records.entries()) {
    const event = parsed ? parsed[index]! : parse(record, index);
    const recordContext: ProjectionContext = { ...context, stored: record.value };
    try {
      for (const projection of projections) {
        await projection.apply(
          event,
          preparedBy.has(projection)
            ? { ...recordContext, prepared: preparedBy.get(projection) }
            : recordContext,
        );
      }
      if (settleAfter === 'record') {
        await writes.settle();
        await pushes.check();
      }
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      throw new PoisonedRecordError(record, index, error);
    }
    events.push(event);
  }
  await writes.settle();
  return { events, pushes: await pushes.all() };
}

/** Connection loss, shutdown, overload or a serialisation conflict: worth trying again, not the event's fault. */
function isTransientDatabaseError(error: unknown): boolean {
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
