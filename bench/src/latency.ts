/**
 * Latency from an HTTP command to its socket.io push, on the Kafka log and on the embedded log.
 *
 *   node --import tsx bench/src/latency.ts [--log=kafka|embedded|both] [--rate=100] [--seconds=30]
 *        [--warmup=100] [--companies=10] [--json=out.json] [--drain-seconds=15] [--log-level=warn]
 *
 * Per log kind: start Postgres (DATABASE_URL or embedded) and Kafka (KAFKA_BROKERS or a local broker), start api
 * and projector in this process with the tests' notes module, subscribe one socket.io client to the rooms of all
 * companies, warm up, then send `rate` commands per second open-loop (each send is due at start + i/rate, whatever
 * the earlier ones are doing) for `seconds`, and time each command from just before its HTTP request to the
 * arrival of its push. See bench/README.md.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startCourtside, type RunningCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import type { EventEnvelope } from '@courtside/events/envelope';
import { notesModule } from '../../tests/spine/notes-module.ts';
import {
  installQueryProfile,
  observeQueries,
  queryStats,
  resetQueryProfile,
  type QueryStat,
} from './pg-profile.ts';
import {
  Cleanups,
  startKafka,
  startPostgres,
  withTimeout,
  type KafkaService,
  type PostgresServer,
} from './services.ts';
import {
  estimateQuantile,
  parseHistogram,
  round,
  subtractHistogram,
  summarize,
  type Summary,
} from './stats.ts';
import { descendantsCpu, machineInfo, systemCpu, type MachineInfo } from './system.ts';
import { commandHeaders, listenForNotes } from './note-commands.ts';
import { drain, sendOpenLoop } from './open-loop.ts';

type LogKind = 'kafka' | 'embedded';

interface Options {
  logs: LogKind[];
  rate: number;
  seconds: number;
  warmup: number;
  companies: number;
  json?: string;
  drainSeconds: number;
  logLevel: string;
  httpTimeoutMs: number;
}

const TARGET = { p50: 15, p99: 50 };

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      log: { type: 'string', default: 'both' },
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '100' },
      companies: { type: 'string', default: '10' },
      json: { type: 'string' },
      'drain-seconds': { type: 'string', default: '15' },
      'log-level': { type: 'string', default: 'warn' },
      'http-timeout-ms': { type: 'string', default: '10000' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: node --import tsx bench/src/latency.ts [--log=kafka|embedded|both] [--rate=100] [--seconds=30]\n' +
        '       [--warmup=100] [--companies=10] [--json=out.json] [--drain-seconds=15] [--log-level=warn]',
    );
    process.exit(0);
  }
  const logs: LogKind[] =
    values.log === 'both'
      ? ['kafka', 'embedded']
      : values.log === 'kafka' || values.log === 'embedded'
        ? [values.log]
        : [];
  if (logs.length === 0) throw new Error(`--log must be kafka, embedded or both, not ${values.log}`);
  const positive = (name: string, text: string, max: number) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0 || value > max)
      throw new Error(`--${name} must be a number in (0, ${max}]`);
    return value;
  };
  return {
    logs,
    rate: positive('rate', values.rate, 5_000),
    seconds: positive('seconds', values.seconds, 3_600),
    warmup: values.warmup === '0' ? 0 : Math.floor(positive('warmup', values.warmup, 100_000)),
    companies: Math.floor(positive('companies', values.companies, 1_000)),
    json: values.json,
    drainSeconds: positive('drain-seconds', values['drain-seconds'], 600),
    logLevel: values['log-level'],
    httpTimeoutMs: positive('http-timeout-ms', values['http-timeout-ms'], 120_000),
  };
}

/** One command's life, all times from performance.now() (ms). */
interface CommandRecord {
  seq: number;
  companyId: string;
  text: string;
  dueAt: number;
  sentAt?: number;
  httpDoneAt?: number;
  status?: number;
  error?: string;
  noteId?: string;
  pushAt?: number;
  /** Inside the api: log.append() called and settled. */
  appendStartAt?: number;
  appendDoneAt?: number;
  /** The command's pg_advisory_xact_lock on its company was sent / granted. */
  lockSentAt?: number;
  lockGrantedAt?: number;
  /** The decide query (duplicate check) was sent: after the catch-up wait. */
  decideAt?: number;
  /** The projector sent its INSERT of this note (the log delivered the event to it). */
  projectedAt?: number;
}

