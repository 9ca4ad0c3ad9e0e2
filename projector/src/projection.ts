import type { QueryResultRow } from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';

export interface LivePush {
  room: string;
  event: string;
  data: unknown;
}

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
  /** Queues a live push, delivered after this transaction commits (and never during a replay). */
  push(push: LivePush): void;
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
}
