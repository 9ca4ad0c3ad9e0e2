/**
 * Commands on Kafka in the deployment shape: a projector process, N api processes and this process as
 * the load generator, each a process of its own as deployed (DESIGN.md §1), with Kafka's own produce → consume
 * latency at the same rate, in the same run, as the baseline.
 *
 *   node --import tsx bench/src/commands-deployed.ts [--rates=100,500,1000] [--seconds=20] [--api-processes=1]
 *        [--companies=100] [--warmup=200] [--json=out.json] [--records=/tmp/commands]
 *        [--node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof"]
 *
 * Per rate: a fresh database and topic; the projector starts, then the api processes (tests/support/
 * courtside-process.ts, with the tests' notes module: `POST …/test/companies/{id}/notes` → the push `note.written`
 * to `ladder:{id}`); one socket.io client on the first api process subscribes to every company's room (every api
 * process emits every push to its own sockets); first the Kafka baseline at the rate, then warm-up commands, then
 * `rate` commands per second open loop, round robin over the api processes and the companies, each timed from when
 * it was due to its push. Postgres: DATABASE_URL, else embedded; Kafka: KAFKA_BROKERS, else a local broker.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Pool } from 'undici';
import { measureKafkaRoundTrip, type KafkaRoundTrip } from './kafka-round-trip.ts';
import { commandHeaders, listenForNotes } from './note-commands.ts';
import { drain, sendOpenLoop } from './open-loop.ts';
import {
  Cleanups,
  startKafka,
  startPostgres,
  withTimeout,
  type KafkaService,
  type PostgresServer,
} from './services.ts';
import { round, summarize, type Summary } from './stats.ts';
import { cpuSecondsOf, descendantsCpu, machineInfo, systemCpu } from './system.ts';

const courtsideProcess = fileURLToPath(new URL('../../tests/support/courtside-process.ts', import.meta.url));
/** The event log's defaults (eventlog/src/log/kafka.ts): the baseline uses the same. */
const LOG_PARTITIONS = 3;
const LOG_MAX_WAIT_MS = 50;

interface Options {
  rates: number[];
  seconds: number;
  apiProcesses: number;
  companies: number;
  warmup: number;
  json?: string;
  /** Write every measured command to `<records>.<rate>.json`. */
  records?: string;
  /** Node flags of the api and projector processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
  nodeFlags: string[];
}

interface CommandRecord {
  text: string;
  dueAt: number;
  sentAt?: number;
  answeredAt?: number;
  status?: number;
  error?: string;
  pushAt?: number;
}

interface RateResult {
  rate: number;
  commands: number;
  completed: number;
  completedPerSecond: number;
  status: Record<string, number>;
  pushesMissing: number;
  errorSamples: string[];
  /** Due → push: with any lateness of the sender (coordinated omission corrected). */
  pushFromDueMs?: Summary;
  httpMs?: Summary;
  /** 503 answers alone: how fast a shed command is told. */
  sheddedHttpMs?: Summary;
  kafka: KafkaRoundTrip;
  cpuPercentOfOneCore: Record<string, number>;
  /** CPU of every process but the load generator (api, projector, Kafka, the database's Postgres backends) per completed command. */
  cpuMsPerCommand: number | undefined;
  machineBusyPercent?: number;
  loadAverage: { before: number; after: number };
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      rates: { type: 'string', default: '100,500,1000' },
      seconds: { type: 'string', default: '20' },
      'api-processes': { type: 'string', default: '1' },
      companies: { type: 'string', default: '100' },
      warmup: { type: 'string', default: '200' },
      json: { type: 'string' },
      records: { type: 'string' },
      'node-flags': { type: 'string', default: '' },
    },
    strict: true,
  });
  const number = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new Error(`--${name} must be a number in [${min}, ${max}], not ${text}`);
    return value;
  };
  return {
    rates: values.rates.split(',').map((rate) => number('rates', rate, 1, 10_000)),
    seconds: number('seconds', values.seconds, 1, 600),
    apiProcesses: Math.floor(number('api-processes', values['api-processes'], 1, 8)),
    companies: Math.floor(number('companies', values.companies, 1, 10_000)),
    warmup: Math.floor(number('warmup', values.warmup, 0, 100_000)),
    json: values.json,
    records: values.records,
    nodeFlags: values['node-flags'].split(' ').filter(Boolean),
  };
}

