/**
 * Public reads against a bare Koa baseline:
 *
 *   npm run bench:reads -- [--teams=200] [--matches=2000] [--seconds=10] [--connections=50] [--api-processes=0]
 *
 * Starts Courtside in this process (embedded log; DATABASE_URL's server, else an embedded Postgres), seeds one club
 * over HTTP as people would (a season of `--teams` accepted teams, `--matches` matches of which three in four have a
 * result), then measures with autocannon (in this process, like the server: both share the 2 cores), each for
 * `--seconds`: a bare Koa hello-world serving a body of the matches list's size, and the three reads signed out
 * (the answers everyone gets alike, kept until the read models change) and signed in (built for the caller every
 * time: the query path). Prints req/s, latency p50/p99 and the ratio to bare Koa, with the load average.
 *
 * `--api-processes=N` (N ≥ 1): the reads go to N api processes as deployed (`api/src/main.ts --role=api`, child
 * processes on the same database and embedded log as the courtside here, whose projector keeps them ready), the
 * connections shared out among them: what one more api process buys. 0 (the default): the api in this process.
 * With api processes, bare Koa runs in one process of its own too (`bare-koa-server.ts`), so both sides of the ratio
 * have the same shape: autocannon here, the server in another process.
 *
 * `--reads=match` (any of list, standings, match, comma-separated; all by default) and `--callers=out` (out,
 * visitor: signed out with the anti-forgery cookie of an earlier answer, in)
 * measure only those reads and callers, and
 * `--api-node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof"` starts the api processes with those Node flags: a profile
 * of one read as deployed. `--accept-encoding="br, gzip"` sends that header with every read, as browsers do (bare Koa
 * still answers uncompressed). `--rounds=N` measures bare Koa and the reads N times in turn and prints the median
 * ratio of each read.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Koa from 'koa';
import { HEALTH_PATH, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { startBenchCompany } from './bench-company.ts';
import { seedClub } from './bench-club.ts';
import { startServerProcess } from './server-process.ts';
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

/**
 * One autocannon per url (one per api process), all at the same time, the connections shared out evenly. The req/s
 * of the instances add up; latency is the worst instance's p50 and p99 (not a merged histogram: the instances see
 * the same mix at the same time, and the worst is the side to err on).
 */
async function measure(
  what: string,
  urls: string[],
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Row> {
  const results = await Promise.all(
    urls.map((url, index) =>
      autocannon({
        url,
        connections: Math.floor(connections / urls.length) + (index < connections % urls.length ? 1 : 0),
        duration: seconds,
        headers,
      }),
    ),
  );
  const sum = (pick: (result: autocannon.Result) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const requestsPerSecond = sum((result) => result.requests.average);
  return {
    what,
    requestsPerSecond: Math.round(requestsPerSecond),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: sum((result) => result.non2xx + result.errors + result.timeouts),
    bytes: Math.round(sum((result) => result.throughput.average) / Math.max(requestsPerSecond, 1)),
  };
}

/** The baseline in a child process of its own, as the api processes are (`bare-koa-server.ts`). */
async function bareKoaProcess(body: string): Promise<{ close: () => Promise<void>; url: string }> {
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'bare-koa-')), 'body.json');
  writeFileSync(bodyFile, body);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('bare-koa-server.ts', import.meta.url)), bodyFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare Koa exited with ${code}`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { close, url: `http://127.0.0.1:${port}/` };
}

