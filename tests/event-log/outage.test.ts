import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startKafkaBroker } from '@courtside/infra/kafka/broker';
import { freePort, startEmbeddedPostgres } from '@courtside/infra/postgres/embedded';
import { createEmbeddedEventLog } from '@courtside/eventlog/log/embedded';
import { createKafkaEventLog } from '@courtside/eventlog/log/kafka';
import type { EventLog, LogRecord, Positions } from '@courtside/eventlog/log/port';
import { anEvent } from '../support/events.ts';
import { eventually } from '../support/wait.ts';

/** A log on a server of its own, which the test can take away and bring back on the same address and data. */
interface FlakyLog {
  log: EventLog;
  down(): Promise<void>;
  up(): Promise<void>;
  dispose(): Promise<void>;
}

function scratchDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'courtside-outage-'));
}

const flakyLogs: Array<[string, () => Promise<FlakyLog>]> = [
  [
    'embedded (Postgres restarts)',
    async () => {
      const dir = await scratchDir();
      const port = await freePort();
      const start = () => startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port });
      let server = await start();
      const log = await createEmbeddedEventLog({ databaseUrl: server.databaseUrl });
      return {
        log,
        down: () => server.stop(),
        up: async () => void (server = await start()),
        dispose: async () => {
          await log.close();
          await server.stop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'kafka (the broker restarts)',
    async () => {
      const dir = await scratchDir();
      const [port, controllerPort] = [await freePort(), await freePort()];
      const start = () => startKafkaBroker({ port, controllerPort, dataDir: path.join(dir, 'kafka') });
      let broker = await start();
      const log = await createKafkaEventLog({ brokers: broker.brokers, topic: 'courtside.outage' });
      return {
        log,
        down: () => broker.stop(),
        up: async () => void (broker = await start()),
        dispose: async () => {
          await log.close();
          await broker.stop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(flakyLogs)('event log outage: %s', (_name, makeLog) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps appending and delivering after its server goes away and comes back, losing and doubling nothing', async () => {
    const flaky = await makeLog();
    cleanups.push(() => flaky.dispose());
    const companyId = randomUUID();
    const received: LogRecord[] = [];
    let applied: Positions = {};
    const subscription = await flaky.log.subscribe({
      name: `outage-${randomUUID()}`,
      from: async () => applied,
      onBatch: async (batch) => {
        received.push(...batch.records);
        applied = { ...applied, [batch.partition]: batch.records.at(-1)!.offset + 1 };
      },
    });
    cleanups.push(() => subscription.stop());
    const durable: string[] = [];
    const append = async (round: string) => {
      const events = Array.from({ length: 5 }, (_, index) => anEvent(companyId, { round, index }));
      await flaky.log.append(companyId, events);
      durable.push(...events.map((event) => event.id));
    };
    await append('before');
    await eventually(() => received.length >= 5, { message: 'the first events' });

    await flaky.down();
    // While the server is away an append either fails (its outcome unknown) or waits for the server to return.
    const during = append('during').catch((error: unknown) => error);
    await expect(flaky.log.ping()).rejects.toThrow();
    await flaky.up();
    await during;
    await eventually(
      async () => {
        await append('after');
        return true;
      },
      { timeoutMs: 30_000, intervalMs: 500, message: 'an append after the restart' },
    );

    await eventually(
      () => durable.every((id) => received.some((record) => (record.value as { id: string }).id === id)),
      {
        timeoutMs: 30_000,
        message: 'every durable event to be delivered',
      },
    );
    const ids = received.map((record) => (record.value as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    const offsets = received.map((record) => record.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  }, 120_000);
});