interface PhaseSummaries {
  /** Sent → the api asks Postgres for the company lock (HTTP, routing, parsing, a pool connection, BEGIN). */
  sendToLock?: Summary;
  /** Waiting for the company's advisory lock (earlier commands of the same company). */
  lockWait?: Summary;
  /** Lock granted → decide query: SET LOCAL, log.head(), and the catch-up wait for the partition's head. */
  lockToDecide?: Summary;
  /** HTTP request in, advisory lock, log.head(), catch-up wait, decide query → log.append() called. */
  sendToAppend?: Summary;
  /** log.append(): the produce to Kafka (acks=all) or the embedded log's insert transaction. */
  append?: Summary;
  /** Appended → the projector issues its INSERT: delivery by the log (Kafka fetch / embedded LISTEN + SELECT). */
  appendToProjector?: Summary;
  /** Projector INSERT → the push arrives: rest of the projector transaction, COMMIT + NOTIFY, outbox read, emit. */
  projectorToPush?: Summary;
  /** Appended → HTTP answer in the client: wait for the projection, COMMIT of the command, response. */
  appendToHttp?: Summary;
  /** Push arrived → HTTP answer arrived (negative: the answer came first). */
  pushToHttp?: Summary;
}

interface RunResult {
  log: LogKind;
  logOrigin: string;
  kafkaTopic?: string;
  rate: number;
  seconds: number;
  companies: number;
  warmupCommands: number;
  commands: number;
  completed: number;
  status: { '201': number; '202': number; other: number; failed: number };
  errors: number;
  pushesMissing: number;
  pushesUnmatched: number;
  errorSamples: string[];
  /** Completed commands / (last completion − first send), seconds. */
  throughputPerSecond: number;
  offeredPerSecond: number;
  pushLatencyMs?: Summary;
  /** The same, counted from when the command was due (includes any lateness of the sender). */
  pushLatencyFromScheduleMs?: Summary;
  httpLatencyMs?: Summary;
  sendLagMs?: Summary;
  phasesMs: PhaseSummaries;
  logHeadMs?: Summary;
  /** Event-loop delay of this process during the measured phase (api, projector and client share the loop). */
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  apiCommandDurationMs: { count: number; mean?: number; p50Estimate?: number; p99Estimate?: number };
  cpu: {
    wallSeconds: number;
    /** This Node process: bench client + api + projector, % of one core. */
    processPercentOfOneCore: number;
    processUserSeconds: number;
    processSystemSeconds: number;
    /** Child processes (Postgres, the Kafka JVM) by command name, % of one core. */
    childrenPercentOfOneCore: Record<string, number>;
    /** Whole machine (all cores, every process, also other users of the machine), % busy. */
    machineBusyPercent?: number;
    /** Machine busy time not used by this process or its children (other users of the machine), % of one core. */
    othersPercentOfOneCore?: number;
  };
  memory: { rssMaxMiB: number; rssEndMiB: number; heapUsedEndMiB: number };
  topQueries: QueryStat[];
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const cleanups = new Cleanups();
  let exiting = false;
  const abort = (why: string, code: number) => {
    if (exiting) return;
    exiting = true;
    console.error(`\n${why}: cleaning up`);
    void cleanups.runAll().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('interrupted', 130));
  process.once('SIGTERM', () => abort('terminated', 143));
  // Bounded in time whatever happens: start-up, warm-up, the run and the drain, per log kind, plus slack.
  const limitMs =
    options.logs.length *
    (240 + options.seconds + options.warmup / options.rate + options.drainSeconds * 2) *
    1000;
  setTimeout(
    () => abort(`the bench did not finish within ${Math.round(limitMs / 1000)} s`, 2),
    limitMs,
  ).unref();

