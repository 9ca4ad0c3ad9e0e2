/**
 * What one more projector process buys: the same backlog of events on Kafka, projected by 1, 2, … projector
 * processes sharing the topic's partitions (one consumer group), each a process of its own as deployed.
 *
 *   node --import tsx bench/src/projector-scale-out.ts [--events=20000] [--companies=60] [--partitions=6]
 *        [--processes=1,2,3]
 *
 * Per count: a fresh database and topic, the backlog appended straight to the log (the tests' note events, spread
 * over `companies`), then the projectors start together; timed from the first event projected to the last (process
 * start-up and migrations not counted), with the load average. Postgres: DATABASE_URL, else embedded; Kafka:
 * KAFKA_BROKERS, else a local broker.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';
import { createKafkaEventLog } from '@courtside/eventlog/log/kafka';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { noteWritten } from '../../tests/spine/notes-module.ts';
import { Cleanups, startKafka, startPostgres } from './services.ts';
import { machineInfo } from './system.ts';

const projectorProcess = fileURLToPath(new URL('../../tests/support/courtside-process.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function note(companyId: string): EventEnvelope {
  const noteId = randomUUID();
  return {
    id: randomUUID(),
    type: noteWritten.type,
    schemaVersion: noteWritten.schemaVersion,
    companyId,
    streamId: noteId,
    actorId: 'bench',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { noteId, text: `note ${noteId}` },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '20000' },
      companies: { type: 'string', default: '60' },
      partitions: { type: 'string', default: '6' },
      processes: { type: 'string', default: '1,2,3' },
    },
  });
  const events = Number(values.events);
  const companies = Array.from({ length: Number(values.companies) }, () => randomUUID());
  const counts = values.processes.split(',').map(Number);
  const cleanups = new Cleanups();
  try {
    const postgres = await startPostgres(cleanups);
    const kafka = await startKafka(cleanups);
    console.log(`machine: ${JSON.stringify(machineInfo())}`);
    console.log(`Postgres: ${postgres.origin}; Kafka: ${kafka.origin}`);
    console.log(
      '| projector processes | events | seconds | events/s | load average (1 min) before → after |',
    );
    console.log('|---|---|---|---|---|');
    for (const count of counts) {
      const databaseUrl = await postgres.createDatabase('bench_scale_out');
      const topic = `courtside.bench.${randomUUID().slice(0, 8)}`;
      const log = await createKafkaEventLog({
        brokers: kafka.brokers,
        topic,
        partitions: Number(values.partitions),
        logLevel: 'error',
      });
      for (let start = 0; start < events; start += companies.length * 10) {
        await Promise.all(
          companies.map((companyId) =>
            log.append(
              companyId,
              Array.from({ length: Math.min(10, Math.ceil((events - start) / companies.length)) }, () =>
                note(companyId),
              ),
            ),
          ),
        );
      }
      const head = await log.head();
      const total = Object.values(head).reduce((sum, next) => sum + next, 0);
      await log.close();

      const loadBefore = loadavg()[0]!;
      const children: ChildProcess[] = [];
      for (let i = 0; i < count; i++) {
        const child = fork(projectorProcess, [], {
          execArgv: ['--import', 'tsx'],
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            KAFKA_BROKERS: kafka.brokers.join(','),
            KAFKA_TOPIC: topic,
            COURTSIDE_ROLE: 'projector',
          },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        children.push(child);
      }
      const stopAll = cleanups.add(`stop ${count} projector(s)`, async () => {
        await Promise.all(
          children.map(async (child) => {
            if (child.exitCode !== null) return;
            const exited = once(child, 'exit');
            child.kill('SIGTERM');
            await exited;
          }),
        );
      });

      const db = new pg.Pool({ connectionString: databaseUrl });
      const projected = async () => {
        try {
          const { rows } = await db.query<{ sum: string | null }>(
            `SELECT sum(next_offset) AS sum FROM ${liveReadModelSchema}.checkpoints`,
          );
          return Number(rows[0]?.sum ?? 0);
        } catch {
          return 0; // the schema is not there yet: the projectors are still migrating
        }
      };
      let first: number | undefined;
      for (;;) {
        const done = await projected();
        if (done > 0 && first === undefined) first = performance.now();
        if (done >= total) break;
        await sleep(50);
      }
      const seconds = (performance.now() - first!) / 1000;
      await db.end();
      await stopAll();
      console.log(
        `| ${count} | ${total} | ${seconds.toFixed(1)} | ${Math.round(total / seconds)} | ` +
          `${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} |`,
      );
    }
  } finally {
    await cleanups.runAll();
  }
}

await main();
