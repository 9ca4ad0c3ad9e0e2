import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { startCheckpointedConsumer } from '@courtside/eventlog/log/checkpointed-consumer';
import type { EventLog, LogRecord, SubscribeOptions } from '@courtside/eventlog/log/port';
import { createTestDatabase } from '../support/services.ts';

const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.end();
});

const records = (...offsets: number[]): LogRecord[] =>
  offsets.map((offset) => ({ partition: 0, offset, value: { offset } }));

/** A log that hands the test the subscriber, so it can deliver batches as a rebalance or a crash would. */
function scriptedLog(): { log: EventLog; subscriber: () => SubscribeOptions } {
  let subscriber: SubscribeOptions | undefined;
  const log = {
    kind: 'embedded',
    id: 'scripted',
    subscribe: (options: SubscribeOptions) => {
      subscriber = options;
      return Promise.resolve({ stop: () => Promise.resolve() });
    },
  } as unknown as EventLog;
  return { log, subscriber: () => subscriber! };
}

/** A pool on a database of its own with an empty checkpoints table. */
async function checkpointsDatabase(name: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: await createTestDatabase(name) });
  pools.push(pool);
  await pool.query('CREATE TABLE checkpoints (partition integer PRIMARY KEY, next_offset bigint NOT NULL)');
  return pool;
}

/** A reader of a scripted log keeping its checkpoints in `pool`, applying chunks with `apply`. */
async function reader(
  pool: pg.Pool,
  maxRecordsPerTransaction: number,
  apply: (chunk: { records: LogRecord[] }) => Promise<unknown>,
) {
  const { log, subscriber } = scriptedLog();
  const consumer = await startCheckpointedConsumer({
    log,
    pool,
    subscription: { name: 'test' },
    checkpoints: { name: 'checkpoints' },
    maxRecordsPerTransaction,
    heartbeat: () => Promise.resolve(),
    heartbeatMs: 60_000,
    apply: (_client, chunk) => apply(chunk),
  });
  return { consumer, subscriber };
}

it('applies a record redelivered below its checkpoint once, and moves the checkpoint with the chunk', async () => {
  const pool = await checkpointsDatabase('consumer');
  const applied: number[] = [];
  const { consumer, subscriber } = await reader(pool, 2, (chunk) =>
    Promise.resolve(applied.push(...chunk.records.map((record) => record.offset))),
  );
  await subscriber().onBatch({ partition: 0, records: records(0, 1, 2) });
  // The same records again, and one more: as after a crash between commit and acknowledgement, or a rebalance.
  await subscriber().onBatch({ partition: 0, records: records(1, 2, 3) });
  expect(applied).toEqual([0, 1, 2, 3]);
  expect(await subscriber().from([0, 1])).toEqual({ 0: 4 });
  await consumer.stop();
});

it('applies each record of a partition never read before once, when two readers take it at the same time', async () => {
  const pool = await checkpointsDatabase('consumer_first');
  const applied: number[] = [];
  let releaseFirst!: () => void;
  const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstApplying!: () => void;
  const firstIsApplying = new Promise<void>((resolve) => (firstApplying = resolve));
  const applying = (hold: boolean) => async (chunk: { records: LogRecord[] }) => {
    if (hold) {
      firstApplying();
      await firstHolds;
    }
    applied.push(...chunk.records.map((record) => record.offset));
  };
  const [first, second] = [await reader(pool, 10, applying(true)), await reader(pool, 10, applying(false))];
  const firstBatch = first.subscriber().onBatch({ partition: 0, records: records(0, 1) });
  await firstIsApplying;
  // The second reader comes while the first holds the partition's new, uncommitted checkpoint row: it waits for it.
  const secondBatch = second.subscriber().onBatch({ partition: 0, records: records(0, 1, 2) });
  await expect
    .poll(
      async () =>
        (
          await pool.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rowCount,
    )
    .toBeGreaterThan(0);
  releaseFirst();
  await Promise.all([firstBatch, secondBatch]);
  expect(applied).toEqual([0, 1, 2]);
  expect(await second.subscriber().from([0])).toEqual({ 0: 3 });
  await Promise.all([first.consumer.stop(), second.consumer.stop()]);
});