  const profile = installQueryProfile();
  const machine = machineInfo();
  const results: RunResult[] = [];
  let postgres: PostgresServer | undefined;
  let kafka: KafkaService | undefined;
  try {
    const needsKafka = options.logs.includes('kafka');
    console.error(`starting Postgres${needsKafka ? ' and Kafka' : ''} ...`);
    [postgres, kafka] = await Promise.all([
      startPostgres(cleanups),
      needsKafka ? startKafka(cleanups) : undefined,
    ]);
    for (const kind of options.logs) {
      console.error(
        `\n== ${kind} log: ${options.warmup} warm-up commands, then ${options.rate}/s for ${options.seconds} s ==`,
      );
      const result = await runOne(kind, options, postgres, kafka, cleanups, profile);
      results.push(result);
      // An idle broker still costs CPU: stop it once no later run needs it.
      if (kind === 'kafka' && !options.logs.slice(options.logs.indexOf(kind) + 1).includes('kafka'))
        await kafka?.stop();
      console.error(`\n${formatTable([result])}`);
    }
  } finally {
    console.error('\ncleaning up ...');
    await cleanups.runAll();
  }

  const report = {
    generatedAt: new Date().toISOString(),
    command: `node --import tsx bench/src/latency.ts ${process.argv.slice(2).join(' ')}`.trim(),
    machine,
    postgres: postgres && { origin: postgres.origin, version: postgres.version },
    kafka: kafka && { origin: kafka.origin, version: kafka.version },
    target: { log: 'kafka', ...TARGET },
    results,
  };
  console.log(`\n${formatMachine(machine, report.postgres, report.kafka)}\n\n${formatTable(results)}`);
  const verdict = results.find((result) => result.log === 'kafka');
  if (verdict?.pushLatencyMs) {
    const ok = verdict.pushLatencyMs.p50 <= TARGET.p50 && verdict.pushLatencyMs.p99 <= TARGET.p99;
    console.log(
      `\nTarget on Kafka (push p50 <= ${TARGET.p50} ms, p99 <= ${TARGET.p99} ms): ${ok ? 'MET' : 'MISSED'} ` +
        `(p50 ${verdict.pushLatencyMs.p50} ms, p99 ${verdict.pushLatencyMs.p99} ms)`,
    );
  }
  if (options.json) {
    await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`);
    console.error(`wrote ${options.json}`);
  }
  process.exit(0);
}

async function runOne(
  kind: LogKind,
  options: Options,
  postgres: PostgresServer,
  kafka: KafkaService | undefined,
  cleanups: Cleanups,
  profile: ReturnType<typeof installQueryProfile>,
): Promise<RunResult> {
  const local = new Cleanups();
  const stopLocal = cleanups.add(`stop the ${kind} run`, () => local.runAll());
  try {
    const databaseUrl = await postgres.createDatabase(`bench_${kind}`);
    const kafkaTopic = kind === 'kafka' ? `courtside.bench.${randomUUID().slice(0, 8)}` : undefined;
    const courtside: RunningCourtside = await withTimeout(
      startCourtside({
        databaseUrl,
        kafkaBrokers: kind === 'kafka' ? kafka!.brokers : undefined,
        kafkaTopic,
        runApi: true,
        runProjector: true,
        port: 0,
        // No mail server here: development, asked for by name (production would refuse to start without one).
        mode: 'development',
        extraModules: [notesModule],
        logger: createLogger({ level: options.logLevel }),
      }),
      120_000,
      'starting courtside',
    );
    local.add('stop courtside', () => courtside.stop());
    await withTimeout(courtside.projector!.started, 120_000, 'starting the projector');
    const baseUrl = courtside.url!;

    // Timestamps from inside the api (same process): the command's append, by the note's text.
    const byText = new Map<string, CommandRecord>();
    const headDurations: number[] = [];
    let recordingHead = false;
    const log = courtside.log;
    const originalAppend = log.append.bind(log);
    const originalHead = log.head.bind(log);
    log.append = async (companyId: string, events: EventEnvelope[]) => {
      const record = byText.get((events[0]?.payload as { text?: string } | undefined)?.text ?? '');
      if (record) record.appendStartAt = performance.now();
      try {
        return await originalAppend(companyId, events);
      } finally {
        if (record) record.appendDoneAt = performance.now();
      }
    };
    log.head = async () => {
      const started = performance.now();
      try {
        return await originalHead();
      } finally {
        if (recordingHead) headDurations.push(performance.now() - started);
      }
    };
    // A company's lock is granted to one command at a time: remember the latest grant per company and give it to
    // the command whose decide query comes next for that company.
    const lastLock = new Map<string, { sentAt: number; grantedAt?: number }>();
    observeQueries((text, values, at) => {
      if (!values) return;
      if (text.includes('INSERT INTO test_notes')) {
        const record = byText.get(String(values[2]));
        if (record && record.projectedAt === undefined) record.projectedAt = at;
      } else if (text.includes('pg_advisory_xact_lock')) {
        const companyId = String(values[0]).replace(/^courtside\.company\./, '');
        const lock: { sentAt: number; grantedAt?: number } = { sentAt: at };
        return (doneAt) => {
          lock.grantedAt = doneAt;
          lastLock.set(companyId, lock);
        };
      } else if (text.includes('SELECT 1 FROM test_notes')) {
        const record = byText.get(String(values[1]));
        const lock = lastLock.get(String(values[0]));
        if (record) {
          record.decideAt = at;
          record.lockSentAt = lock?.sentAt;
          record.lockGrantedAt = lock?.grantedAt;
        }
      }
    });
    local.add('stop observing queries', () => observeQueries(undefined));

    // One socket.io client, subscribed to every company's room.
    const companyIds = Array.from({ length: options.companies }, () => randomUUID());
    let unmatched = 0;
    const socket = await listenForNotes(baseUrl, companyIds, (text, at) => {
      const record = byText.get(text);
      if (record && record.pushAt === undefined) record.pushAt = at;
      else unmatched++;
    });
    local.add('close the socket', () => socket.close());
    const headers = await commandHeaders(baseUrl);

    const runId = randomUUID().slice(0, 8);
    const send = async (record: CommandRecord) => {
      record.sentAt = performance.now();
      try {
        const response = await fetch(`${baseUrl}/webapps/api/test/companies/${record.companyId}/notes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ text: record.text }),
          signal: AbortSignal.timeout(options.httpTimeoutMs),
        });
        const body = await response.text();
        record.httpDoneAt = performance.now();
        record.status = response.status;
        if (response.status === 201 || response.status === 202)
          record.noteId = (JSON.parse(body) as { id: string }).id;
        else record.error = `HTTP ${response.status}: ${body.slice(0, 200)}`;
      } catch (error) {
        record.httpDoneAt = performance.now();
        record.status = 0;
        record.error = String(error);
      }
    };

    /** Open loop (open-loop.ts), then a bounded wait for the pushes of the accepted commands. */
    const runPhase = async (label: string, count: number): Promise<CommandRecord[]> => {
      const records: CommandRecord[] = [];
      await sendOpenLoop(options.rate, count, (seq, dueAt) => {
        const record: CommandRecord = {
          seq,
          companyId: companyIds[seq % companyIds.length]!,
          text: `bench ${runId} ${label} ${seq}`,
          dueAt,
        };
        byText.set(record.text, record);
        records.push(record);
        return send(record);
      });
      await drain(
        () => records.some((r) => (r.status === 201 || r.status === 202) && r.pushAt === undefined),
        options.drainSeconds,
      );
      return records;
    };

    console.error(`  warming up (${options.warmup} commands) ...`);
    await runPhase('warmup', options.warmup);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const metricsBefore = await scrapeMetrics(baseUrl);
    resetQueryProfile();
    profile.recording = true;
    recordingHead = true;
    unmatched = 0;
    const cpuBefore = process.cpuUsage();
    const childrenBefore = descendantsCpu();
    const systemBefore = systemCpu();
    const wallBefore = performance.now();
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    local.add('stop the event-loop monitor', () => loopDelay.disable());
    let rssMax = process.memoryUsage().rss;
    const rssSampler = setInterval(() => {
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }, 250);
    local.add('stop the RSS sampler', () => clearInterval(rssSampler));

    const total = Math.round(options.rate * options.seconds);
    console.error(`  measuring (${total} commands) ...`);
    const records = await runPhase('run', total);

    const wallSeconds = (performance.now() - wallBefore) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const childrenAfter = descendantsCpu();
    const systemAfter = systemCpu();
    clearInterval(rssSampler);
    loopDelay.disable();
    const eventLoopDelayMs = {
      p50: round(loopDelay.percentile(50) / 1e6),
      p99: round(loopDelay.percentile(99) / 1e6),
      max: round(loopDelay.max / 1e6),
      mean: round(loopDelay.mean / 1e6),
    };
    profile.recording = false;
    recordingHead = false;
    const metricsAfter = await scrapeMetrics(baseUrl);
    const memory = process.memoryUsage();

    const result = analyse(kind, options, records, {
      logOrigin: kind === 'kafka' ? kafka!.origin : 'embedded log (Postgres table)',
      kafkaTopic,
      unmatched,
      headDurations,
      wallSeconds,
      cpu,
      childrenBefore,
      childrenAfter,
      systemBefore,
      systemAfter,
      rssMax,
      memory,
      metricsBefore,
      metricsAfter,
      eventLoopDelayMs,
    });
    return result;
  } finally {
    await stopLocal();
  }
}

