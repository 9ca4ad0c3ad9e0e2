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

it('applies a record redelivered below its checkpoint once, and moves the checkpoint with the chunk', async () => {
  const pool = new pg.Pool({ connectionString: await createTestDatabase('consumer') });
  pools.push(pool);
  await pool.query('CREATE TABLE checkpoints (partition integer PRIMARY KEY, next_offset bigint NOT NULL)');
  const { log, subscriber } = scriptedLog();
  const applied: number[] = [];
  const consumer = await startCheckpointedConsumer({
    log,
    pool,
    subscription: { name: 'test' },
    checkpoints: { name: 'checkpoints' },
    maxRecordsPerTransaction: 2,
    heartbeat: () => Promise.resolve(),
    heartbeatMs: 60_000,
    apply: (_client, chunk) => Promise.resolve(applied.push(...chunk.records.map((record) => record.offset))),
  });
  await subscriber().onBatch({ partition: 0, records: records(0, 1, 2) });
  // The same records again, and one more: as after a crash between commit and acknowledgement, or a rebalance.
  await subscriber().onBatch({ partition: 0, records: records(1, 2, 3) });
  expect(applied).toEqual([0, 1, 2, 3]);
  expect(await subscriber().from([0, 1])).toEqual({ 0: 4 });
  await consumer.stop();
});
