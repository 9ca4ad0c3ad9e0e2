/**
 * How fast `npm run replay -- --verify` rebuilds the read models:
 *
 *   npm run bench:replay -- [--teams=60] [--matches=1500] [--runs=2] [--seed=http|log] [--clubs=10] [--live-points=20]
 *        [--statements] [--cli] [--cli-modes=bundle,build,tsx] [--cli-node-flags='--cpu-prof --cpu-prof-dir=/tmp/p']
 *
 * Starts Courtside in this process (embedded log; DATABASE_URL's server, else an embedded Postgres), seeds a club
 * over HTTP (`bench-club.ts`), or with `--seed=log` writes `--clubs` clubs of that size straight to the log
 * (`bench-log.ts`: for logs of a size that HTTP would take an hour to seed), waits for the live read models, then
 * runs the replay with verification (folded in memory and copied, the projector's statements for the rest, every
 * table compared with the live one; `--statements`: the statements alone) `--runs` times and prints events per
 * second of the rebuild, with the load average. The live api and projector stay up but idle meanwhile.
 */
import { loadavg } from 'node:os';
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { productEvents } from '@courtside/events/catalog';
import { EventRegistry } from '@courtside/events/event-registry';
import { productProjections } from '@courtside/projector/catalog';
import { rebuildInMemory } from '@courtside/projector/rebuild/in-memory-rebuild';
import { replay } from '@courtside/projector/replay';
import { createReadModelSchema } from '@courtside/projector/read-model-schema';
import { seedClub } from './bench-club.ts';
import { appendClubs } from './bench-log.ts';
import { startBenchCompany } from './bench-company.ts';
import { Cleanups } from './services.ts';
import { machineInfo } from './system.ts';

const registry = new EventRegistry(productEvents);

/** Waits until the live read models stand at the log's head: a replay with verify is timed from there. */
async function projectedUpTo(databaseUrl: string, schema: string, events: number): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (;;) {
      const { rows } = await db.query<{ applied: string }>(
        `SELECT coalesce(sum(next_offset), 0) AS applied FROM ${schema}.checkpoints`,
      );
      if (Number(rows[0]!.applied) >= events) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await db.end();
  }
}

const execFileAsync = promisify(execFile);
/**
 * --cli-modes: how the replay's process runs: `bundle` as `npm run replay` does (the bundle of the sources as they
 * are), `build` the same with the bundles removed first (the first run after a change pays the build), `tsx` the
 * TypeScript sources through tsx (as the npm script did before the bundle).
 */
const cliModes = {
  bundle: ['projector/scripts/run-tool.mjs', 'replay-cli'],
  build: ['projector/scripts/run-tool.mjs', 'replay-cli'],
  tsx: ['--import', 'tsx', 'projector/src/replay-cli.ts'],
};
/** The bench's log is the embedded one: the replay reads it, not a broker named in the environment. */
const withoutKafka = ({ KAFKA_BROKERS: _, ...env }: NodeJS.ProcessEnv) => env;

