/**
 * Public reads against a bare Koa baseline (issue 15):
 *
 *   npm run bench:reads -- [--teams=200] [--matches=2000] [--seconds=10] [--connections=50]
 *
 * Starts Courtside in this process (embedded log; DATABASE_URL's server, else an embedded Postgres), seeds one club
 * over HTTP as people would (a season of `--teams` accepted teams, `--matches` matches of which three in four have a
 * result), then measures with autocannon (in this process, like the server: both share the 2 cores), each for
 * `--seconds`: a bare Koa hello-world serving a body of the matches list's size, and the three reads signed out
 * (the answers everyone gets alike, kept until the read models change) and signed in (built for the caller every
 * time: the query path). Prints req/s, latency p50/p99 and the ratio to bare Koa, with the load average.
 */
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Koa from 'koa';
import { LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { startBenchCompany } from './bench-company.ts';
import { seedClub } from './bench-club.ts';
import { Cleanups } from './services.ts';
import { machineInfo } from './system.ts';

interface Row {
  what: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  bytes: number;
}

async function measure(
  what: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Row> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    what,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    bytes: Math.round(result.throughput.average / Math.max(result.requests.average, 1)),
  };
}

async function bareKoa(body: string): Promise<{ server: Server; url: string }> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.type = 'application/json';
    ctx.body = body;
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

async function main() {
  const { values } = parseArgs({
    options: {
      teams: { type: 'string', default: '200' },
      matches: { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
    },
  });
  const [teams, matches, seconds, connections] = [
    values.teams,
    values.matches,
    values.seconds,
    values.connections,
  ].map(Number) as [number, number, number, number];
  const cleanups = new Cleanups();
  try {
    const { courtside, http, companyId } = await startBenchCompany(cleanups, 'bench_reads');
    const base = courtside.url!;
    const seedStarted = performance.now();
    const { ladderId, seasonId, matchId, player } = await seedClub(base, http, companyId, teams, matches);
    console.log(
      `seeded ${teams} teams and ${matches} matches in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
    );

    const routes = [
      ['matches list', `${base}${MATCHES_API}/matches?PAGE=0&COMPLETED=TRUE&TAGS=${seasonId}`],
      ['standings', `${base}${LADDER_API}/ladders/${ladderId}/standings`],
      ['a match', `${base}${MATCHES_API}/matches/${matchId}`],
    ] as const;
    const signedInHeaders = { cookie: player.http.cookieHeader() };
    const rows: Array<Row & { baseline: number }> = [];
    const load = [loadavg()[0]!];
    for (const [what, url] of routes) {
      // The baseline serves this read's own body (its size decides much of the cost).
      const body = await (await fetch(url)).text();
      const bare = await bareKoa(body);
      const baseline = await measure(`bare Koa, ${body.length} B`, bare.url, {}, seconds, connections);
      await new Promise<void>((resolve) => bare.server.close(() => resolve()));
      rows.push({ ...baseline, baseline: baseline.requestsPerSecond });
      for (const [who, headers] of [
        ['signed out', {}],
        ['signed in', signedInHeaders],
      ] as const) {
        const row = await measure(`${what}, ${who}`, url, headers, seconds, connections);
        rows.push({ ...row, baseline: baseline.requestsPerSecond });
      }
      load.push(loadavg()[0]!);
    }
    console.log(`\nmachine: ${JSON.stringify(machineInfo())}`);
    console.log(
      `load average (1 min) before and after each route: ${load.map((l) => l.toFixed(2)).join(' → ')}`,
    );
    console.log(`${connections} connections, ${seconds} s each\n`);
    console.log('| read | req/s | % of bare Koa (same body) | p50 ms | p99 ms | non-2xx | bytes/answer |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const ratio = ((100 * row.requestsPerSecond) / row.baseline).toFixed(1);
      console.log(
        `| ${row.what} | ${row.requestsPerSecond} | ${ratio} % | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.bytes} |`,
      );
    }
  } finally {
    await cleanups.runAll();
  }
}

await main();
