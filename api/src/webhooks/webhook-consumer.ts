import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EventRegistry } from '@courtside/events/event-registry';
import { webhookChangesOf, type WebhookChange, type WebhookInput } from '@courtside/events/webhooks/changes';
import {
  startCheckpointedConsumer,
  type CheckpointedChunk,
  type CheckpointedConsumer,
} from '@courtside/eventlog/log/checkpointed-consumer';
import type { EventLog } from '@courtside/eventlog/log/port';
import { assertSchemaName } from '@courtside/projector/read-model-schema';
import { ProjectionTracker } from '@courtside/projector/projection-tracker';
import { afterTheProjector, readableEvents } from '../log-readers.ts';
import {
  completedMatchData,
  scheduledMatchData,
  seasonPositions,
} from '@courtside/projector/webhook-queries';
import { webhookBody } from './webhook-store.ts';

const MAX_RECORDS_PER_TRANSACTION = 200;
const PROJECTOR_POLL_MS = 250;
const HEARTBEAT_MS = 2_000;

interface WebhookLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

interface WebhookConsumerOptions {
  databaseUrl: string;
  log: EventLog;
  registry: EventRegistry;
  /** The live read models the data is read from; it waits until the projector has applied each chunk. */
  readModelSchema: string;
  clock: () => Date;
  logger: WebhookLogger;
  /** After each commit that queued deliveries: the sender may start at once. */
  onQueued?: () => void;
}