async function bareKoa(body: string): Promise<{ close: () => Promise<void>; url: string }> {
  const app = new Koa();
  app.use((ctx) => {
    ctx.type = 'application/json';
    ctx.body = body;
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { close, url: `http://127.0.0.1:${address.port}/` };
}

async function main() {
  const { values } = parseArgs({
    options: {
      teams: { type: 'string', default: '200' },
      matches: { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      'api-processes': { type: 'string', default: '0' },
      reads: { type: 'string', default: 'list,standings,match' },
      callers: { type: 'string', default: 'out,in' },
      'accept-encoding': { type: 'string', default: '' },
      'api-node-flags': { type: 'string', default: '' },
      rounds: { type: 'string', default: '1' },
    },
  });
  const [teams, matches, seconds, connections, apiProcesses, rounds] = [
    values.teams,
    values.matches,
    values.seconds,
    values.connections,
    values['api-processes'],
    values.rounds,
  ].map(Number) as [number, number, number, number, number, number];
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number from 1');
  if (!Number.isInteger(apiProcesses) || apiProcesses < 0 || apiProcesses > connections)
    throw new Error('--api-processes must be a whole number from 0 to --connections');
  const cleanups = new Cleanups();
  try {
    const { courtside, http, companyId, databaseUrl } = await startBenchCompany(cleanups, 'bench_reads');
    const base = courtside.url!;
    const seedStarted = performance.now();
    const { ladderId, seasonId, matchId, player } = await seedClub(base, http, companyId, teams, matches);
    console.log(
      `seeded ${teams} teams and ${matches} matches in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
    );

    // The servers the reads go to: this process's api, or N api processes as deployed (one after another: each
    // runs the migrations it needs on start; the projector here keeps their readiness).
    const servers: string[] = apiProcesses === 0 ? [base] : [];
    for (let index = 0; index < apiProcesses; index++) {
      const env = { NODE_ENV: 'development', DATABASE_URL: databaseUrl, KAFKA_BROKERS: '' };
      const nodeFlags = values['api-node-flags'].split(' ').filter(Boolean);
      servers.push((await startServerProcess(cleanups, env, nodeFlags, 'api')).url);
    }
    const servedBy = apiProcesses === 0 ? 'in-process' : String(apiProcesses);
    const urlsOf = (path: string) => servers.map((server) => `${server}${path}`);

    const reads = new Set(values.reads.split(','));
    const routes = (
      [
        ['list', 'matches list', `${MATCHES_API}/matches?PAGE=0&COMPLETED=TRUE&TAGS=${seasonId}`],
        ['standings', 'standings', `${LADDER_API}/ladders/${ladderId}/standings`],
        ['match', 'a match', `${MATCHES_API}/matches/${matchId}`],
        // DESIGN.md §11: a player's page read, ratings and record.
        ['player', 'a player', `${LADDER_API}/players/${player.id}`],
      ] as const
    )
      .filter(([key]) => reads.has(key))
      .map(([, what, path]) => [what, path] as const);
    if (routes.length === 0) throw new Error('--reads names none of list, standings, match, player');
    const encoding: Record<string, string> = values['accept-encoding']
      ? { 'accept-encoding': values['accept-encoding'] }
      : {};
    const signedInHeaders = { ...encoding, cookie: player.http.cookieHeader() };
    // A returning visitor (a browser, a club's TV screen) sends back the anti-forgery cookie its first answer set,
    // so it is not given a new one with every answer (DESIGN.md §1: only "a client that has none" gets one).
    const firstVisit = await fetch(`${base}${HEALTH_PATH}`);
    await firstVisit.arrayBuffer();
    const visitorCookie = firstVisit.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!.trim())
      .join('; ');
    const callerKeys = new Set(values.callers.split(','));
    const callers = (
      [
        ['out', 'signed out', encoding],
        ['visitor', 'signed out, returning', { ...encoding, cookie: visitorCookie }],
        ['in', 'signed in', signedInHeaders],
      ] as const
    )
      .filter(([key]) => callerKeys.has(key))
      .map(([, who, headers]) => [who, headers] as const);
    if (callers.length === 0) throw new Error('--callers names none of out, visitor, in');
    // A fresh process has a cold JIT and empty answer caches, where this process's api warmed up while seeding:
    // one second per read and caller first, not counted.
    if (apiProcesses > 0)
      for (const [, path] of routes)
        for (const [, headers] of callers) await measure('warm-up', urlsOf(path), headers, 1, connections);
    const rows: Array<Row & { baseline: number; servedBy: string }> = [];
    const load = [loadavg()[0]!];
    // With --rounds=N, bare Koa and the reads take turns N times: the machine's speed drifts by ±20 % from one
    // minute to the next, so each ratio is against the baseline just before it, and the median ratio is printed.
    for (let round = 1; round <= rounds; round++)
      for (const [what, path] of routes) {
        // The baseline serves this read's own body (its size decides much of the cost), in a process like the api's.
        const body = await (await fetch(`${base}${path}`)).text();
        const bare = apiProcesses === 0 ? await bareKoa(body) : await bareKoaProcess(body);
        let baseline: Row;
        try {
          baseline = await measure(`bare Koa, ${body.length} B`, [bare.url], {}, seconds, connections);
        } finally {
          await bare.close();
        }
        rows.push({ ...baseline, baseline: baseline.requestsPerSecond, servedBy: '–' });
        for (const [who, headers] of callers) {
          const row = await measure(`${what}, ${who}`, urlsOf(path), headers, seconds, connections);
          rows.push({ ...row, baseline: baseline.requestsPerSecond, servedBy });
        }
        load.push(loadavg()[0]!);
      }
    console.log(`\nmachine: ${JSON.stringify(machineInfo())}`);
    console.log(
      `load average (1 min) before and after each route: ${load.map((l) => l.toFixed(2)).join(' → ')}`,
    );
    console.log(`${connections} connections, ${seconds} s each`);
    console.log(
      apiProcesses === 0
        ? 'served by the api in this process (bare Koa too)\n'
        : `served by ${apiProcesses} api process(es) (api/src/main.ts --role=api), ${connections} connections shared out; bare Koa in a process of its own\n`,
    );
    console.log(
      '| read | api processes | req/s | % of bare Koa (same body) | p50 ms | p99 ms | non-2xx | bytes/answer |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const ratio = ((100 * row.requestsPerSecond) / row.baseline).toFixed(1);
      console.log(
        `| ${row.what} | ${row.servedBy} | ${row.requestsPerSecond} | ${ratio} % | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.bytes} |`,
      );
    }
    if (rounds > 1) {
      console.log(`\nmedian of ${rounds} rounds, % of the bare Koa just before:`);
      const ratios = new Map<string, number[]>();
      for (const row of rows.filter((measured) => measured.servedBy !== '–'))
        ratios.set(row.what, [...(ratios.get(row.what) ?? []), (100 * row.requestsPerSecond) / row.baseline]);
      for (const [what, measured] of ratios) {
        const sorted = measured.sort((a, b) => a - b);
        const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
        console.log(`- ${what}: ${median.toFixed(1)} % (${sorted.map((r) => r.toFixed(1)).join(', ')})`);
      }
    }
  } finally {
    await cleanups.runAll();
  }
}

await main();