/** Courtside in a process of its own with a role; resolves with its URL once it serves (or, projector, projects). */
async function startRole(
  cleanups: Cleanups,
  role: 'api' | 'projector',
  env: Record<string, string>,
  nodeFlags: string[],
): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(courtsideProcess, [], {
    execArgv: [...nodeFlags, '--import', 'tsx'],
    env: { ...process.env, ...env, COURTSIDE_ROLE: role },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.add(`stop the ${role} process`, async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await withTimeout(exited, 20_000, `${role} stop`).catch(() => child.kill('SIGKILL'));
  });
  const [message] = (await withTimeout(
    Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`the ${role} process exited with ${String(code)}`);
      }),
    ]),
    120_000,
    `starting the ${role}`,
  )) as [{ url: string }];
  return { url: message.url, child };
}

async function runRate(
  rate: number,
  options: Options,
  postgres: PostgresServer,
  kafka: KafkaService,
  cleanups: Cleanups,
): Promise<RateResult> {
  const local = new Cleanups();
  const stopLocal = cleanups.add(`stop the run at ${rate}/s`, () => local.runAll());
  try {
    const env = {
      DATABASE_URL: await postgres.createDatabase('bench_commands'),
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_TOPIC: `courtside.bench.${randomUUID().slice(0, 8)}`,
    };
    // The projector first: it creates the read models the api processes read.
    const projector = await startRole(local, 'projector', env, options.nodeFlags);
    const apis: Array<{ url: string; child: ChildProcess }> = [];
    for (let i = 0; i < options.apiProcesses; i++)
      apis.push(await startRole(local, 'api', env, options.nodeFlags));

    const companyIds = Array.from({ length: options.companies }, () => randomUUID());
    const byText = new Map<string, CommandRecord>();
    const socket = await listenForNotes(apis[0]!.url, companyIds, (text, at) => {
      const record = byText.get(text);
      if (record && record.pushAt === undefined) record.pushAt = at;
    });
    local.add('close the socket', () => socket.close());
    // The anti-forgery secret is shared by every api process (through Postgres): one cookie serves them all.
    const headers = await commandHeaders(apis[0]!.url);

    // One client per api process, with as many connections as requests in flight (open loop: never a queue here).
    const clients = apis.map((api) => new Pool(api.url));
    local.add('close the HTTP clients', () => Promise.all(clients.map((client) => client.close())));
    const runId = randomUUID().slice(0, 8);
    const runPhase = async (label: string, count: number) => {
      const records: CommandRecord[] = [];
      await sendOpenLoop(rate, count, async (seq, dueAt) => {
        const record: CommandRecord = { text: `bench ${runId} ${label} ${seq}`, dueAt };
        byText.set(record.text, record);
        records.push(record);
        const path = `/webapps/api/test/companies/${companyIds[seq % companyIds.length]}/notes`;
        record.sentAt = performance.now();
        try {
          // undici's own client: fetch() cost the load generator twice the CPU on these shared cores.
          const response = await clients[seq % clients.length]!.request({
            method: 'POST',
            path,
            headers,
            body: JSON.stringify({ text: record.text }),
            signal: AbortSignal.timeout(10_000),
          });
          const body = await response.body.text();
          record.status = response.statusCode;
          if (response.statusCode !== 201 && response.statusCode !== 202)
            record.error = `HTTP ${response.statusCode}: ${body.slice(0, 200)}`;
        } catch (error) {
          record.status = 0;
          record.error = String(error);
        }
        record.answeredAt = performance.now();
      });
      await drain(() => records.some((r) => accepted(r) && r.pushAt === undefined), 15);
      return records;
    };

    console.error(`  ${rate}/s: Kafka's own round trip for ${options.seconds} s ...`);
    const kafkaRoundTrip = await measureKafkaRoundTrip({
      brokers: kafka.brokers,
      rate,
      seconds: options.seconds,
      partitions: LOG_PARTITIONS,
      maxWaitTimeInMs: LOG_MAX_WAIT_MS,
    });
    console.error(`  ${rate}/s: ${options.warmup} warm-up commands ...`);
    await runPhase('warmup', options.warmup);

    const pids = {
      projector: projector.child.pid!,
      ...Object.fromEntries(apis.map((api, i) => [`api ${i + 1}`, api.child.pid!])),
    };
    const loadBefore = loadavg()[0]!;
    const backendsBefore = await backendsOf(env.DATABASE_URL);
    const cpuBefore = cpuOf([...Object.values(pids), ...backendsBefore]);
    const childrenBefore = descendantsCpu();
    const selfBefore = process.cpuUsage();
    const systemBefore = systemCpu();
    const wallBefore = performance.now();
    console.error(`  ${rate}/s: ${Math.round(rate * options.seconds)} commands ...`);
    const records = await runPhase('run', Math.round(rate * options.seconds));
    // Each command as [due (ms from the start), answered after, pushed after (ms from due), status]: when the slow
    // ones came (together, or spread out) says more than a percentile.
    if (options.records)
      await writeFile(
        `${options.records}.${rate}.json`,
        JSON.stringify(
          records.map((r) => [
            r.dueAt - wallBefore,
            r.answeredAt! - r.dueAt,
            (r.pushAt ?? NaN) - r.dueAt,
            r.status,
          ]),
        ),
      );
    const wallSeconds = (performance.now() - wallBefore) / 1000;
    const backends = [...new Set([...backendsBefore, ...(await backendsOf(env.DATABASE_URL))])];
    const cpuAfter = cpuOf([...Object.values(pids), ...backends]);
    const childrenAfter = descendantsCpu();
    const self = process.cpuUsage(selfBefore);
    const systemAfter = systemCpu();

    const percent = (seconds: number) => round((seconds / wallSeconds) * 100, 1);
    const cpuPercentOfOneCore: Record<string, number> = {
      'load generator (this process)': percent((self.user + self.system) / 1e6),
    };
    for (const [name, pid] of Object.entries(pids))
      cpuPercentOfOneCore[name] = percent((cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0));
    // Postgres is the machine's (not a child): its backends serving the bench's database; a backend that ended
    // during the run counts as 0, one that began counts whole.
    cpuPercentOfOneCore["Postgres (the database's backends)"] = percent(
      backends.reduce((sum, pid) => sum + (cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0), 0),
    );
    // Other children by command name (the Kafka JVM), less the courtside processes. An embedded Postgres is a child
    // too: its backends are counted above, so its processes are not counted again here.
    for (const [comm, seconds] of childrenAfter) {
      if (comm === 'node' || comm === 'MainThread') continue;
      if (comm === 'postgres' && backends.length > 0) continue;
      const used = seconds - (childrenBefore.get(comm) ?? 0);
      if (used > 0) cpuPercentOfOneCore[comm] = percent(used);
    }
    const status: Record<string, number> = {};
    for (const record of records) {
      const key = record.status ? String(record.status) : 'no answer';
      status[key] = (status[key] ?? 0) + 1;
    }
    const completed = records.filter((r) => accepted(r) && r.pushAt !== undefined);
    const serverPercent = Object.entries(cpuPercentOfOneCore)
      .filter(([name]) => name !== 'load generator (this process)')
      .reduce((sum, [, value]) => sum + value, 0);
    const firstSent = Math.min(...records.map((r) => r.sentAt ?? Number.POSITIVE_INFINITY));
    const lastDone = Math.max(...completed.map((r) => Math.max(r.pushAt!, r.answeredAt!)), firstSent);
    return {
      rate,
      commands: records.length,
      completed: completed.length,
      completedPerSecond: completed.length ? round(completed.length / ((lastDone - firstSent) / 1000), 1) : 0,
      status,
      pushesMissing: records.filter((r) => accepted(r) && r.pushAt === undefined).length,
      errorSamples: [...new Set(records.flatMap((r) => (r.error ? [r.error] : [])))].slice(0, 5),
      pushFromDueMs: summarize(completed.map((r) => r.pushAt! - r.dueAt)),
      httpMs: summarize(records.flatMap((r) => (r.status ? [r.answeredAt! - r.sentAt!] : []))),
      sheddedHttpMs: summarize(records.flatMap((r) => (r.status === 503 ? [r.answeredAt! - r.sentAt!] : []))),
      kafka: kafkaRoundTrip,
      cpuPercentOfOneCore,
      cpuMsPerCommand: completed.length
        ? round(((serverPercent / 100) * wallSeconds * 1000) / completed.length, 2)
        : undefined,
      machineBusyPercent:
        systemBefore && systemAfter && systemAfter.total > systemBefore.total
          ? round(
              ((systemAfter.busy - systemBefore.busy) / (systemAfter.total - systemBefore.total)) * 100,
              1,
            )
          : undefined,
      loadAverage: { before: round(loadBefore), after: round(loadavg()[0]!) },
    };
  } finally {
    await stopLocal();
  }
}

