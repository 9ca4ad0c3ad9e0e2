import pg from 'pg';
import type { EventRegistry } from '@courtside/events/event-registry';
import type { EventLog, LogBatch, LogRecord, Positions, Subscription } from '@courtside/events/log/port';
import { applyRecords, PoisonedRecordError, type AppliedRecords } from './apply-records.ts';
import { PROJECTED_CHANNEL } from './projected-notification.ts';
import type { LivePush, Projection } from './projection.ts';
import { assertSchemaName } from './read-model-schema.ts';

export interface ProjectorLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ProjectorOptions {
  databaseUrl: string;
  log: EventLog;
  registry: EventRegistry;
  projections: readonly Projection[];
  schema: string;
  logger: ProjectorLogger;
  /** False for a rebuild beside the live schema: no live pushes, no notifications. Default true. */
  publish?: boolean;
  /** Called after each committed batch: for metrics. */
  onProjected?: (events: number, partition: number, nextOffset: number) => void;
}

export interface Projector {
  /** Resolves when this process consumes the log, or knows it stands by for another projector. */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

const MAX_RECORDS_PER_TRANSACTION = 500;
/** Postgres refuses a notification payload of 8000 bytes or more. */
const MAX_INLINE_BYTES = 7_000;
const HEARTBEAT_MS = 2_000;
const OUTBOX_RETENTION = '1 day';

/**
 * Consumes the log into the read models. Each batch commits its rows, its checkpoint, its live pushes and its
 * "projected" notification in one transaction: a crash anywhere neither loses nor doubles an event's effect.
 * One projector per schema runs at a time (an advisory lease); others wait as hot standbys.
 */
export function startProjector(options: ProjectorOptions): Projector {
  const schema = assertSchemaName(options.schema);
  const publish = options.publish ?? true;
  // Unqualified table names in projections resolve to the read-model schema.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 3,
    options: `-c search_path=${schema},public`,
  });
  pool.on('error', (error) => options.logger.error({ err: error }, 'projector pool error'));
  let lease: pg.Client | undefined;
  let subscription: Subscription | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let stopping = false;
  const poisoned = new Set<number>();

  const leaseKey = `courtside.projector.${schema}`;
  let standby: Promise<void> | undefined;

  const started = (async () => {
    if (stopping) return;
    lease = new pg.Client({ connectionString: options.databaseUrl });
    lease.on('error', (error) => options.logger.error({ err: error }, 'projector lease connection lost'));
    await lease.connect();
    const { rows } = await lease.query<{ leader: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS leader',
      [leaseKey],
    );
    if (rows[0]?.leader) return lead();
    // Another projector holds the lease: wait in the background, as a hot standby, and take over when it goes.
    options.logger.info({ schema }, 'projector standing by: another projector holds the lease');
    standby = lease
      .query('SELECT pg_advisory_lock(hashtext($1))', [leaseKey])
      .then(lead)
      .catch((error: unknown) => {
        if (!stopping) options.logger.error({ err: error }, 'projector standby failed');
      });
  })().catch((error: unknown) => {
    if (!stopping) throw error;
  });

  async function lead(): Promise<void> {
    if (stopping) return;
    // A restart retries partitions that stopped before: the cause may be fixed in this version of the code.
    await pool.query(`DELETE FROM ${schema}.failures`);
    await beat();
    heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
    subscription = await options.log.subscribe({
      name: `projector-${schema}`,
      from: readCheckpoints,
      onBatch: handleBatch,
      onError: (error) => options.logger.error({ err: error }, 'projector batch failed, retrying'),
    });
    if (stopping) return void (await subscription.stop());
    options.logger.info({ schema, log: options.log.kind }, 'projector started');
  }

  async function beat(): Promise<void> {
    await pool.query(
      `INSERT INTO ${schema}.heartbeat (beat_at) VALUES (now())
       ON CONFLICT (singleton) DO UPDATE SET beat_at = excluded.beat_at`,
    );
    await pool.query(
      `DELETE FROM ${schema}.outbox WHERE created_at < now() - interval '${OUTBOX_RETENTION}'`,
    );
  }

  async function readCheckpoints(partitions: number[]): Promise<Positions> {
    const { rows } = await pool.query<{ partition: number; next_offset: number }>(
      `SELECT partition, next_offset FROM ${schema}.checkpoints WHERE partition = ANY($1)`,
      [partitions],
    );
    return Object.fromEntries(rows.map((row) => [row.partition, row.next_offset]));
  }

  async function handleBatch(batch: LogBatch): Promise<void> {
    if (poisoned.has(batch.partition)) return;
    for (let start = 0; start < batch.records.length; start += MAX_RECORDS_PER_TRANSACTION) {
      await projectChunk(batch.partition, batch.records.slice(start, start + MAX_RECORDS_PER_TRANSACTION));
      if (poisoned.has(batch.partition)) return;
    }
  }

  async function projectChunk(partition: number, records: LogRecord[]): Promise<void> {
    try {
      await commitRecords(partition, records);
    } catch (error) {
      if (!(error instanceof PoisonedRecordError)) throw error;
      // Keep what came before the bad record, then stop the partition at it.
      await commitRecords(partition, records.slice(0, error.index), error);
      poisoned.add(partition);
      subscription?.pausePartition(partition);
      options.logger.error(
        { partition, offset: error.record.offset, err: error.reason },
        'projector stopped a partition at an event it cannot apply',
      );
    }
  }

  async function commitRecords(partition: number, records: LogRecord[], poison?: PoisonedRecordError) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ next_offset: number }>(
        'SELECT next_offset FROM checkpoints WHERE partition = $1 FOR UPDATE',
        [partition],
      );
      const applied = rows[0]?.next_offset ?? 0;
      // A record below the checkpoint was applied already (a redelivery after a crash): skip it, never double it.
      const fresh = records.filter((record) => record.offset >= applied);
      const result: AppliedRecords = await applyRecords(client, fresh, options.registry, options.projections);
      const nextOffset = poison ? poison.record.offset : (records.at(-1)?.offset ?? applied - 1) + 1;
      if (poison) {
        const value = poison.record.value as { id?: unknown; type?: unknown } | null;
        await client.query(
          `INSERT INTO failures (partition, "offset", event_id, event_type, error) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (partition) DO UPDATE SET "offset" = excluded."offset", event_id = excluded.event_id,
             event_type = excluded.event_type, error = excluded.error, failed_at = now()`,
          [
            partition,
            poison.record.offset,
            String(value?.id ?? ''),
            String(value?.type ?? ''),
            poison.message,
          ],
        );
      }
      await finishBatch(client, partition, nextOffset, publish ? result.pushes : []);
      await client.query('COMMIT');
      options.onProjected?.(result.events.length, partition, nextOffset);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Moves the checkpoint, writes the live pushes to the outbox and announces the batch, in one round trip. Small
   * batches of pushes ride along in the notification, so api processes need not read them back.
   */
  async function finishBatch(
    client: pg.PoolClient,
    partition: number,
    nextOffset: number,
    pushes: LivePush[],
  ) {
    const data = pushes.map((push) => JSON.stringify(push.data));
    const inline =
      publish && data.reduce((bytes, text) => bytes + Buffer.byteLength(text) + 120, 200) < MAX_INLINE_BYTES;
    await client.query(
      `WITH moved AS (
         INSERT INTO checkpoints (partition, next_offset) VALUES ($1, $2)
         ON CONFLICT (partition) DO UPDATE SET next_offset = excluded.next_offset
         WHERE checkpoints.next_offset < excluded.next_offset
       ), pushed AS (
         INSERT INTO outbox (room, event, data)
         SELECT * FROM unnest($3::text[], $4::text[], $5::jsonb[])
         RETURNING id, room, event, data
       )
       SELECT CASE WHEN $6::boolean THEN pg_notify($7, json_build_object(
         'schema', $8::text, 'partition', $1::integer, 'nextOffset', $2::bigint,
         'outboxTo', coalesce((SELECT max(id) FROM pushed), 0),
         'pushes', CASE WHEN $9::boolean THEN (SELECT json_agg(pushed ORDER BY id) FROM pushed) END
       )::text) END`,
      [
        partition,
        nextOffset,
        pushes.map((push) => push.room),
        pushes.map((push) => push.event),
        data,
        publish,
        PROJECTED_CHANNEL,
        schema,
        inline,
      ],
    );
  }

  return {
    started,
    async stop() {
      stopping = true;
      clearInterval(heartbeat);
      await subscription?.stop();
      await lease?.end().catch(() => undefined);
      await standby;
      await pool.end();
    },
  };
}
