import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createKafkaEventLog } from '@courtside/eventlog/log/kafka';
import { startKafkaBroker, type KafkaBroker } from '@courtside/infra/kafka/broker';
import { freePort } from '@courtside/infra/postgres/embedded';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { createTestDatabase } from '../support/services.ts';
import { HttpClient } from '../support/http-client.ts';
import { killProcess, startCourtsideProcess } from '../support/courtside-processes.ts';
import { replayNotes } from '../support/notes-replay.ts';
import { eventually } from '../support/wait.ts';
import { HEALTH_PATH } from '@courtside/events/api-paths';

/**
 * Under a steady stream of commands on Kafka: the broker is stopped and started again, the projector is killed
 * twice, one of two api processes is killed. Afterwards every acknowledged command is there exactly once, nothing
 * refused is there, the read models equal a replay of the log, and every command during the broker's outage was
 * refused with 503 and Retry-After.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  text: string;
  companyId: string;
  startedAt: number;
  ms: number;
  /** HTTP status, or 0 when the connection broke (the api process was killed). */
  status: number;
  retryAfter: string | null;
  error: string;
  /** A 503's `reason` (docs/decisions/log-and-consumers.md "A 503 says why"). */
  reason?: string;
}

describe('faults under load on Kafka', () => {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('loses no acknowledged command, keeps no refused one, and refuses fast while the broker is away', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'courtside-faults-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const [port, controllerPort] = [await freePort(), await freePort()];
    const startBroker = () => startKafkaBroker({ port, controllerPort, dataDir });
    let broker: KafkaBroker = await startBroker();
    cleanups.push(() => broker.stop());
    const env = {
      DATABASE_URL: await createTestDatabase('faults'),
      KAFKA_BROKERS: broker.brokers.join(','),
      KAFKA_TOPIC: `courtside.faults.${randomUUID().slice(0, 8)}`,
    };
    const start = (role: 'api' | 'projector') =>
      startCourtsideProcess(role, env, (child) => cleanups.push(() => void child.kill('SIGKILL')));

    let projector = await start('projector');
    const apis = [await start('api'), await start('api')];
    const clients = apis.map((api) => new HttpClient(api.url!));
    for (const client of clients) await client.request('GET', HEALTH_PATH); // anti-forgery cookie
    const companies = Array.from({ length: 12 }, () => randomUUID());
    const sent: Sent[] = [];
    let liveClients = clients;
    let sending = true;
    let counter = 0;

    const worker = async () => {
      while (sending) {
        const text = `note ${counter++} ${randomUUID().slice(0, 6)}`;
        const companyId = companies[counter % companies.length]!;
        const client = liveClients[counter % liveClients.length]!;
        const startedAt = performance.now();
        let status = 0;
        let retryAfter: string | null = null;
        let error = '';
        let reason: string | undefined;
        try {
          const response = await client.request('POST', `/webapps/api/test/companies/${companyId}/notes`, {
            text,
          });
          status = response.status;
          retryAfter = response.headers.get('retry-after');
          const body = (await response.json()) as { error?: string; reason?: string };
          error = body.error ?? '';
          reason = body.reason;
        } catch (failure) {
          error = String(failure);
        }
        sent.push({
          text,
          companyId,
          startedAt,
          ms: performance.now() - startedAt,
          status,
          retryAfter,
          error,
          reason,
        });
        await sleep(20);
      }
    };
    const workers = Array.from({ length: 6 }, worker);

    await sleep(2_000);
    await killProcess(projector.child);
    await sleep(1_000);
    projector = await start('projector');
    await sleep(1_000);
    const outageFrom = performance.now();
    await broker.stop();
    const brokerStopped = performance.now();
    await sleep(4_000);
    const outageTo = performance.now();
    broker = await startBroker();
    await sleep(4_000);
    await killProcess(projector.child);
    await sleep(1_000);
    projector = await start('projector');
    await sleep(1_000);
    liveClients = [clients[0]!];
    await killProcess(apis[1]!.child);
    await sleep(2_000);
    sending = false;
    await Promise.all(workers);

    // The projector catches up with the whole log.
    const log = await createKafkaEventLog({
      brokers: broker.brokers,
      topic: env.KAFKA_TOPIC,
      logLevel: 'nothing',
    });
    cleanups.push(() => log.close());
    const db = new pg.Pool({ connectionString: env.DATABASE_URL });
    cleanups.push(() => db.end());
    const head = await log.head();
    await eventually(
      async () => {
        const { rows } = await db.query(
          `SELECT partition, next_offset FROM ${liveReadModelSchema}.checkpoints`,
        );
        const done = new Map(rows.map((row) => [row.partition, Number(row.next_offset)]));
        return Object.entries(head).every(([p, next]) => next === 0 || done.get(Number(p)) === next);
      },
      { timeoutMs: 60_000, message: 'the projector to catch up' },
    );
    const { rows } = await db.query<{ text: string; copies: number }>(
      `SELECT text, count(*)::int AS copies FROM ${liveReadModelSchema}.test_notes GROUP BY text`,
    );
    const stored = new Map(rows.map((row) => [row.text, row.copies]));

    const acknowledged = sent.filter((s) => s.status === 201 || s.status === 202);
    const refused = sent.filter((s) => s.status >= 400 && /Nothing was changed/.test(s.error));
    const unknown = sent.filter((s) => !acknowledged.includes(s) && !refused.includes(s));
    const duringOutage = sent.filter((s) => s.startedAt >= brokerStopped && s.startedAt + s.ms <= outageTo);
    const quantile = (values: number[], q: number) =>
      [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
    console.log(
      `[faults] ${sent.length} commands: ${acknowledged.length} acknowledged, ${refused.length} refused, ` +
        `${unknown.length} of unknown outcome; during the outage (${Math.round(outageTo - outageFrom)} ms) ` +
        `${duringOutage.length} answered in p50 ${Math.round(
          quantile(
            duringOutage.map((s) => s.ms),
            0.5,
          ),
        )} ms, ` +
        `max ${Math.round(Math.max(0, ...duringOutage.map((s) => s.ms)))} ms`,
    );

    expect(acknowledged.length).toBeGreaterThan(50);
    expect(duringOutage.length).toBeGreaterThan(10);
    expect(acknowledged.filter((s) => stored.get(s.text) !== 1).map((s) => s.text)).toEqual([]);
    expect(refused.filter((s) => stored.has(s.text)).map((s) => `${s.status} ${s.error}: ${s.text}`)).toEqual(
      [],
    );
    expect(unknown.filter((s) => (stored.get(s.text) ?? 0) > 1)).toEqual([]);
    // A 503's reason agrees with its words: the web sends again what says nothing was changed, and only that.
    expect(
      sent
        .filter(
          (s) =>
            s.status === 503 &&
            (s.reason === undefined ||
              (s.reason === 'APPEND_UNCONFIRMED') === /nothing was changed/i.test(s.error)),
        )
        .map((s) => `${s.reason} ${s.error}`),
    ).toEqual([]);
    expect(
      duringOutage
        .filter((s) => s.status !== 503 || s.retryAfter === null)
        .map((s) => `${s.status} ${s.error}`),
    ).toEqual([]);
    // Nothing but the test's own notes were written.
    expect(rows.every((row) => sent.some((s) => s.text === row.text))).toBe(true);

    const report = await replayNotes(env.DATABASE_URL, log);
    expect(report.identical).toBe(true);
  }, 240_000);
});
