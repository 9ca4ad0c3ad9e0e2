/**
 * How much the api's memory grows while it exports a company of many events (DESIGN.md §8, issue 14):
 *
 *   node --expose-gc --import tsx bench/src/export-memory.ts [--events=100000]
 *
 * Starts Courtside in this process (embedded log; DATABASE_URL's server, else an embedded Postgres), signs up a
 * manager with a company, then writes `--events` further events of that company straight into the stored copy the
 * exports read (read_v1.company_events, hashes chained as the api would set them: seeding through 100k commands
 * would take long and measure something else). Then it downloads events.ndjson, results.csv and runs verify with
 * curl (a separate process, so the client's buffers are not counted) while sampling this process's memory every
 * 10 ms (peak growth over the heap after a full GC; needs --expose-gc), the live heap (right after a full GC, every
 * 250 ms while the export runs) and after a GC again (what stayed). Figures go to docs/performance.md.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_API } from '@courtside/events/api-paths';
import { CHAIN_START, eventHash } from '@courtside/eventlog/chain/hash-chain';
import type { HttpClient } from '../../tests/support/http-client.ts';
import { startBenchCompany } from './bench-company.ts';
import { Cleanups } from './services.ts';

const MiB = 1024 * 1024;

async function main() {
  const { values } = parseArgs({ options: { events: { type: 'string', default: '100000' } } });
  const count = Number(values.events);
  const cleanups = new Cleanups();
  try {
    const { courtside, databaseUrl, http, managerId, companyId } = await startBenchCompany(
      cleanups,
      'bench_export',
    );

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.add('close the bench connection', () => db.end());
    const schema = courtside.readModelSchema;
    const head = await db.query<{ seq: number; hash: string }>(
      `SELECT seq, envelope->>'hash' AS hash FROM ${schema}.company_events WHERE company_id = $1 ORDER BY seq DESC LIMIT 1`,
      [companyId],
    );
    let previous = head.rows[0]?.hash ?? CHAIN_START;
    let seq = head.rows[0]?.seq ?? 0;
    const seedStarted = performance.now();
    for (let done = 0; done < count;) {
      const batch = Math.min(5_000, count - done);
      const rows: Array<[number, string, string, string]> = [];
      for (let index = 0; index < batch; index++) {
        const ladderId = randomUUID();
        const unhashed = {
          id: randomUUID(),
          type: 'LadderUpdated',
          schemaVersion: 1,
          companyId,
          streamId: ladderId,
          actorId: managerId,
          occurredAt: new Date(Date.UTC(2026, 0, 1) + (seq + index) * 1000).toISOString(),
          correlationId: randomUUID(),
          payload: {
            ladderId,
            name: `Ladder ${seq + index}`,
            email: 'ladder@club.test',
            sportsCategory: 'PADEL',
          },
        };
        const hash = eventHash(previous, unhashed);
        previous = hash;
        rows.push([seq + index + 1, unhashed.id, unhashed.occurredAt, JSON.stringify({ ...unhashed, hash })]);
      }
      await db.query(
        `INSERT INTO ${schema}.company_events (company_id, seq, event_id, type, stream_id, ladder_id, actor_id, occurred_at, payload, envelope)
         SELECT $1, r.seq, r.id, 'LadderUpdated', r.body->>'streamId', r.body->>'streamId', r.body->>'actorId', r.at, r.body->'payload', r.body
         FROM unnest($2::int[], $3::uuid[], $4::timestamptz[], $5::jsonb[]) AS r(seq, id, at, body)`,
        [
          companyId,
          rows.map((r) => r[0]),
          rows.map((r) => r[1]),
          rows.map((r) => r[2]),
          rows.map((r) => r[3]),
        ],
      );
      seq += batch;
      done += batch;
    }
    console.log(`seeded ${count} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const cookieHeader = cookiesOf(http);
    for (const route of ['events.ndjson', 'results.csv', 'verify']) {
      const url = `${courtside.url}${ADMIN_API}/companies/${companyId}/${route}`;
      await measure(route, url, cookieHeader); // warm-up: JIT, pool connections
      const figures = await measure(route, url, cookieHeader);
      console.log(JSON.stringify(figures));
    }
  } finally {
    await cleanups.runAll();
  }
}

/** The signed-in client's cookies, for curl. */
function cookiesOf(http: HttpClient): string {
  const { cookies } = http as unknown as { cookies: Map<string, string> };
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function measure(route: string, url: string, cookie: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  // What the export really holds while it runs: the heap right after a full GC, every 250 ms.
  let peakLive = base.heapUsed;
  const collector = setInterval(() => {
    gc?.();
    peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  }, 250);
  const started = performance.now();
  const { bytes, code } = await new Promise<{ bytes: number; code: number | null }>((resolve, reject) => {
    const curl = spawn('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{size_download} %{http_code}',
      '-H',
      `cookie: ${cookie}`,
      url,
    ]);
    let out = '';
    curl.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    curl.on('error', reject);
    curl.on('close', () => {
      const [size, status] = out.trim().split(' ');
      resolve({ bytes: Number(size), code: Number(status) });
    });
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(collector);
  gc?.();
  const after = process.memoryUsage();
  return {
    route,
    status: code,
    megabytes: +(bytes / MiB).toFixed(1),
    seconds: +seconds.toFixed(2),
    rssGrowthMiB: +((peakRss - base.rss) / MiB).toFixed(1),
    heapPeakGrowthMiB: +((peakHeap - base.heapUsed) / MiB).toFixed(1),
    liveHeapGrowthMiB: +((peakLive - base.heapUsed) / MiB).toFixed(1),
    heapRetainedMiB: +((after.heapUsed - base.heapUsed) / MiB).toFixed(1),
    baseRssMiB: +(base.rss / MiB).toFixed(0),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
