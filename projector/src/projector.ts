import pg from 'pg';
import type { EventRegistry } from '@courtside/events/event-registry';
import {
  startCheckpointedConsumer,
  type CheckpointedChunk,
  type CheckpointedConsumer,
} from '@courtside/eventlog/log/checkpointed-consumer';
import type { EventLog, LogRecord } from '@courtside/eventlog/log/port';
import { applyRecords, PoisonedRecordError, type AppliedRecords } from './apply-records.ts';
import { PROJECTED_CHANNEL } from './projected-notification.ts';
import type { LivePush, Projection } from './projection.ts';
import { assertSchemaName } from './read-model-schema.ts';

export interface ProjectorLogger {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

interface ProjectorOptions {
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

/** The company a raw record belongs to; a record too broken to say is grouped with the other unreadable ones. */
function companyOf(record: LogRecord): string {
  const companyId = (record.value as { companyId?: unknown } | null)?.companyId;
  return typeof companyId === 'string' && companyId !== '' ? companyId : '(unreadable)';
}

/**
 * Consumes the log into the read models. Each batch commits its rows, its checkpoint, its live pushes and its
 * "projected" notification in one transaction: a crash anywhere neither loses nor doubles an event's effect.
 * On Kafka, several projectors share the partitions (one consumer group); on the embedded log one projector per
 * schema runs at a time (an advisory lease) and others wait as hot standbys.
 */
export function startProjector(options: ProjectorOptions): Projector {
  const schema = assertSchemaName(options.schema);
  const publish = options.publish ?? true;
  // Unqualified table names in projections resolve to the read-model schema.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 3,
    options: `-c search_path=${schema},public`,
    // A projection's writes go out back to back, each not waiting for the one before (apply-records.ts).
    pipeline: true,
  } as pg.PoolConfig);
  pool.on('error', (error) => options.logger.error({ err: error }, 'projector pool error'));
  let lease: pg.Client | undefined;
  let consumer: CheckpointedConsumer | undefined;
  let stopping = false;
  /** Quarantined companies: the offset of the first event of theirs that could not be applied. */
  const quarantined = new Map<string, number>();

  const leaseKey = `courtside.projector.${schema}`;
  let standby: Promise<void> | undefined;

