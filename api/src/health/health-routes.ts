import type Router from '@koa/router';
import type pg from 'pg';
import type { EventLog } from '@courtside/eventlog/log/port';
import { readProjectorStatus } from '@courtside/projector/projector-status';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import { HEALTH_PATH, READY_PATH } from '@courtside/events/api-paths';
import { readNotifierStatus } from '../notifications/notifier-status.ts';
import { z } from 'zod';
import { documented } from '../http/documented-router.ts';
import { pingDatabase } from './database-ping.ts';

const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.record(z.string(), z.unknown()).describe('database, log and projector: `ok` or what is down'),
});

const HEARTBEAT_STALE_SECONDS = 10;

export function healthRoutes(
  router: Router,
  deps: { pool: pg.Pool; log: EventLog; readModelSchema: string; metrics: Metrics; logger: Logger },
): void {
  const api = documented(router);
  api.get(
    HEALTH_PATH,
    { summary: 'Liveness', access: 'public', responses: { 200: z.object({ status: z.literal('ok') }) } },
    (ctx) => {
      ctx.body = { status: 'ok' };
    },
  );

  // Public: says which part is down, never why. Error messages can name hosts, users, schemas and SQL; they
  // go to the log and, as an error code, to /metrics.
  const failed = (check: string, error: unknown): void => {
    deps.logger.warn({ err: error, check }, 'readiness check failed');
    deps.metrics.readyCheckFailures.inc({ check, code: errorCode(error) });
  };

  api.get(
    READY_PATH,
    {
      summary: 'Readiness: the database, the log and the projector (the notifier is reported, not required)',
      access: 'public',
      responses: { 200: readinessSchema, 503: readinessSchema },
    },
    async (ctx) => {
      const checks: Record<string, unknown> = {};
      let ready = true;
      try {
        await pingDatabase(deps.pool);
        checks.database = 'ok';
      } catch (error) {
        ready = false;
        failed('database', error);
        checks.database = { error: 'database unavailable' };
      }
      try {
        await deps.log.ping();
        checks.log = { status: 'ok', kind: deps.log.kind };
      } catch (error) {
        ready = false;
        failed('log', error);
        checks.log = { error: 'log unavailable', kind: deps.log.kind };
      }
      try {
        const status = await readProjectorStatus(deps.pool, deps.log, deps.readModelSchema);
        const alive =
          status.heartbeatAgeSeconds !== null && status.heartbeatAgeSeconds < HEARTBEAT_STALE_SECONDS;
        // A quarantined company does not make the process unready: every other company is served.
        if (!alive) ready = false;
        // Public: how many companies are quarantined, not which or why (that is in the log and the database).
        checks.projector = {
          status: alive ? 'ok' : 'down',
          lag: status.lag,
          heartbeatAgeSeconds: status.heartbeatAgeSeconds,
          quarantinedCompanies: status.quarantined.length,
        };
      } catch (error) {
        ready = false;
        failed('projector', error);
        checks.projector = { error: 'projector status unavailable' };
      }
      try {
        // Reported, but it does not make the api unready: commands and pages work without it; mail waits for it.
        const status = await readNotifierStatus(deps.pool, deps.log);
        const alive =
          status.heartbeatAgeSeconds !== null && status.heartbeatAgeSeconds < HEARTBEAT_STALE_SECONDS;
        checks.notifier = {
          status: alive ? 'ok' : 'down',
          lag: status.lag,
          heartbeatAgeSeconds: status.heartbeatAgeSeconds,
          outboxSize: status.outboxSize,
        };
      } catch (error) {
        failed('notifier', error);
        checks.notifier = { error: 'notifier status unavailable' };
      }
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', checks };
    },
  );

  api.get(
    '/metrics',
    {
      summary: 'Prometheus metrics',
      access: 'public',
      responses: { 200: { contentType: 'text/plain', description: 'Prometheus text format' } },
    },
    async (ctx) => {
      ctx.type = deps.metrics.registry.contentType;
      ctx.body = await deps.metrics.registry.metrics();
    },
  );
}

/** A short, bounded label: a Postgres SQLSTATE or Node error code (ECONNREFUSED), else the error's class. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) return code;
  return error instanceof Error ? error.name : 'unknown';
}
