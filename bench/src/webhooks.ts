/**
 * The webhooks (DESIGN.md §18): the time from a change's append to the log to its delivery at a receiver, at 1,000
 * changes a minute to 50 endpoints, one of which never answers (each attempt runs into the 10 s timeout).
 *
 *   node --import tsx bench/src/webhooks.ts [--per-minute=1000] [--seconds=60] [--companies=5] [--endpoints=10]
 *
 * Postgres (DATABASE_URL or embedded) and Kafka (KAFKA_BROKERS or a local broker); api, projector, the webhooks
 * consumer and its sender run in this process, in development (endpoints on 127.0.0.1). Each company gets
 * `endpoints` endpoints on one local receiver (the first endpoint of the first company hangs); `MatchCancelled`
 * events (their data needs no read model) are appended open-loop, each a change for its company's endpoints.
 * Reported: p50/p99/max from append to the receiver's request for the endpoints that answer, and how many
 * deliveries the hanging endpoint had on the way (it holds up only itself); `--hanging=0` lets every endpoint
 * answer, the baseline for what the hanging one costs the others. `--profile` adds where the time went:
 * append → the consumer's outbox insert answered → the receiver's request, every Postgres statement of this process
 * (count, p50/p99, total), lock waits sampled every 100 ms, and how many TCP connections the receiver accepted.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { WebhookStore } from '@courtside/api/webhooks/webhook-store';
import { productEvents } from '@courtside/events/catalog';
import { EventRegistry } from '@courtside/events/event-registry';
import { installQueryProfile, observeQueries, queryStats } from './pg-profile.ts';
import { Cleanups, startKafka, startPostgres } from './services.ts';
import { round, summarize } from './stats.ts';
import { machineInfo } from './system.ts';

const { values } = parseArgs({
  options: {
    'per-minute': { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    companies: { type: 'string', default: '5' },
    endpoints: { type: 'string', default: '10' },
    profile: { type: 'boolean', default: false },
    // 0: every endpoint answers, the baseline for what the hanging one costs its neighbours
    hanging: { type: 'string', default: '1' },
  },
});
const withHanging = values.hanging !== '0';
const profiling = values.profile;
const perMinute = Number(values['per-minute']);
const seconds = Number(values.seconds);
const companies = Number(values.companies);
const endpointsPerCompany = Number(values.endpoints);

async function main(): Promise<void> {
  const cleanups = new Cleanups();
  process.on('SIGINT', () => void cleanups.runAll().then(() => process.exit(130)));
  try {
    const postgres = await startPostgres(cleanups);
    const kafka = await startKafka(cleanups);
    const databaseUrl = await postgres.createDatabase('bench_webhooks');

    // The receiver: `/hang` never answers; every other path answers 204 and notes when each change arrived.
    const arrived = new Map<string, number>();
    const hanging = new Set<unknown>();
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/hang') return void hanging.add(request);
        const at = performance.now();
        const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { matchId: string } };
        arrived.set(`${request.url} ${data.matchId}`, at);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.add('stop the receiver', async () => {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    let connections = 0;
    receiver.on('connection', () => connections++);
    // The consumer's outbox insert of a change (its body, parameter 6, names the match): when it was answered.
    const queuedAt = new Map<string, number>();
    if (profiling)
      observeQueries((text, params) => {
        if (!text.includes('INSERT INTO courtside.webhook_deliveries') || typeof params?.[5] !== 'string')
          return;
        const { data } = JSON.parse(params[5]) as { data: { matchId?: string } };
        return (doneAt) => void (data.matchId && queuedAt.set(data.matchId, doneAt));
      });

    const logger = createLogger({ level: 'warn' });
    const courtside = await startCourtside({
      databaseUrl,
      kafkaBrokers: kafka.brokers,
      kafkaTopic: `courtside.bench.webhooks.${randomUUID().slice(0, 8)}`,
      runApi: false,
      runProjector: true,
      runWebhooks: true,
      mode: 'development',
      logger,
    });
    cleanups.add('stop courtside', () => courtside.stop());
    const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    cleanups.add('close the pool', () => db.end());

    // The endpoints, straight into the api's store (the routes' own checks are the integration tests' business).
    const store = new WebhookStore(db);
    const clubs: Array<{ companyId: string; paths: string[] }> = [];
    for (let c = 0; c < companies; c++) {
      const companyId = randomUUID();
      const paths = Array.from({ length: endpointsPerCompany }, (_, e) =>
        withHanging && c === 0 && e === 0 ? '/hang' : `/c${c}e${e}`,
      );
      for (const path of paths)
        await store.create({
          companyId,
          url: `${base}${path}`,
          types: ['match.cancelled'],
          description: '',
          now: new Date(),
        });
      clubs.push({ companyId, paths });
    }

    const registry = new EventRegistry(productEvents);
    const appendedAt = new Map<string, { at: number; paths: string[] }>();
    const append = async (index: number) => {
      const club = clubs[index % clubs.length]!;
      const matchId = randomUUID();
      const event = registry.create(
        {
          type: 'MatchCancelled',
          streamId: matchId,
          payload: { matchId, seasonId: randomUUID(), ladderId: randomUUID() },
        },
        { companyId: club.companyId, actorId: 'system', correlationId: randomUUID(), occurredAt: new Date() },
      );
      appendedAt.set(matchId, {
        at: performance.now(),
        paths: club.paths.filter((path) => path !== '/hang'),
      });
      await courtside.log.append(club.companyId, [event]);
    };

    // Recording starts with the measured phase (the endpoints' set-up is not in it).
    if (profiling) installQueryProfile().recording = true;
    const lockWaits = new Map<string, number>();
    let lockSamples = 0;
    const sampler = profiling
      ? setInterval(() => {
          void db
            .query<{ what: string; waiting: number }>(
              `SELECT l.locktype || ' ' || coalesce(l.relation::regclass::text, '') || ' ' || l.mode AS what,
                      count(*)::int AS waiting
               FROM pg_locks l WHERE NOT l.granted GROUP BY 1`,
            )
            .then(
              ({ rows }) => {
                lockSamples++;
                for (const row of rows) lockWaits.set(row.what, (lockWaits.get(row.what) ?? 0) + row.waiting);
              },
              () => undefined,
            );
        }, 100)
      : undefined;
    cleanups.add('stop the lock sampler', async () => clearInterval(sampler));

    const total = Math.round((perMinute * seconds) / 60);
    const start = performance.now();
    const sends: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 60_000) / perMinute - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(append(i));
    }
    await Promise.all(sends);
    const expected = [...appendedAt.values()].reduce((sum, change) => sum + change.paths.length, 0);
    const deadline = Date.now() + 300_000;
    while (arrived.size < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    clearInterval(sampler);
    if (profiling) installQueryProfile().recording = false;
    /** Where the time went (`--profile`). */
    const profileOf = () => {
      const appendToQueued: number[] = [];
      const queuedToArrived: number[] = [];
      for (const [matchId, change] of appendedAt) {
        const queued = queuedAt.get(matchId);
        if (queued === undefined) continue;
        appendToQueued.push(round(queued - change.at));
        for (const path of change.paths) {
          const at = arrived.get(`${path} ${matchId}`);
          if (at !== undefined) queuedToArrived.push(round(at - queued));
        }
      }
      return {
        appendToQueuedMs: summarize(appendToQueued),
        queuedToArrivedMs: summarize(queuedToArrived),
        receiverConnections: connections,
        lockWaitsPerSample: Object.fromEntries(
          [...lockWaits].map(([what, count]) => [what, round(count / Math.max(1, lockSamples))]),
        ),
        statements: queryStats().slice(0, 15),
      };
    };

    const latenciesOf = (ofPath: (path: string) => boolean) =>
      summarize(
        [...appendedAt].flatMap(([matchId, change]) =>
          change.paths.flatMap((path) => {
            const at = arrived.get(`${path} ${matchId}`);
            return ofPath(path) && at !== undefined ? [round(at - change.at)] : [];
          }),
        ),
      );
    const all = latenciesOf(() => true);
    console.log(
      JSON.stringify(
        {
          machine: machineInfo(),
          changes: total,
          endpoints: companies * endpointsPerCompany,
          deliveriesExpected: expected,
          deliveriesArrived: all?.count ?? 0,
          hangingAttempts: hanging.size,
          latencyMs: all,
          // The hanging endpoint's neighbours: the same company's other endpoints, which share its log order; and
          // the other companies' endpoints of the same run, under the same load.
          sameCompanyAsHangingMs: latenciesOf((path) => path.startsWith('/c0e')),
          otherCompaniesMs: latenciesOf((path) => !path.startsWith('/c0e')),
          ...(profiling ? { profile: profileOf() } : {}),
        },
        null,
        2,
      ),
    );
  } finally {
    await cleanups.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
