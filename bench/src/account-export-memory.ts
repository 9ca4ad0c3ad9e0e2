/**
 * How much the api's memory grows while it writes one account's export (DESIGN.md §10):
 *
 *   node --expose-gc --import tsx bench/src/account-export-memory.ts [--matches=5000] [--notifications=10000]
 *
 * Starts Courtside in this process (embedded log; DATABASE_URL's server, else an embedded Postgres), signs up a
 * manager with a company, then writes straight into the read models a team of that account, an opponent's team,
 * `--matches` matches between them and `--notifications` notifications of the account (seeding through commands
 * would take long and measure something else). Then it downloads GET account/export with curl while sampling this
 * process's memory (download-memory.ts). Figures go to docs/performance.md.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { startBenchCompany } from './bench-company.ts';
import { cookiesOf, measureDownload } from './download-memory.ts';
import { Cleanups } from './services.ts';
import { machineInfo } from './system.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      matches: { type: 'string', default: '5000' },
      notifications: { type: 'string', default: '10000' },
    },
  });
  const matches = Number(values.matches);
  const notifications = Number(values.notifications);
  const cleanups = new Cleanups();
  try {
    const { courtside, databaseUrl, http, managerId, companyId } = await startBenchCompany(
      cleanups,
      'bench_account_export',
    );
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.add('close the bench connection', () => db.end());
    const schema = courtside.readModelSchema;
    const [seasonId, ladderId, mine, theirs] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.query(
      `INSERT INTO ${schema}.teams (id, season_id, ladder_id, company_id, status, position, registered_at, join_date)
       SELECT id, $1, $2, $3, 'active', position, now(), current_date
       FROM unnest($4::uuid[], $5::int[]) AS t(id, position)`,
      [seasonId, ladderId, companyId, [mine, theirs], [1, 2]],
    );
    await db.query(
      `INSERT INTO ${schema}.team_members (team_id, account_id, member_order) VALUES ($1, $2, 0), ($3, $4, 0)`,
      [mine, managerId, theirs, randomUUID()],
    );
    const score = JSON.stringify({ sets: [6, 4], tiebreaks: [null, null] });
    await db.query(
      `INSERT INTO ${schema}.matches (id, season_id, ladder_id, company_id, defender_id, challenger_id, status, date,
         defender_score, challenger_score, winner, had_winner, created_at, updated_at)
       SELECT gen_random_uuid(), $1, $2, $3, $4, $5, 'completed', '2026-05-01T19:00', $6::jsonb, $6::jsonb,
         'defender', true, now(), now()
       FROM generate_series(1, $7)`,
      [seasonId, ladderId, companyId, mine, theirs, score, matches],
    );
    await db.query(
      `INSERT INTO courtside.notifications (source, account_id, kind, texts, number, created_at)
       SELECT 'bench-' || i, $1, 'match.result',
         jsonb_build_object('en', jsonb_build_object('title', 'Result confirmed', 'body', 'TC Bench beat TC Other 6-4 6-4',
           'url', '/webapps/matches/en/?match=' || gen_random_uuid()),
           'nl', jsonb_build_object('title', 'Uitslag bevestigd', 'body', 'TC Bench won van TC Other 6-4 6-4',
           'url', '/webapps/matches/nl/?match=' || gen_random_uuid())),
         i, now()
       FROM generate_series(1, $2) AS i`,
      [managerId, notifications],
    );
    console.log(`seeded ${matches} matches and ${notifications} notifications`);
    const url = `${courtside.url}${ACCOUNT_API}/account/export`;
    const cookie = cookiesOf(http);
    await measureDownload('account/export', url, cookie); // warm-up: JIT, pool connections
    const figures = await measureDownload('account/export', url, cookie);
    console.log(JSON.stringify({ machine: machineInfo(), matches, notifications, ...figures }, null, 2));
  } finally {
    await cleanups.runAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
