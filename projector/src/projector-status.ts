import type pg from 'pg';
import type { EventLog } from '@courtside/eventlog/log/port';

/**
 * The projector's bookkeeping tables (`checkpoints`, `heartbeat`, `quarantined_companies` in the read model schema,
 * projector/migrations) as the readiness check and the operations page read them.
 */

interface ProjectorStatus {
  lag: number;
  heartbeatAgeSeconds: number | null;
  /** Companies whose events stopped at one the projector cannot apply (the others go on). */
  quarantined: Array<{
    companyId: string;
    partition: number;
    offset: number;
    eventType: string;
    error: string;
  }>;
}

/** How far behind the read models are, whether the projector is alive, and which partitions it stopped. */
export async function readProjectorStatus(
  pool: pg.Pool,
  log: EventLog,
  schema: string,
): Promise<ProjectorStatus> {
  const [head, checkpoints, heartbeat, failures] = await Promise.all([
    log.head(),
    pool.query<{ partition: number; next_offset: number }>(
      `SELECT partition, next_offset FROM ${schema}.checkpoints`,
    ),
    pool.query<{ age: number | null }>(
      `SELECT extract(epoch FROM now() - beat_at)::float AS age FROM ${schema}.heartbeat`,
    ),
    pool.query<{ company_id: string; partition: number; offset: string; event_type: string; error: string }>(
      `SELECT company_id, partition, "offset", event_type, error FROM ${schema}.quarantined_companies
       ORDER BY failed_at LIMIT 100`,
    ),
  ]);
  const projected = new Map(checkpoints.rows.map((row) => [row.partition, row.next_offset]));
  const lag = Object.entries(head).reduce(
    (sum, [partition, next]) => sum + Math.max(0, next - (projected.get(Number(partition)) ?? 0)),
    0,
  );
  return {
    lag,
    heartbeatAgeSeconds: heartbeat.rows[0]?.age ?? null,
    quarantined: failures.rows.map((row) => ({
      companyId: row.company_id,
      partition: row.partition,
      offset: Number(row.offset),
      eventType: row.event_type,
      error: row.error,
    })),
  };
}