  const started = (async () => {
    if (stopping) return;
    // Kafka gives each partition to one member of the consumer group: several projectors share the partitions
    // (scale-out), and when one goes its partitions move to the others. A log without consumer groups (the
    // embedded one) is read whole by each reader: one projector per schema at a time, the others stand by.
    if (options.log.kind === 'kafka') return lead();
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
    // A restart retries quarantined companies: the cause may be fixed in this version of the code.
    await retryQuarantined();
    consumer = await startCheckpointedConsumer({
      log: options.log,
      pool,
      subscription: {
        name: `projector-${schema}`,
        partitionsAtOnce: true,
        onError: (error) => options.logger.error({ err: error }, 'projector batch failed, retrying'),
      },
      checkpoints: { name: `${schema}.checkpoints` },
      maxRecordsPerTransaction: MAX_RECORDS_PER_TRANSACTION,
      heartbeat: beat,
      heartbeatMs: HEARTBEAT_MS,
      onAssigned: readQuarantines,
      apply: projectChunk,
      // An event that cannot be applied quarantines its company (recorded in its own transaction) and the chunk is
      // tried again: that company's events from there on are parked, everyone else's are applied.
      recover: async (error) => {
        if (!(error instanceof PoisonedRecordError)) return false;
        await quarantine(error);
        return true;
      },
      committed: (result, chunk) =>
        options.onProjected?.(result.events.length, chunk.partition, chunk.nextOffset),
    });
    if (stopping) return void (await consumer.stop());
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

  /**
   * Which companies are quarantined, read whenever partitions are assigned: a partition may come from another
   * projector, which quarantined a company this one has not seen fail.
   */
  async function readQuarantines(): Promise<void> {
    const held = await pool.query<{ company_id: string; offset: string }>(
      `SELECT company_id, "offset" FROM ${schema}.quarantined_companies`,
    );
    for (const row of held.rows) {
      quarantined.set(
        row.company_id,
        Math.min(quarantined.get(row.company_id) ?? Infinity, Number(row.offset)),
      );
    }
  }

  async function quarantine(poison: PoisonedRecordError): Promise<void> {
    const { record } = poison;
    const companyId = companyOf(record);
    const value = record.value as { id?: unknown; type?: unknown } | null;
    await pool.query(
      `INSERT INTO quarantined_companies (company_id, partition, "offset", event_id, event_type, error)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (company_id) DO NOTHING`,
      [
        companyId,
        record.partition,
        record.offset,
        String(value?.id ?? ''),
        String(value?.type ?? ''),
        poison.message,
      ],
    );
    quarantined.set(companyId, Math.min(quarantined.get(companyId) ?? Infinity, record.offset));
    options.logger.error(
      { companyId, partition: record.partition, offset: record.offset, err: poison.reason },
      'projector quarantined a company at an event it cannot apply; other companies go on',
    );
  }

  /**
   * Before parking a company's records: is it still quarantined? Another projector may have released it (at its
   * start). The rows are read FOR SHARE, so a release waits for this batch (and then applies what it parks), or this
   * batch waits for the release (and then applies the records instead of parking them).
   */
  async function confirmQuarantines(client: pg.PoolClient, records: LogRecord[]): Promise<void> {
    const companies = [...new Set(records.filter(isParked).map(companyOf))];
    if (companies.length === 0) return;
    const { rows } = await client.query<{ company_id: string }>(
      'SELECT company_id FROM quarantined_companies WHERE company_id = ANY($1) FOR SHARE',
      [companies],
    );
    const held = new Set(rows.map((row) => row.company_id));
    for (const company of companies) if (!held.has(company)) quarantined.delete(company);
  }

  function isParked(record: LogRecord): boolean {
    const from = quarantined.get(companyOf(record));
    return from !== undefined && record.offset >= from;
  }

  /** Applies a chunk's records, parks those of quarantined companies, and writes the pushes; in its transaction. */
  async function projectChunk(client: pg.PoolClient, chunk: CheckpointedChunk): Promise<AppliedRecords> {
    const { partition, records: fresh, nextOffset } = chunk;
    await confirmQuarantines(client, fresh);
    const parked = fresh.filter(isParked);
    const result = await applyRecords(
      client,
      fresh.filter((record) => !isParked(record)),
      options.registry,
      options.projections,
      publish,
    );
    if (parked.length > 0) {
      await client.query(
        `INSERT INTO parked_events (partition, "offset", company_id, record)
         SELECT * FROM unnest($1::integer[], $2::bigint[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
        [
          parked.map((record) => record.partition),
          parked.map((record) => record.offset),
          parked.map(companyOf),
          parked.map((record) => JSON.stringify(record.value)),
        ],
      );
    }
    await finishBatch(client, partition, nextOffset, publish ? result.pushes : []);
    return result;
  }

  /** Applies each quarantined company's parked events, in log order; a company whose events now apply is released. */
  async function retryQuarantined(): Promise<void> {
    const { rows } = await pool.query<{ company_id: string; offset: string }>(
      `SELECT company_id, "offset" FROM quarantined_companies`,
    );
    for (const row of rows) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Another projector starting at the same time may release the company first: then there is nothing left.
        const still = await client.query(
          'SELECT 1 FROM quarantined_companies WHERE company_id = $1 FOR UPDATE',
          [row.company_id],
        );
        if (still.rowCount === 0) {
          await client.query('ROLLBACK');
          continue;
        }
        const parked = await client.query<{ partition: number; offset: string; record: string }>(
          `SELECT partition, "offset", record FROM parked_events WHERE company_id = $1 ORDER BY partition, "offset"`,
          [row.company_id],
        );
        const records: LogRecord[] = parked.rows.map((event) => ({
          partition: event.partition,
          offset: Number(event.offset),
          value: JSON.parse(event.record) as unknown,
        }));
        const result = await applyRecords(client, records, options.registry, options.projections, publish);
        await client.query('DELETE FROM parked_events WHERE company_id = $1', [row.company_id]);
        await client.query('DELETE FROM quarantined_companies WHERE company_id = $1', [row.company_id]);
        const last = records.at(-1);
        if (last) await finishBatch(client, last.partition, last.offset + 1, publish ? result.pushes : []);
        await client.query('COMMIT');
        options.logger.info(
          { companyId: row.company_id, events: records.length },
          'projector released a quarantined company',
        );
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (!(error instanceof PoisonedRecordError)) throw error;
        quarantined.set(row.company_id, Number(row.offset));
        options.logger.error(
          { companyId: row.company_id, err: error.reason },
          'projector keeps a company quarantined: its first parked event still cannot be applied',
        );
      } finally {
        client.release();
      }
    }
  }

  /**
   * Writes the live pushes to the outbox and announces the batch (its checkpoint moves in the same transaction), in
   * one round trip. Small batches of pushes ride along in the notification, so api processes need not read them back.
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
      `WITH input AS (
         SELECT * FROM unnest($3::text[], $4::text[], $5::jsonb[]) WITH ORDINALITY AS i (room, event, data, nth)
       ), numbered AS (
         -- Each room's next positions; rooms locked in one order, so two projectors never wait on each other.
         INSERT INTO room_positions (room, last)
         SELECT room, count(*) FROM input GROUP BY room ORDER BY room
         ON CONFLICT (room) DO UPDATE SET last = room_positions.last + excluded.last
         RETURNING room, last
       ), pushed AS (
         INSERT INTO outbox (room, event, data, position)
         SELECT i.room, i.event, i.data,
                n.last - count(*) OVER (PARTITION BY i.room) + row_number() OVER (PARTITION BY i.room ORDER BY i.nth)
         FROM input i JOIN numbered n ON n.room = i.room
         ORDER BY i.nth
         RETURNING id, room, event, data, position
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
      await consumer?.stop();
      await lease?.end().catch(() => undefined);
      await standby;
      await pool.end();
    },
  };
}