export interface WebhookConsumer {
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

/** The consumer group (Kafka) of the webhooks (DESIGN.md §18); another topic (a test's) gets its own. */
export function webhookGroupOf(logId: string): string {
  return logId === 'kafka:courtside.events'
    ? 'courtside.webhooks'
    : `courtside.webhooks.${logId.replace(/^kafka:/, '')}`;
}

/**
 * The webhooks' own reader of the log (DESIGN.md §18), apart from the projector and the notifier. For each event it
 * finds the company's endpoints that asked for its changes and writes one delivery per change and endpoint into
 * the outbox, in the transaction that moves its checkpoint: a crash, a redelivery or a rebalance writes nothing
 * twice, and (endpoint, change) is unique besides. The sender (webhook-sender.ts) delivers the outbox.
 */
export function startWebhookConsumer(options: WebhookConsumerOptions): WebhookConsumer {
  const schema = assertSchemaName(options.readModelSchema);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 3 });
  pool.on('error', (error) => options.logger.error({ err: error }, 'webhooks pool error'));
  const logId = options.log.id;
  let consumer: CheckpointedConsumer | undefined;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  const projection = new ProjectionTracker(pool, options.databaseUrl, schema, (error) => {
    if (!stopping) options.logger.warn({ err: error }, 'webhooks lost the projector announcements');
  });

  const parse = readableEvents<WebhookInput>(options.registry, options.logger, 'webhooks');

  const started = (async () => {
    await projection.start();
    consumer = await startCheckpointedConsumer({
      log: options.log,
      pool,
      subscription: {
        name: 'webhooks',
        group: webhookGroupOf(logId),
        onError: (error) => {
          if (!stopping) options.logger.error({ err: error }, 'webhooks batch failed, retrying');
        },
      },
      checkpoints: { name: 'courtside.webhook_checkpoints', log: logId },
      maxRecordsPerTransaction: MAX_RECORDS_PER_TRANSACTION,
      heartbeat: () =>
        pool.query(
          `INSERT INTO courtside.webhook_heartbeat (singleton, beat_at) VALUES (true, now())
           ON CONFLICT (singleton) DO UPDATE SET beat_at = excluded.beat_at`,
        ),
      heartbeatMs: HEARTBEAT_MS,
      beforeChunk: afterTheProjector(projection, PROJECTOR_POLL_MS, () => stopping, 'webhooks consumer'),
      apply: queueChunk,
      committed: (queued) => {
        if (queued > 0) options.onQueued?.();
      },
    });
    if (stopping) return void (await consumer.stop());
    options.logger.info({ log: logId }, 'webhooks consumer started');
  })();

  async function queueChunk(client: pg.PoolClient, chunk: CheckpointedChunk): Promise<number> {
    let queued = 0;
    const endpoints = new Map<string, Promise<Endpoint[]>>();
    for (const record of chunk.records) {
      const event = parse(record);
      if (!event) continue;
      const changes = webhookChangesOf(event);
      if (changes.length === 0) continue;
      let companyEndpoints = endpoints.get(event.companyId);
      if (!companyEndpoints) {
        companyEndpoints = endpointsOf(client, event.companyId);
        endpoints.set(event.companyId, companyEndpoints);
      }
      const registered = await companyEndpoints;
      for (const change of changes) {
        // An endpoint gets the changes that happened after it was registered, not the company's history.
        const targets = registered.filter(
          (endpoint) =>
            endpoint.types.includes(change.type) &&
            endpoint.createdAt.getTime() <= Date.parse(event.occurredAt),
        );
        if (targets.length === 0) continue;
        const data = await dataOf(client, change);
        if (!data) continue;
        queued += await enqueue(client, event, change, data, targets);
      }
    }
    return queued;
  }

  async function dataOf(client: pg.PoolClient, change: WebhookChange): Promise<object | undefined> {
    const { subject } = change;
    switch (subject.kind) {
      case 'match':
        if (change.type === 'match.completed')
          return completedMatchData(client, schema, subject.matchId, subject.tournamentId);
        if (change.type === 'match.scheduled')
          return scheduledMatchData(client, schema, subject.matchId, subject.date);
        // A knockout's draw match names its tournament, not a season (DESIGN.md §16, §18).
        return subject.tournamentId
          ? { matchId: subject.matchId, tournamentId: subject.tournamentId }
          : { matchId: subject.matchId, seasonId: subject.seasonId };
      case 'standings':
        return seasonPositions(client, schema, subject.seasonId);
      case 'team':
        return { seasonId: subject.seasonId, teamId: subject.teamId };
      case 'tournament':
        // Deleted too: the ids and what changed are the change's own, nothing is read.
        return { tournamentId: subject.tournamentId, changed: subject.changed };
      default: {
        const unknown: never = subject;
        return unknown;
      }
    }
  }

  async function enqueue(
    client: pg.PoolClient,
    event: WebhookInput,
    change: WebhookChange,
    data: object,
    targets: Endpoint[],
  ): Promise<number> {
    const now = options.clock();
    const body = webhookBody(change.type, new Date(event.occurredAt), data);
    const { rowCount } = await client.query(
      `INSERT INTO courtside.webhook_deliveries
         (id, webhook_id, change_key, type, event_id, body, at, next_attempt_at)
       SELECT t.id, t.webhook_id, $3, $4, $5, $6, $7, $7
       FROM unnest($1::uuid[], $2::uuid[]) AS t (id, webhook_id)
       ON CONFLICT (webhook_id, change_key) DO NOTHING`,
      [
        targets.map(() => randomUUID()),
        targets.map((target) => target.id),
        change.key,
        change.type,
        event.id,
        body,
        now,
      ],
    );
    return rowCount ?? 0;
  }

  return {
    started,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        await started.catch(() => undefined);
        await consumer?.stop();
        await projection.close();
        await pool.end();
      })();
      return stopped;
    },
  };
}

interface Endpoint {
  id: string;
  types: string[];
  createdAt: Date;
}

/** The company's endpoints that take changes (a disabled one no longer does). */
async function endpointsOf(client: pg.PoolClient, companyId: string): Promise<Endpoint[]> {
  const { rows } = await client.query<{ id: string; types: string[]; created_at: Date }>(
    `SELECT id, types, created_at FROM courtside.webhooks
     WHERE company_id = $1 AND disabled_at IS NULL ORDER BY created_at, id`,
    [companyId],
  );
  return rows.map((row) => ({ id: row.id, types: row.types, createdAt: row.created_at }));
}
