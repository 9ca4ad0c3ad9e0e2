/**
 * Live fan-out (DESIGN.md §1 "Live", §7): socket.io viewers of one match while its points are scored through the api.
 *
 *   npm run bench:live -- [--viewers=1000] [--rate=2] [--seconds=30] [--rooms=match] [--log=kafka|embedded]
 *                         [--viewer-processes=1] [--viewer-client=socket.io|ws] [--settle-seconds=20] [--json=out.json]
 *
 * The server runs as deployed: `api/src/main.ts` (api and projector in one process, like `npm start`) in a child
 * process on Postgres (DATABASE_URL, else embedded) and Kafka (KAFKA_BROKERS, else a local broker; or the embedded
 * log with --log=embedded). The viewers run in one or more other child processes (bench/src/live-viewer-process.ts).
 * This process sets up a games-only match over HTTP as a manager and players would, starts it live, and scores
 * `rate` points per second (POST matches/{id}/points, each due at start + i/rate), timing each point from just
 * before its request to the arrival of its `live.updated` at every viewer (one monotonic clock for all processes).
 * Reported: latency p50/p99 across all viewers and points, missing and duplicated pushes, the points' HTTP answer
 * times, and the server's RSS and V8 heap before the viewers come, with them, and after they leave.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MATCHES_API } from '@courtside/events/api-paths';
import { expectStatus } from './bench-accounts.ts';
import { gamesOnlyMatch } from './bench-live-match.ts';
import type { ViewerClient, ViewerReport } from './live-viewer-process.ts';
import { ViewerProcess } from './viewer-processes.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { Cleanups, positiveOption, serverEnvironment } from './services.ts';
import {
  describeHistogram,
  parseHistogram,
  round,
  subtractHistogram,
  summarize,
  type HistogramDelta,
  type Summary,
} from './stats.ts';
import { cpuSecondsOf, machineInfo } from './system.ts';

const TARGET_P99_MS = 100;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

interface Options {
  viewers: number;
  rate: number;
  seconds: number;
  rooms: Array<'match' | 'season' | 'ladder'>;
  log: 'kafka' | 'embedded';
  viewerProcesses: number;
  /** How the viewers connect (live-viewer-process.ts): socket.io-client, or a bare WebSocket that decodes less. */
  viewerClient: ViewerClient;
  /** 0: one process with api and projector (`npm start`); n: a projector and n api processes (DESIGN.md §1). */
  apiProcesses: number;
  settleSeconds: number;
  connectBatch: number;
  /** Extra node flags for the server only (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof to see where its time goes). */
  serverNodeFlags: string[];
  /** Write a heap snapshot of the server (a full GC first) before the viewers come and after they left. */
  heapSnapshotDir?: string;
  json?: string;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      viewers: { type: 'string', default: '1000' },
      rate: { type: 'string', default: '2' },
      seconds: { type: 'string', default: '30' },
      rooms: { type: 'string', default: 'match' },
      log: { type: 'string', default: 'kafka' },
      'viewer-processes': { type: 'string', default: '1' },
      'viewer-client': { type: 'string', default: 'socket.io' },
      'api-processes': { type: 'string', default: '0' },
      'settle-seconds': { type: 'string', default: '20' },
      'connect-batch': { type: 'string', default: '100' },
      'server-node-flags': { type: 'string', default: '' },
      'heap-snapshots': { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench:live -- [--viewers=1000] [--rate=2] [--seconds=30] [--rooms=match[,season,ladder]]\n' +
        '       [--log=kafka|embedded] [--viewer-processes=1] [--viewer-client=socket.io|ws] [--api-processes=0] [--settle-seconds=20] [--connect-batch=100] [--json=out.json]\n' +
        "       [--server-node-flags='--cpu-prof --cpu-prof-dir=/tmp/prof']",
    );
    process.exit(0);
  }
  const positive = positiveOption;
  const rooms = values.rooms.split(',').map((room) => room.trim());
  if (!rooms.every((room) => room === 'match' || room === 'season' || room === 'ladder'))
    throw new Error('--rooms is a comma-separated list of match, season and ladder');
  if (values.log !== 'kafka' && values.log !== 'embedded') throw new Error('--log must be kafka or embedded');
  const viewerClient = values['viewer-client'];
  if (viewerClient !== 'socket.io' && viewerClient !== 'ws')
    throw new Error('--viewer-client must be socket.io or ws');
  return {
    viewers: Math.floor(positive('viewers', values.viewers, 50_000)),
    rate: positive('rate', values.rate, 100),
    seconds: positive('seconds', values.seconds, 3_600),
    rooms: rooms as Options['rooms'],
    log: values.log,
    viewerProcesses: Math.floor(positive('viewer-processes', values['viewer-processes'], 16)),
    viewerClient,
    apiProcesses:
      values['api-processes'] === '0' ? 0 : Math.floor(positive('api-processes', values['api-processes'], 8)),
    settleSeconds: positive('settle-seconds', values['settle-seconds'], 600),
    connectBatch: Math.floor(positive('connect-batch', values['connect-batch'], 10_000)),
    serverNodeFlags: [
      ...values['server-node-flags'].split(' ').filter(Boolean),
      ...(values['heap-snapshots']
        ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${values['heap-snapshots']}`]
        : []),
    ],
    heapSnapshotDir: values['heap-snapshots'],
    json: values.json,
  };
}

// ---- the server, as deployed -----------------------------------------------------------------------------------

interface ServerMemory {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  cpuSeconds: number;
}

async function serverMemory(url: string, pid: number): Promise<ServerMemory> {
  const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
  const metric = (name: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : Number.NaN;
  };
  const mib = (bytes: number) => round(bytes / 1024 ** 2, 1);
  let cpuSeconds = Number.NaN;
  try {
    cpuSeconds = cpuSecondsOf(pid);
  } catch {
    /* not Linux */
  }
  return {
    rssMiB: mib(metric('courtside_process_resident_memory_bytes')),
    heapUsedMiB: mib(metric('courtside_nodejs_heap_size_used_bytes')),
    heapTotalMiB: mib(metric('courtside_nodejs_heap_size_total_bytes')),
    cpuSeconds,
  };
}

/** The server's own time to hand each push to all its sockets (courtside_live_emit_duration_seconds). */
async function emitHistogram(url: string): Promise<HistogramDelta> {
  const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
  return parseHistogram(text, 'courtside_live_emit_duration_seconds', {});
}

function describeEmits(histogram: HistogramDelta) {
  const { count, ...rest } = describeHistogram(histogram);
  return { pushes: count, ...rest };
}

/** Asks the server for a heap snapshot (SIGUSR2 with --heapsnapshot-signal) and waits until it is written. */
async function heapSnapshot(dir: string | undefined, pid: number): Promise<string | undefined> {
  if (!dir) return undefined;
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 300_000;
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const file = readdirSync(dir).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
    if (file) {
      const size = statSync(`${dir}/${file}`).size;
      // The server answers again once the snapshot is written.
      if (size > 0 && size === last) return `${dir}/${file}`;
      last = size;
    }
    if (Date.now() > deadline) throw new Error('no heap snapshot in 300 s');
  }
}

// ---- the match, set up over HTTP as people would -----------------------------------------------------------------

async function liveMatch(url: string) {
  const { matchId, teams, seasonId, ladderId } = await gamesOnlyMatch(url, 'TC Fan-out');
  const scorer = teams[0]!.http;
  expectStatus(
    await scorer.json('POST', `${MATCHES_API}/matches/${matchId}/live`, { firstServer: 'defender' }),
    200,
    'start live',
  );
  return {
    matchId,
    scorer,
    rooms: {
      match: `match:${matchId}`,
      season: `season:${seasonId}`,
      ladder: `ladder:${ladderId}`,
    },
  };
}

// ---- the run ----------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const cleanups = new Cleanups();
  process.once('SIGINT', () => void cleanups.runAll().then(() => process.exit(130)));
  try {
    const loadBefore = loadavg().map((value) => round(value));
    const { env, log: logDescription, postgres } = await serverEnvironment(cleanups, 'live', options.log);
    if (options.heapSnapshotDir) mkdirSync(options.heapSnapshotDir, { recursive: true });
    const projectorProcess =
      options.apiProcesses > 0
        ? await startServerProcess(cleanups, env, options.serverNodeFlags, 'projector')
        : undefined;
    // One after another: each runs the migrations it needs on start.
    const apis: ServerProcess[] = [];
    if (options.apiProcesses === 0)
      apis.push(await startServerProcess(cleanups, env, options.serverNodeFlags));
    for (let index = 0; index < options.apiProcesses; index++)
      apis.push(await startServerProcess(cleanups, env, options.serverNodeFlags, 'api'));
    const server = apis[0]!;
    const allMemory = async (): Promise<ServerMemory> => {
      const each = await Promise.all(apis.map((api) => serverMemory(api.url, api.child.pid!)));
      const sum = (pick: (memory: ServerMemory) => number) =>
        round(
          each.reduce((total, m) => total + pick(m), 0),
          1,
        );
      let projectorCpu = 0;
      try {
        if (projectorProcess) projectorCpu = cpuSecondsOf(projectorProcess.child.pid!);
      } catch {
        /* not Linux */
      }
      return {
        rssMiB: sum((m) => m.rssMiB),
        heapUsedMiB: sum((m) => m.heapUsedMiB),
        heapTotalMiB: sum((m) => m.heapTotalMiB),
        cpuSeconds: round(sum((m) => m.cpuSeconds) + projectorCpu),
      };
    };
    const allEmits = async (): Promise<HistogramDelta> => {
      const each = await Promise.all(apis.map((api) => emitHistogram(api.url)));
      return each.reduce((total, histogram) => ({
        count: total.count + histogram.count,
        sumSeconds: total.sumSeconds + histogram.sumSeconds,
        buckets: total.buckets.map((bucket, index) => ({
          le: bucket.le,
          count: bucket.count + (histogram.buckets[index]?.count ?? 0),
        })),
      }));
    };
    const { scorer, matchId, rooms } = await liveMatch(server.url);
    const viewerRooms = options.rooms.map((kind) => rooms[kind]);
    console.error(`match ${matchId} is live; ${options.viewers} viewers in ${viewerRooms.join(', ')}`);

    // Let the set-up's allocations settle before the first reading.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const snapshotBefore = await heapSnapshot(options.heapSnapshotDir, server.child.pid!);
    const memoryBefore = await allMemory();

    const processes = Array.from({ length: options.viewerProcesses }, () => new ViewerProcess(cleanups));
    const share = (index: number) =>
      Math.floor(options.viewers / processes.length) + (index < options.viewers % processes.length ? 1 : 0);
    const ready = await Promise.all(
      processes.map((child, index) =>
        child.ask(
          {
            type: 'start',
            urls: apis.map((api) => api.url),
            rooms: viewerRooms,
            count: share(index),
            connectBatch: options.connectBatch,
            client: options.viewerClient,
          },
          'ready',
          600_000,
        ),
      ),
    );
    const connected = ready.reduce((sum, answer) => sum + answer.connected, 0);
    const connectFailures = ready.reduce((sum, answer) => sum + answer.failed, 0);
    console.error(
      `${connected} viewers connected and subscribed (${connectFailures} failed) in ${round(Math.max(...ready.map((answer) => answer.connectMs)) / 1000, 1)} s`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const memoryWithViewers = await allMemory();
    const viewerCpuBefore = processes.map((child) => cpuSecondsOf(child.pid));
    const emitsBefore = await allEmits();

    // Points at `rate` per second: point i is due at start + i/rate (sent later only if the one before is still out).
    const points = Math.max(1, Math.round(options.seconds * options.rate));
    const sentAt = new Map<number, number>();
    const httpMs: number[] = [];
    const httpErrors: string[] = [];
    const loadDuring: number[] = [];
    const start = nowMs() + 200;
    for (let seq = 1; seq <= points; seq++) {
      const due = start + ((seq - 1) * 1000) / options.rate;
      const wait = due - nowMs();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A rally-like pattern: the defender wins about 3 points in 5.
      const winner = seq % 5 === 1 || seq % 5 === 3 ? 'challenger' : 'defender';
      const before = nowMs();
      sentAt.set(seq, before);
      const answer = await scorer.json('POST', `${MATCHES_API}/matches/${matchId}/points`, { seq, winner });
      httpMs.push(nowMs() - before);
      if (answer.status !== 200) httpErrors.push(`${seq}: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (seq % Math.max(1, Math.round(options.rate * 10)) === 0) loadDuring.push(loadavg()[0]!);
    }
    const scoringSeconds = (nowMs() - start) / 1000;
    const memoryScored = await allMemory();
    const serverEmit = describeEmits(subtractHistogram(await allEmits(), emitsBefore));

    // Wait until every viewer has the last point (or the drain time passes), then collect.
    const drainDeadline = nowMs() + 15_000;
    let reports: ViewerReport[] = [];
    for (;;) {
      reports = (
        await Promise.all(processes.map((child) => child.ask({ type: 'report' }, 'report', 120_000)))
      ).flatMap((answer) => answer.viewers);
      const complete = reports.every((report) => report.arrivals.some(([seq]) => seq === points));
      if (complete || nowMs() > drainDeadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const viewerCpu = processes.map((child, index) => cpuSecondsOf(child.pid) - viewerCpuBefore[index]!);

    const latencies: number[] = [];
    let missing = 0;
    let duplicatePoints = 0;
    let duplicateCopies = 0;
    // Per point, the first and the last viewer to get it: the spread between them is the fan-out itself.
    const perPointWorst = Array.from({ length: points }, () => 0);
    const perPointFirst = Array.from({ length: points }, () => Number.POSITIVE_INFINITY);
    for (const report of reports) {
      duplicateCopies += report.duplicateCopies;
      const got = new Map<number, number>();
      for (const [seq, at] of report.arrivals) {
        if (seq < 1) continue;
        if (got.has(seq)) {
          duplicatePoints++;
          continue;
        }
        got.set(seq, at);
        const latency = at - sentAt.get(seq)!;
        latencies.push(latency);
        perPointWorst[seq - 1] = Math.max(perPointWorst[seq - 1]!, latency);
        perPointFirst[seq - 1] = Math.min(perPointFirst[seq - 1]!, latency);
      }
      for (let seq = 1; seq <= points; seq++) if (!got.has(seq)) missing++;
    }

    // The viewers leave; the server's memory is read again as it settles.
    await Promise.all(processes.map((child) => child.ask({ type: 'leave' }, 'left', 120_000)));
    const memoryAfter: Array<ServerMemory & { secondsAfterLeaving: number }> = [];
    const leftAt = nowMs();
    for (const at of [1, options.settleSeconds / 2, options.settleSeconds]) {
      const wait = leftAt + at * 1000 - nowMs();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      memoryAfter.push({ secondsAfterLeaving: at, ...(await allMemory()) });
    }
    // A heap snapshot collects all garbage first: what the heap holds after it is what the server really keeps.
    const snapshotAfter = await heapSnapshot(options.heapSnapshotDir, server.child.pid!);
    const memoryAfterFullGc = snapshotAfter ? await allMemory() : undefined;

    const latency = summarize(latencies);
    const result = {
      when: new Date().toISOString(),
      machine: machineInfo(),
      loadAverageBefore: loadBefore,
      loadAverageDuring: loadDuring.map((value) => round(value)),
      loadAverageAfter: loadavg().map((value) => round(value)),
      log: logDescription,
      postgres: postgres.origin,
      options,
      viewers: { asked: options.viewers, connected, connectFailures },
      points: { sent: points, httpErrors: httpErrors.length, scoringSeconds: round(scoringSeconds, 1) },
      latencyMs: latency,
      firstViewerPerPointMs: summarize(perPointFirst.filter(Number.isFinite)),
      worstPerPointMs: summarize(perPointWorst),
      spreadPerPointMs: summarize(
        perPointWorst.map((worst, index) => worst - perPointFirst[index]!).filter(Number.isFinite),
      ),
      httpAnswerMs: summarize(httpMs),
      serverEmitToAllSockets: serverEmit,
      pushes: {
        expected: connected * points,
        delivered: latencies.length,
        missing,
        duplicatePoints,
        duplicateCopies,
      },
      cpuSeconds: {
        server: round(memoryScored.cpuSeconds - memoryWithViewers.cpuSeconds),
        viewers: viewerCpu.map((value) => round(value)),
      },
      serverMemory: {
        before: memoryBefore,
        withViewers: memoryWithViewers,
        afterScoring: memoryScored,
        memoryAfter,
        memoryAfterFullGc,
        heapSnapshots: { before: snapshotBefore, after: snapshotAfter },
      },
      target: {
        p99Ms: TARGET_P99_MS,
        met: latency !== undefined && latency.p99 <= TARGET_P99_MS && missing === 0,
      },
    };
    printReport(result, httpErrors);
    if (options.json) await writeFile(options.json, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await cleanups.runAll();
  }
}

function printReport(
  result: {
    latencyMs: Summary | undefined;
    firstViewerPerPointMs: Summary | undefined;
    worstPerPointMs: Summary | undefined;
    spreadPerPointMs: Summary | undefined;
    httpAnswerMs: Summary | undefined;
  } & Record<string, unknown>,
  httpErrors: string[],
) {
  const line = (label: string, summary: Summary | undefined) =>
    summary
      ? `${label}: n=${summary.count} p50 ${summary.p50} ms, p90 ${summary.p90} ms, p99 ${summary.p99} ms, max ${summary.max} ms`
      : `${label}: no samples`;
  console.log(
    JSON.stringify(
      {
        ...result,
        latencyMs: undefined,
        firstViewerPerPointMs: undefined,
        worstPerPointMs: undefined,
        spreadPerPointMs: undefined,
        httpAnswerMs: undefined,
      },
      null,
      2,
    ),
  );
  console.log(line('point → viewer (all viewers, all points)', result.latencyMs));
  console.log(line('first viewer per point', result.firstViewerPerPointMs));
  console.log(line('slowest viewer per point', result.worstPerPointMs));
  console.log(line('last minus first viewer per point (the fan-out)', result.spreadPerPointMs));
  console.log(line('point HTTP answer', result.httpAnswerMs));
  console.log(`server: one push to all sockets ${JSON.stringify(result.serverEmitToAllSockets)}`);
  for (const error of httpErrors.slice(0, 5)) console.log(`HTTP error: ${error}`);
}

await main();
