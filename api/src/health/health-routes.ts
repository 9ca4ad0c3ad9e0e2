import type Router from '@koa/router';
import type pg from 'pg';
import type { EventLog } from '@courtside/events/log/port';
import type { Metrics } from '../observability/metrics.ts';

export interface ProjectorStatus {
  lag: number;
  heartbeatAgeSeconds: number | null;
  /** Companies whose events stopped at one the projector cannot apply (the others go on). */
  failures: Array<{ companyId: string; partition: number; offset: number; eventType: string; error: string }>;
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
    failures: failures.rows.map((row) => ({
      companyId: row.company_id,
      partition: row.partition,
      offset: Number(row.offset),
      eventType: row.event_type,
      error: row.error,
    })),
  };
}

const HEARTBEAT_STALE_SECONDS = 10;

export function healthRoutes(
  router: Router,
  deps: { pool: pg.Pool; log: EventLog; readModelSchema: string; metrics: Metrics },
): void {
  router.get('/webapps/api/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/webapps/api/ready', async (ctx) => {
    const checks: Record<string, unknown> = {};
    let ready = true;
    try {
      await deps.pool.query('SELECT 1');
      checks.database = 'ok';
    } catch (error) {
      ready = false;
      checks.database = { error: (error as Error).message };
    }
    try {
      await deps.log.ping();
      checks.log = { status: 'ok', kind: deps.log.kind };
    } catch (error) {
      ready = false;
      checks.log = { error: (error as Error).message, kind: deps.log.kind };
    }
    try {
      const status = await readProjectorStatus(deps.pool, deps.log, deps.readModelSchema);
      const alive =
        status.heartbeatAgeSeconds !== null && status.heartbeatAgeSeconds < HEARTBEAT_STALE_SECONDS;
      // A quarantined company does not make the process unready: every other company is served.
      if (!alive) ready = false;
      checks.projector = { status: alive ? 'ok' : 'down', ...status };
    } catch (error) {
      ready = false;
      checks.projector = { error: (error as Error).message };
    }
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready', checks };
  });

  router.get('/metrics', async (ctx) => {
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await deps.metrics.registry.metrics();
  });
}