async function main() {
  const { values } = parseArgs({
    options: {
      teams: { type: 'string', default: '60' },
      matches: { type: 'string', default: '1500' },
      runs: { type: 'string', default: '2' },
      seed: { type: 'string', default: 'http' },
      clubs: { type: 'string', default: '10' },
      'live-points': { type: 'string', default: '20' },
      statements: { type: 'boolean', default: false },
      cli: { type: 'boolean', default: false },
      'cli-modes': { type: 'string', default: 'bundle' },
      'cli-node-flags': { type: 'string', default: '' },
    },
  });
  if (values.seed !== 'http' && values.seed !== 'log') throw new Error('--seed is http or log');
  const cleanups = new Cleanups();
  try {
    const { courtside, databaseUrl, http, companyId } = await startBenchCompany(cleanups, 'bench_replay');
    const [teams, matches] = [Number(values.teams), Number(values.matches)];
    if (values.seed === 'http') await seedClub(courtside.url!, http, companyId, teams, matches);
    else
      await appendClubs(courtside.log, registry, {
        clubs: Number(values.clubs),
        teams,
        matches,
        livePoints: Number(values['live-points']),
      });
    const head = await courtside.log.head();
    const events = Object.values(head).reduce((sum, offset) => sum + offset, 0);
    await projectedUpTo(databaseUrl, courtside.readModelSchema, events);
    console.log(`machine: ${JSON.stringify(machineInfo())}`);
    // The fresh schema (its migrations in one query) is part of every replay but not of applying events: timed alone.
    const probe = `${courtside.readModelSchema}_probe`;
    const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    await db.query('SELECT 1');
    const setupStarted = performance.now();
    await createReadModelSchema(db, probe, productProjections);
    const setup = (performance.now() - setupStarted) / 1000;
    await db.query(`DROP SCHEMA ${probe} CASCADE`);
    await db.end();
    console.log(`creating the read-model schema (its migrations in one query): ${setup.toFixed(2)} s`);
    // --cli: `npm run replay -- --verify` as an operator runs it, a process of its own, start-up included (on a
    // small club's log its fixed cost is most of it); each run runs every one of --cli-modes in turn.
    if (values.cli) {
      const modes = values['cli-modes'].split(',');
      if (modes.some((mode) => !(mode in cliModes))) throw new Error(`--cli-modes: ${Object.keys(cliModes)}`);
      for (let run = 1; run <= Number(values.runs); run++) {
        for (const mode of modes as (keyof typeof cliModes)[]) {
          if (mode === 'build') rmSync('projector/dist/tools', { recursive: true, force: true });
          const load = loadavg()[0]!;
          const started = performance.now();
          // Its processor time too, where GNU time is at hand: at a high load the wall clock is mostly waiting.
          const nodeFlags = values['cli-node-flags'].split(' ').filter(Boolean);
          const command = [process.execPath, ...nodeFlags, ...cliModes[mode], '--verify'];
          const timed = existsSync('/usr/bin/time')
            ? ['/usr/bin/time', '-f', 'cpu %U+%S s', ...command]
            : command;
          const { stdout, stderr } = await execFileAsync(timed[0]!, timed.slice(1), {
            env: { ...withoutKafka(process.env), DATABASE_URL: databaseUrl },
          });
          const seconds = (performance.now() - started) / 1000;
          if (stderr.trim()) console.log(stderr.trim());
          console.log(
            `cli run ${run} (${mode}): ${events} events, \`npm run replay -- --verify\` took ${seconds.toFixed(2)} s = ` +
              `${Math.round(events / seconds)} events/s; ${stdout.trim().split('\n').at(-1)}; ` +
              `load average ${load.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
          );
        }
      }
      return;
    }
    for (let run = 1; run <= Number(values.runs); run++) {
      const load = loadavg()[0]!;
      // The bench process's resident memory, sampled while the replay runs (it also holds the idle live api).
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
      const started = performance.now();
      const report = await replay({
        databaseUrl,
        log: courtside.log,
        registry,
        projections: productProjections,
        liveSchema: courtside.readModelSchema,
        targetSchema: `${courtside.readModelSchema}_bench_${run}`,
        verify: true,
        logger: pino({ level: 'warn' }),
        // --statements: the projector's statements alone, as before the in-memory rebuild (to compare)
        ...(values.statements ? {} : { inMemory: rebuildInMemory }),
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
      console.log(
        `run ${run}: ${events} events rebuilt and verified in ${seconds.toFixed(2)} s = ` +
          `${Math.round(events / seconds)} events/s (without the schema's creation: ` +
          `${Math.round(events / (seconds - setup))} events/s); identical: ${report.identical}; ` +
          (report.inMemory
            ? `folded in memory and copied: ${report.inMemory.events} events in ${report.inMemory.seconds.toFixed(3)} s = ` +
              `${Math.round(report.inMemory.events / report.inMemory.seconds)} events/s; `
            : '') +
          `memory ${mib(rssBefore)} → peak ${mib(rssPeak)}; ` +
          `load average ${load.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
      );
      if (!report.identical) {
        console.log(`different: ${JSON.stringify(report.tables?.filter((table) => !table.identical))}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await cleanups.runAll();
  }
}

await main();
