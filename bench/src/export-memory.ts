/**
 * How much the api's memory grows while it exports a company of many events (DESIGN.md §8):
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
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_API } from '@courtside/events/api-paths';
import { CHAIN_START, eventHash } from '@courtside/eventlog/chain/hash-chain';
import { startBenchCompany } from './bench-company.ts';
import { Cleanups } from './services.ts';
import { cookiesOf, measureDownload as measure } from './download-memory.ts';

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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