/** The Postgres backends (process ids) serving the bench's database, the query's own left out. */
async function backendsOf(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** CPU seconds of each process by pid; one that is gone counts as 0. */
function cpuOf(pids: readonly number[]): Map<number, number> {
  return new Map(
    pids.map((pid) => {
      try {
        return [pid, cpuSecondsOf(pid)];
      } catch {
        return [pid, 0];
      }
    }),
  );
}

const accepted = (record: CommandRecord) => record.status === 201 || record.status === 202;

function formatRow(result: RateResult): string {
  const ms = (summary: Summary | undefined) => (summary ? `${summary.p50} / ${summary.p99}` : '–');
  const status = Object.entries(result.status)
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
  const cpu = Object.entries(result.cpuPercentOfOneCore)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  return (
    `| ${result.rate} | ${result.completedPerSecond} | ${status}; missing pushes ${result.pushesMissing}` +
    `${result.sheddedHttpMs ? `; 503 in ${ms(result.sheddedHttpMs)} ms` : ''} | ` +
    `${ms(result.pushFromDueMs)} (max ${result.pushFromDueMs?.max ?? '–'}) | ${ms(result.httpMs)} | ` +
    `${ms(result.kafka.dueToConsumeMs)} | ${ms(result.kafka.produceAckMs)} | ${cpu} | ${result.cpuMsPerCommand ?? '–'} | ` +
    `${result.machineBusyPercent ?? '–'} % | ${result.loadAverage.before} → ${result.loadAverage.after} |`
  );
}

async function main() {
  const options = parseOptions();
  const cleanups = new Cleanups();
  process.once('SIGINT', () => void cleanups.runAll().finally(() => process.exit(130)));
  const results: RateResult[] = [];
  try {
    const [postgres, kafka] = await Promise.all([startPostgres(cleanups), startKafka(cleanups)]);
    const machine = machineInfo();
    console.log(`machine: ${machine.cpus} × ${machine.cpuModel}, load ${machine.loadAverage.join(' ')}`);
    console.log(
      `Postgres: ${postgres.origin}; Kafka: ${kafka.origin}; api processes: ${options.apiProcesses}`,
    );
    for (const rate of options.rates) {
      const result = await runRate(rate, options, postgres, kafka, cleanups);
      results.push(result);
      if (result.errorSamples.length) console.error(`  errors: ${result.errorSamples.join(' | ')}`);
    }
    console.log(
      '\n| offered /s | completed /s | answers | push p50 / p99 ms (from due) | HTTP p50 / p99 ms | ' +
        'Kafka alone: due → consumed p50 / p99 | Kafka ack p50 / p99 | CPU % of one core | ' +
        'CPU ms per command, all but the load generator | machine busy | load |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const result of results) console.log(formatRow(result));
    console.log(`\n${availableParallelism()} cores; CPU figures are per process over the measured phase.`);
    if (options.json)
      await writeFile(options.json, `${JSON.stringify({ machine, options, results }, null, 2)}\n`);
  } finally {
    await cleanups.runAll();
  }
}

await main();