async function scrapeMetrics(baseUrl: string): Promise<string> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(5_000) });
    return await response.text();
  } catch {
    return '';
  }
}

function analyse(
  kind: LogKind,
  options: Options,
  records: CommandRecord[],
  context: {
    logOrigin: string;
    kafkaTopic?: string;
    unmatched: number;
    headDurations: number[];
    wallSeconds: number;
    cpu: NodeJS.CpuUsage;
    childrenBefore: Map<string, number>;
    childrenAfter: Map<string, number>;
    systemBefore?: { busy: number; total: number };
    systemAfter?: { busy: number; total: number };
    rssMax: number;
    memory: NodeJS.MemoryUsage;
    metricsBefore: string;
    metricsAfter: string;
    eventLoopDelayMs: RunResult['eventLoopDelayMs'];
  },
): RunResult {
  const status = { '201': 0, '202': 0, other: 0, failed: 0 };
  for (const record of records) {
    if (record.status === 201) status['201']++;
    else if (record.status === 202) status['202']++;
    else if (record.status === 0 || record.status === undefined) status.failed++;
    else status.other++;
  }
  const accepted = records.filter((r) => r.status === 201 || r.status === 202);
  const completed = accepted.filter((r) => r.pushAt !== undefined);
  const pushesMissing = accepted.length - completed.length;
  const errors = status.other + status.failed + pushesMissing;
  const errorSamples = [...new Set(records.filter((r) => r.error).map((r) => r.error!))].slice(0, 5);

  const firstSent = Math.min(...records.map((r) => r.sentAt ?? Number.POSITIVE_INFINITY));
  const lastSent = Math.max(...records.map((r) => r.sentAt ?? 0));
  const lastDone = Math.max(...completed.map((r) => Math.max(r.pushAt!, r.httpDoneAt!)), firstSent);
  const throughput = completed.length > 0 ? completed.length / ((lastDone - firstSent) / 1000) : 0;
  const offered = records.length > 1 ? (records.length - 1) / ((lastSent - firstSent) / 1000) : 0;

  const spans = (
    from: (r: CommandRecord) => number | undefined,
    to: (r: CommandRecord) => number | undefined,
    set = completed,
  ) =>
    summarize(
      set.flatMap((r) => {
        const a = from(r);
        const b = to(r);
        return a === undefined || b === undefined ? [] : [b - a];
      }),
    );

  const histogram = subtractHistogram(
    parseHistogram(context.metricsAfter, 'courtside_command_duration_seconds', { command: 'WriteNote' }),
    parseHistogram(context.metricsBefore, 'courtside_command_duration_seconds', { command: 'WriteNote' }),
  );

  const children: Record<string, number> = {};
  for (const [comm, seconds] of context.childrenAfter) {
    const used = seconds - (context.childrenBefore.get(comm) ?? 0);
    if (used > 0) children[comm] = round((used / context.wallSeconds) * 100, 1);
  }
  const machineBusy =
    context.systemBefore && context.systemAfter && context.systemAfter.total > context.systemBefore.total
      ? round(
          ((context.systemAfter.busy - context.systemBefore.busy) /
            (context.systemAfter.total - context.systemBefore.total)) *
            100,
          1,
        )
      : undefined;
  const mib = (bytes: number) => round(bytes / 1024 ** 2, 1);
  const processPercent = round(
    ((context.cpu.user + context.cpu.system) / 1e6 / context.wallSeconds) * 100,
    1,
  );
  const others =
    machineBusy === undefined
      ? undefined
      : round(
          Math.max(
            0,
            machineBusy * availableParallelism() -
              processPercent -
              Object.values(children).reduce((a, b) => a + b, 0),
          ),
          1,
        );

  return {
    log: kind,
    logOrigin: context.logOrigin,
    kafkaTopic: context.kafkaTopic,
    rate: options.rate,
    seconds: options.seconds,
    companies: options.companies,
    warmupCommands: options.warmup,
    commands: records.length,
    completed: completed.length,
    status,
    errors,
    pushesMissing,
    pushesUnmatched: context.unmatched,
    errorSamples,
    throughputPerSecond: round(throughput, 1),
    offeredPerSecond: round(offered, 1),
    pushLatencyMs: spans(
      (r) => r.sentAt,
      (r) => r.pushAt,
    ),
    pushLatencyFromScheduleMs: spans(
      (r) => r.dueAt,
      (r) => r.pushAt,
    ),
    httpLatencyMs: spans(
      (r) => r.sentAt,
      (r) => r.httpDoneAt,
      records.filter((r) => r.status !== 0),
    ),
    sendLagMs: spans(
      (r) => r.dueAt,
      (r) => r.sentAt,
      records,
    ),
    phasesMs: {
      sendToLock: spans(
        (r) => r.sentAt,
        (r) => r.lockSentAt,
      ),
      lockWait: spans(
        (r) => r.lockSentAt,
        (r) => r.lockGrantedAt,
      ),
      lockToDecide: spans(
        (r) => r.lockGrantedAt,
        (r) => r.decideAt,
      ),
      sendToAppend: spans(
        (r) => r.sentAt,
        (r) => r.appendStartAt,
      ),
      append: spans(
        (r) => r.appendStartAt,
        (r) => r.appendDoneAt,
      ),
      appendToProjector: spans(
        (r) => r.appendDoneAt,
        (r) => r.projectedAt,
      ),
      projectorToPush: spans(
        (r) => r.projectedAt,
        (r) => r.pushAt,
      ),
      appendToHttp: spans(
        (r) => r.appendDoneAt,
        (r) => r.httpDoneAt,
      ),
      pushToHttp: spans(
        (r) => r.pushAt,
        (r) => r.httpDoneAt,
      ),
    },
    logHeadMs: summarize(context.headDurations),
    eventLoopDelayMs: context.eventLoopDelayMs,
    apiCommandDurationMs: {
      count: histogram.count,
      mean: histogram.count > 0 ? round((histogram.sumSeconds / histogram.count) * 1000) : undefined,
      p50Estimate: estimateQuantile(histogram, 0.5),
      p99Estimate: estimateQuantile(histogram, 0.99),
    },
    cpu: {
      wallSeconds: round(context.wallSeconds, 1),
      processPercentOfOneCore: processPercent,
      processUserSeconds: round(context.cpu.user / 1e6),
      processSystemSeconds: round(context.cpu.system / 1e6),
      childrenPercentOfOneCore: children,
      machineBusyPercent: machineBusy,
      othersPercentOfOneCore: others,
    },
    memory: {
      rssMaxMiB: mib(context.rssMax),
      rssEndMiB: mib(context.memory.rss),
      heapUsedEndMiB: mib(context.memory.heapUsed),
    },
    topQueries: queryStats().slice(0, 12),
  };
}

