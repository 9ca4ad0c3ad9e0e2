import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { EventRegistry } from '@courtside/events/event-registry';
import type { EventLog } from '@courtside/eventlog/log/port';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { replay } from '@courtside/projector/replay';
import { createBackend, logKinds, openLog, type TestBackend } from '../support/courtside.ts';
import { eventually } from '../support/wait.ts';
import { noteAmended, noteWritten, notesProjection } from './notes-module.ts';

const registry = new EventRegistry([noteWritten, noteAmended]);
const quiet = { info: () => undefined, error: () => undefined };
const projectorScript = fileURLToPath(new URL('../support/courtside-process.ts', import.meta.url));

function startProjectorProcess(backend: TestBackend): Promise<ChildProcess> {
  const child = fork(projectorScript, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: backend.databaseUrl,
      KAFKA_BROKERS: backend.kafkaBrokers?.join(',') ?? '',
      KAFKA_TOPIC: backend.kafkaTopic ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`projector process exited with ${code}`)));
  });
}

/** Appends notes and amendments for several companies; returns how many revisions each note must end with. */
async function appendStream(
  log: EventLog,
  companies: string[],
  rounds: number,
  revisions: Map<string, number>,
) {
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      companies.map(async (companyId) => {
        const noteId = randomUUID();
        const meta = {
          companyId,
          actorId: 'test',
          correlationId: randomUUID(),
          occurredAt: new Date('2026-11-21T10:00:00Z'),
        };
        const events = [
          registry.create(
            { type: noteWritten.type, streamId: noteId, payload: { noteId, text: `note ${noteId}` } },
            meta,
          ),
          ...Array.from({ length: 4 }, (_, index) =>
            registry.create(
              {
                type: noteAmended.type,
                streamId: noteId,
                payload: { noteId, text: `note ${noteId} v${index + 2}` },
              },
              meta,
            ),
          ),
        ];
        await log.append(companyId, events);
        revisions.set(noteId, 5);
      }),
    );
  }
}

describe.each(logKinds)('the projector on the %s log', (kind) => {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('killed in the middle of thousands of events and started again, leaves exactly the replayed read models', async () => {
    const backend = await createBackend(kind);
    const log = await openLog(backend);
    cleanups.push(() => log.close());
    const db = new pg.Pool({ connectionString: backend.databaseUrl });
    cleanups.push(() => db.end());
    const companies = Array.from({ length: 8 }, () => randomUUID());
    const revisions = new Map<string, number>();

    const first = await startProjectorProcess(backend);
    cleanups.push(() => void first.kill('SIGKILL'));
    const appending = appendStream(log, companies, 75, revisions);
    const countNotes = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM ${liveReadModelSchema}.test_notes`)).rows[0]
        .n as number;
    // Kill it while the stream is still coming in and it is busy applying it.
    await eventually(async () => (await countNotes()) >= 40, { message: 'the projector to be under way' });
    first.kill('SIGKILL');
    const projectedAtKill = await countNotes();
    await appending;
    expect(projectedAtKill).toBeLessThan(600);
    const second = await startProjectorProcess(backend);
    cleanups.push(() => void second.kill('SIGTERM'));

    const head = await log.head();
    await eventually(
      async () => {
        const { rows } = await db.query(
          `SELECT partition, next_offset FROM ${liveReadModelSchema}.checkpoints`,
        );
        const done = new Map(rows.map((row) => [row.partition, row.next_offset]));
        return Object.entries(head).every(
          ([partition, next]) => next === 0 || done.get(Number(partition)) === next,
        );
      },
      { timeoutMs: 60_000, message: 'the projector to catch up' },
    );

    const { rows } = await db.query(`SELECT id, revision FROM ${liveReadModelSchema}.test_notes`);
    expect(rows).toHaveLength(revisions.size);
    expect(rows.filter((row) => row.revision !== revisions.get(row.id))).toEqual([]);
    const report = await replay({
      databaseUrl: backend.databaseUrl,
      log,
      registry,
      projections: [notesProjection],
      liveSchema: liveReadModelSchema,
      verify: true,
      logger: quiet,
    });
    expect(report.tables).toEqual([
      { table: 'test_notes', liveRows: 3000 / 5, rebuiltRows: 600, identical: true },
    ]);
    expect(report.identical).toBe(true);
  }, 180_000);
});
