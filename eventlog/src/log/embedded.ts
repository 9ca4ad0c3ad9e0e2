import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';
import { createPool, inTransaction } from '../db/pool.ts';
import { migrate } from '../db/migrate.ts';
import type {
  AppendedEvent,
  EventLog,
  LogRecord,
  Positions,
  SubscribeOptions,
  Subscription,
} from './port.ts';

const SCHEMA = 'eventlog';
const CHANNEL = 'courtside_eventlog';
const PARTITION = 0;
const BATCH_SIZE = 500;
const IDLE_POLL_MS = 1_000;
const RETRY_MS = 500;

interface EmbeddedEventLogOptions {
  databaseUrl: string;
  onError?: (error: unknown) => void;
}

/** Creates or updates the embedded log's table. */
export async function migrateEmbeddedEventLog(databaseUrl: string): Promise<void> {
  await migrate({
    databaseUrl,
    dir: fileURLToPath(new URL('../../migrations', import.meta.url)),
    schema: SCHEMA,
    migrationsTable: 'pgmigrations_eventlog',
  });
}

/** The event log as a Postgres table, tailed with LISTEN/NOTIFY: for one-process installs without Kafka. */
export async function createEmbeddedEventLog(options: EmbeddedEventLogOptions): Promise<EventLog> {
  await migrateEmbeddedEventLog(options.databaseUrl);
  const pool = createPool(options.databaseUrl, { max: 5, onError: options.onError });
  const subscriptions = new Set<EmbeddedSubscription>();

  return {
    kind: 'embedded',
    id: 'embedded',
    async partitionOf() {
      return PARTITION;
    },
    async append(companyId: string, events: EventEnvelope[]): Promise<AppendedEvent[]> {
      if (events.length === 0) return [];
      if (events.some((event) => event.companyId !== companyId)) {
        throw new Error('append takes the events of one company');
      }
      return inTransaction(pool, async (client) => {
        // The row lock on head serialises appends, so offsets commit in the order they are handed out.
        const { rows } = await client.query<{ first: number }>(
          `UPDATE ${SCHEMA}.head SET next_offset = next_offset + $1 RETURNING next_offset - $1 AS first`,
          [events.length],
        );
        const first = rows[0]!.first;
        const offsets = events.map((_, index) => first + index);
        await client.query(
          `INSERT INTO ${SCHEMA}.events ("offset", company_id, event_id, body)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::uuid[], $4::jsonb[])`,
          [
            offsets,
            events.map(() => companyId),
            events.map((e) => e.id),
            events.map((e) => JSON.stringify(e)),
          ],
        );
        await client.query(`SELECT pg_notify($1, $2)`, [CHANNEL, String(first + events.length)]);
        return events.map((event, index) => ({
          id: event.id,
          partition: PARTITION,
          offset: offsets[index]!,
        }));
      });
    },
    async head(): Promise<Positions> {
      const { rows } = await pool.query<{ next_offset: number }>(`SELECT next_offset FROM ${SCHEMA}.head`);
      return { [PARTITION]: rows[0]!.next_offset };
    },
    async subscribe(subscribeOptions: SubscribeOptions): Promise<Subscription> {
      const subscription = new EmbeddedSubscription(pool, options.databaseUrl, subscribeOptions);
      subscriptions.add(subscription);
      subscription.start();
      return {
        stop: async () => {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      await pool.end();
    },
  };
}

class EmbeddedSubscription {
  private running = false;
  private loop: Promise<void> | undefined;
  private listener: pg.Client | undefined;
  private wake: (() => void) | undefined;
  /** Set by a notification that arrives while a query is running, so the next sleep is skipped. */
  private notified = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly databaseUrl: string,
    private readonly options: SubscribeOptions,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  private pause(): void {
    this.running = false;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.pause();
    await this.loop;
    await this.closeListener();
  }

  private async run(): Promise<void> {
    let next: number | undefined;
    while (this.running) {
      try {
        await this.ensureListener();
        next ??= (await this.options.from([PARTITION]))[PARTITION] ?? 0;
        this.notified = false;
        const { rows } = await this.pool.query<{ offset: number; body: unknown }>(
          `SELECT "offset", body FROM ${SCHEMA}.events WHERE "offset" >= $1 ORDER BY "offset" LIMIT $2`,
          [next, BATCH_SIZE],
        );
        if (rows.length === 0) {
          await this.sleepUntilNotified(IDLE_POLL_MS);
          continue;
        }
        const records: LogRecord[] = rows.map((row) => ({
          partition: PARTITION,
          offset: row.offset,
          value: row.body,
        }));
        if (!this.running) break;
        await this.options.onBatch({ partition: PARTITION, records });
        next = records[records.length - 1]!.offset + 1;
      } catch (error) {
        this.options.onError?.(error);
        next = undefined; // ask `from` again: the consumer's own record of what it applied is the truth
        await this.closeListener();
        await this.sleepUntilNotified(RETRY_MS);
      }
    }
  }

  private async ensureListener(): Promise<void> {
    if (this.listener) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', () => void this.closeListener());
    client.on('notification', () => {
      this.notified = true;
      this.wake?.();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
  }

  private async closeListener(): Promise<void> {
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private sleepUntilNotified(ms: number): Promise<void> {
    if (this.notified) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