function formatMachine(
  machine: MachineInfo,
  postgres: { origin: string; version: string } | undefined,
  kafka: { origin: string; version: string } | undefined,
): string {
  return [
    `machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryTotalGiB} GiB RAM, ${machine.os}, Node ${machine.node}, load ${machine.loadAverage.join(' ')}`,
    `postgres: ${postgres?.origin ?? '-'}: ${postgres?.version ?? '-'}`,
    `kafka: ${kafka ? `${kafka.origin}: ${kafka.version}` : '-'}`,
  ].join('\n');
}

function formatTable(results: RunResult[]): string {
  const fmt = (summary: Summary | undefined) =>
    summary ? `${summary.p50} / ${summary.p90} / ${summary.p99} / ${summary.max}` : '-';
  const short = (summary: Summary | undefined) => (summary ? `${summary.p50} / ${summary.p99}` : '-');
  const rows: Array<[string, (r: RunResult) => string]> = [
    ['log', (r) => r.log],
    ['commands sent (offered /s)', (r) => `${r.commands} (${r.offeredPerSecond}/s)`],
    ['completed (HTTP 2xx + push)', (r) => String(r.completed)],
    ['throughput, completed /s', (r) => String(r.throughputPerSecond)],
    [
      'HTTP 201 / 202 / other / failed',
      (r) => `${r.status['201']} / ${r.status['202']} / ${r.status.other} / ${r.status.failed}`,
    ],
    [
      'errors (incl. missing pushes)',
      (r) => `${r.errors} (missing ${r.pushesMissing}, unmatched ${r.pushesUnmatched})`,
    ],
    ['push latency ms p50/p90/p99/max', (r) => fmt(r.pushLatencyMs)],
    ['  same, from due time', (r) => fmt(r.pushLatencyFromScheduleMs)],
    ['HTTP latency ms p50/p90/p99/max', (r) => fmt(r.httpLatencyMs)],
    [
      'send lag behind schedule p50/p99/max',
      (r) => (r.sendLagMs ? `${r.sendLagMs.p50} / ${r.sendLagMs.p99} / ${r.sendLagMs.max}` : '-'),
    ],
    ['phase: send → append p50/p99', (r) => short(r.phasesMs.sendToAppend)],
    ['  of which: send → lock asked p50/p99', (r) => short(r.phasesMs.sendToLock)],
    ['  of which: company lock wait p50/p99', (r) => short(r.phasesMs.lockWait)],
    ['  of which: lock → decide (head + catch-up) p50/p99', (r) => short(r.phasesMs.lockToDecide)],
    ['phase: append p50/p99', (r) => short(r.phasesMs.append)],
    ['phase: append → projector p50/p99', (r) => short(r.phasesMs.appendToProjector)],
    ['phase: projector → push p50/p99', (r) => short(r.phasesMs.projectorToPush)],
    ['phase: append → HTTP answer p50/p99', (r) => short(r.phasesMs.appendToHttp)],
    ['log.head() ms p50/p99', (r) => short(r.logHeadMs)],
    [
      'api command duration (metrics) mean / ~p50 / ~p99',
      (r) =>
        `${r.apiCommandDurationMs.mean ?? '-'} / ${r.apiCommandDurationMs.p50Estimate ?? '-'} / ${r.apiCommandDurationMs.p99Estimate ?? '-'}`,
    ],
    [
      'event-loop delay ms p50/p99/max',
      (r) => `${r.eventLoopDelayMs.p50} / ${r.eventLoopDelayMs.p99} / ${r.eventLoopDelayMs.max}`,
    ],
    ['CPU this process (% of 1 core)', (r) => String(r.cpu.processPercentOfOneCore)],
    [
      'CPU children (% of 1 core)',
      (r) =>
        Object.entries(r.cpu.childrenPercentOfOneCore)
          .map(([comm, percent]) => `${comm} ${percent}`)
          .join(', ') || '-',
    ],
    ['machine busy (% of all cores)', (r) => String(r.cpu.machineBusyPercent ?? '-')],
    ['  of which other processes (% of 1 core)', (r) => String(r.cpu.othersPercentOfOneCore ?? '-')],
    ['RSS max / end MiB', (r) => `${r.memory.rssMaxMiB} / ${r.memory.rssEndMiB}`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const columns = results.map((result) => rows.map(([, value]) => value(result)));
  const colWidths = columns.map((column) => Math.max(...column.map((cell) => cell.length)));
  const lines = rows.map(([label], rowIndex) =>
    [label.padEnd(width), ...columns.map((column, c) => column[rowIndex]!.padEnd(colWidths[c]!))].join(' | '),
  );
  const rule = '-'.repeat(lines[0]!.length);
  const queries = results
    .map(
      (result) =>
        `Postgres statements by total time (${result.log}, measured phase; count, p50/p99 ms, total ms):\n` +
        result.topQueries
          .slice(0, 8)
          .map(
            (q) =>
              `  ${String(q.count).padStart(6)}  ${String(q.p50).padStart(6)} / ${String(q.p99).padEnd(7)} ${String(q.totalMs).padStart(6)}  ${q.statement}`,
          )
          .join('\n'),
    )
    .join('\n');
  const errors = results
    .filter((result) => result.errorSamples.length > 0)
    .map((result) => `errors (${result.log}):\n${result.errorSamples.map((e) => `  ${e}`).join('\n')}`)
    .join('\n');
  return [lines[0], rule, ...lines.slice(1), rule, queries, errors].filter(Boolean).join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
