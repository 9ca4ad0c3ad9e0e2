import type { QueryResultRow } from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';

export interface LivePush {
  room: string;
  event: string;
  data: unknown;
}

/** The data of one push standing for two of the same room and event, `earlier` queued before `later`. */
export type MergePushData = (earlier: unknown, later: unknown) => unknown;

export interface ProjectionContext {
  /** SQL inside the projector's transaction; unqualified table names resolve to the read-model schema. */
  query<R extends QueryResultRow = QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
  /**
   * SQL whose answer the projection does not need (an insert, an update of what it decided already): sent at once
   * behind the statements before it and not waited for, so it costs no round trip of its own. A later `query` sees
   * its effect (one connection, statements in order). If it fails, the record fails (apply-records.ts).
   */
  write(sql: string, params?: unknown[]): void;
  /**
   * SQL sent at once like `write` (behind the statements before it, not waited for here), whose answer comes later:
   * it sees the rows exactly as they are at this point of the batch. For what only a push needs (`pushLater`); what
   * a projection decides its rows on it reads with `query`. If it fails, the record fails (apply-records.ts).
   */
  send<R extends QueryResultRow = QueryResultRow>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
  /** Queues a live push, delivered after this transaction commits (and never during a replay). */
  push(push: LivePush): void;
  /**
   * Queues a live push that says "read again" (apply-records.ts): a later one of the same room and event in this
   * batch, queued with the same `merge`, stands for it. The batch sends one such push where the last of them was
   * queued, with `merge` of their data in order; a push of another event to the same room in between keeps them
   * apart, so a room's pushes never change order. A batch with one of them sends it as it is.
   */
  pushMergeable(push: LivePush, merge: MergePushData): void;
  /**
   * Queues the live pushes `pushes` comes to (built from answers of `send`), in this place among the batch's pushes:
   * a batch of records does not wait for each record's push to be read.
   */
  pushLater(pushes: Promise<readonly LivePush[]>): void;
  /** What this projection's `prepare` read before the batch; undefined when records are applied one at a time. */
  prepared?: unknown;
  /**
   * False while a replay rebuilds: its pushes are thrown away, so a projection skips reading what only a push needs
   * (the rows it writes stay the same either way).
   */
  publishing?: boolean;
  /** The event exactly as the log holds it (before upcasting): what its hash covers (DESIGN.md §8). */
  stored?: unknown;
}

/**
 * A read model: the tables its migrations create, and how each event changes them. `apply` must be deterministic
 * (time comes from the event, never the clock) so that a replay rebuilds the same rows.
 */
export interface Projection {
  name: string;
  migrationsDir: string;
  tables: string[];
  apply(event: EventEnvelope, context: ProjectionContext): Promise<void>;
  /**
   * Optional: reads at once, before a batch of records is applied, what `apply` would otherwise read record by
   * record (a round trip each, e.g. for a re-draw's 400 cancellations); `apply` gets it as `context.prepared`. It
   * shows the rows as they were before the batch, so `apply` must still count what the batch's own earlier records
   * changed, and must work without it (undefined) exactly as with it: records applied one at a time, to name the
   * one that cannot be applied, are applied without.
   */
  prepare?(events: readonly EventEnvelope[], context: ProjectionContext): Promise<unknown>;
}
