/**
 * A club night's live viewers (DESIGN.md §16 "Live"): a game result reaching every socket.io viewer of the
 * tournament's room, and the club TV.
 *
 *   npm run bench:tournament-viewers -- [--viewers=200] [--results=30] [--interval-ms=1000] [--tv=1]
 *                                       [--viewer-processes=1] [--log=embedded|kafka] [--json=out.json]
 *
 * The server runs as deployed (`api/src/main.ts` in a child process, the built web app for the TV) on Postgres
 * (DATABASE_URL, else embedded) and the embedded log (or Kafka). Over HTTP: a manager, 32 players, an AMERICANO club
 * night of the 32 on 8 courts, drawn. `viewers` socket.io-client viewers (bench/src/live-viewer-process.ts, in
 * processes of their own) subscribe to `tournament:{id}`; `tv` club TV pages (`/webapps/tv/en/{companyId}`, headless
 * Chromium at 1920×1080: the web app's own socket.io client in the same room) show the night. Then `results` game
 * results, one every `interval-ms` (PUT games/{gameId} by the manager, the games in turn), each timed from just
 * before its request (one monotonic clock for all processes):
 *
 * - to each viewer's copy of its `tournament.updated` (known by its cursor, which this process's own subscriber
 *   reads for each result): p50/p99 over all viewers and results, the first and the slowest viewer per result and
 *   the spread between them (the fan-out), the missing and doubled copies;
 * - to each TV's copy of the push (its WebSocket frame, as Chrome DevTools reports it to this process) and to the
 *   end of the TV's read of the tournament that follows it (the data the screen then shows).
 *
 * Also from the server's /metrics over the results: its ScoreGame command (arrival to projected) and its hand-over
 * of each push to all sockets.
 *
 * The goal: p99 ≤ 200 ms to the viewers, none missing, none doubled.
 */
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import { LIVE_PATH, TOURNAMENT_ADMIN_API } from '@courtside/events/api-paths';
import { expectStatus } from './bench-accounts.ts';
import {
  clubWithPlayers,
  enteredTournament,
  tournamentPath,
  type TournamentView,
} from './bench-tournament.ts';
import { pushKey, type ViewerReport } from './live-viewer-process.ts';
import { startServerProcess } from './server-process.ts';
import { Cleanups, positiveOption, serverEnvironment, withTimeout } from './services.ts';
import {
  describeHistogram,
  parseHistogram,
  round,
  subtractHistogram,
  summarize,
  type Summary,
} from './stats.ts';
import { cpuSecondsOf, machineInfo } from './system.ts';
import { ViewerProcess } from './viewer-processes.ts';

const GOAL_P99_MS = 200;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type PushMeta = { cursor?: number; cursors?: object; room?: string } | undefined;

const metricsOf = async (url: string) =>
  (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();

/** Pushes of one event, in arrival order, handed out one by one to whoever waits for the next. */
class PushQueue {
  private readonly arrived: string[] = [];
  private readonly waiting: Array<(key: string) => void> = [];

  add(key: string): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(key);
    else this.arrived.push(key);
  }

  next(timeoutMs: number): Promise<string> {
    const ready = this.arrived.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return withTimeout(
      new Promise<string>((resolve) => this.waiting.push(resolve)),
      timeoutMs,
      'the reference subscriber’s push',
    );
  }
}

/** A club TV page in Chromium, timed through DevTools: its socket.io frames and its reads of the tournament. */
async function openTv(browser: Browser, url: string, tournamentId: string) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const frames = new Map<string, number[]>();
  const reads: number[] = [];
  const readUrls = new Map<string, boolean>();
  cdp.on('Network.webSocketFrameReceived', ({ response }) => {
    const at = nowMs();
    const text = response.payloadData;
    if (!text.startsWith('42["tournament.updated"')) return;
    const [, , meta] = JSON.parse(text.slice(2)) as [string, unknown, PushMeta];
    const key = pushKey(meta);
    frames.set(key, [...(frames.get(key) ?? []), at]);
  });
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) =>
    readUrls.set(requestId, new URL(request.url).pathname === tournamentPath(tournamentId)),
  );
  cdp.on('Network.loadingFinished', ({ requestId }) => {
    if (readUrls.get(requestId)) reads.push(nowMs());
  });
  await cdp.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
  return { page, frames, reads };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      viewers: { type: 'string', default: '200' },
      results: { type: 'string', default: '30' },
      'interval-ms': { type: 'string', default: '1000' },
      tv: { type: 'string', default: '1' },
      'viewer-processes': { type: 'string', default: '1' },
      log: { type: 'string', default: 'embedded' },
      json: { type: 'string' },
    },
    strict: true,
  });
  const viewers = Math.floor(positiveOption('viewers', values.viewers, 20_000));
  const results = Math.floor(positiveOption('results', values.results, 1_000));
  const intervalMs = positiveOption('interval-ms', values['interval-ms'], 60_000);
  const tvPages = values.tv === '0' ? 0 : Math.floor(positiveOption('tv', values.tv, 10));
  const viewerProcesses = Math.floor(positiveOption('viewer-processes', values['viewer-processes'], 16));
  if (values.log !== 'kafka' && values.log !== 'embedded') throw new Error('--log must be embedded or kafka');

  const cleanups = new Cleanups();
  process.once('SIGINT', () => void cleanups.runAll().then(() => process.exit(130)));
  try {
    const loadBefore = loadavg().map((value) => round(value));
    const { env, log, postgres } = await serverEnvironment(cleanups, 'tournament_viewers', values.log);
    const server = await startServerProcess(cleanups, { ...env, TRUST_PROXY: 'true' });
    const { url } = server;

    // The club night: 32 players on 8 courts, every round made at the draw.
    const { manager, companyId, playerIds } = await clubWithPlayers(url, 'Viewer Club', 32);
    const tournamentId = await enteredTournament(
      manager,
      companyId,
      { name: 'Friday padel night', format: 'AMERICANO', sportsCategory: 'PADEL', courts: 8 },
      playerIds,
    );
    const drawn = await manager.json<TournamentView>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`,
      { seeding: 'ENTRY' },
    );
    expectStatus(drawn, 201, 'draw');
    const games = drawn.body.rounds!.flatMap((made) => made.games);
    const room = `tournament:${tournamentId}`;

    // This process's own subscriber: the cursor of each result's push, in order.
    const reference = io(url, { path: LIVE_PATH, transports: ['websocket'], reconnection: false });
    cleanups.add('close the reference subscriber', () => reference.close());
    const referencePushes = new PushQueue();
    reference.on('tournament.updated', (_data: unknown, meta: PushMeta) =>
      referencePushes.add(pushKey(meta)),
    );
    await new Promise<void>((resolve, reject) => {
      reference.once('connect', () => resolve());
      reference.once('connect_error', reject);
    });
    const subscribed = (await reference.timeout(10_000).emitWithAck('subscribe', { room })) as {
      ok: boolean;
    };
    if (!subscribed.ok) throw new Error('reference subscriber: subscribe refused');

    // The viewers, in processes of their own.
    const processes = Array.from({ length: viewerProcesses }, () => new ViewerProcess(cleanups));
    const ready = await Promise.all(
      processes.map((child, index) =>
        child.ask(
          {
            type: 'start',
            urls: [url],
            rooms: [room],
            count: Math.floor(viewers / viewerProcesses) + (index < viewers % viewerProcesses ? 1 : 0),
            connectBatch: 50,
            client: 'socket.io',
            cursorEvents: ['tournament.updated'],
          },
          'ready',
          300_000,
        ),
      ),
    );
    const connected = ready.reduce((sum, answer) => sum + answer.connected, 0);
    const connectFailures = ready.reduce((sum, answer) => sum + answer.failed, 0);
    console.error(`${connected} viewers subscribed (${connectFailures} failed)`);

    // The club TVs, showing the night.
    const browser =
      tvPages > 0 ? await chromium.launch({ executablePath: CHROMIUM, headless: true }) : undefined;
    if (browser) cleanups.add('close Chromium', () => browser.close());
    const tvs = [];
    for (let index = 0; index < tvPages; index++) {
      const tv = await openTv(browser!, url, tournamentId);
      await tv.page.goto(`${url}/webapps/tv/en/${companyId}`);
      await tv.page.getByText('Friday padel night').first().waitFor({ timeout: 60_000 });
      tvs.push(tv);
    }
    await sleep(2_000);

    // The results, one every interval; each one's push cursor from the reference subscriber.
    const sent: Array<{ at: number; key: string; answerMs: number; status: number }> = [];
    const serverCpuBefore = cpuSecondsOf(server.child.pid!);
    const metricsBefore = await metricsOf(url);
    const loadDuring: number[] = [];
    const start = nowMs() + 200;
    for (let index = 0; index < results; index++) {
      await sleep(start + index * intervalMs - nowMs());
      const game = games[index % games.length]!;
      const pointsA = 6 + ((index * 7) % 13);
      const at = nowMs();
      const answer = await manager.json('PUT', `${tournamentPath(tournamentId)}/games/${game.gameId}`, {
        pointsA,
        pointsB: 24 - pointsA,
      });
      const answerMs = nowMs() - at;
      const key = await referencePushes.next(30_000);
      sent.push({ at, key, answerMs, status: answer.status });
      if (index % 10 === 9) loadDuring.push(loadavg()[0]!);
    }
    const serverCpu = cpuSecondsOf(server.child.pid!) - serverCpuBefore;
    const metricsAfter = await metricsOf(url);

    // Every viewer's copies, once the last result had time to arrive everywhere.
    await sleep(3_000);
    const reports: ViewerReport[] = (
      await Promise.all(processes.map((child) => child.ask({ type: 'report' }, 'report', 120_000)))
    ).flatMap((answer) => answer.viewers);
    const latencies: number[] = [];
    const worstPerResult = sent.map(() => 0);
    const firstPerResult = sent.map(() => Number.POSITIVE_INFINITY);
    let missing = 0;
    let doubled = 0;
    for (const report of reports) {
      const copies = new Map<string, number[]>();
      for (const [key, at] of report.cursorArrivals) copies.set(key, [...(copies.get(key) ?? []), at]);
      for (const [index, result] of sent.entries()) {
        const arrivals = copies.get(result.key) ?? [];
        if (arrivals.length === 0) {
          missing++;
          continue;
        }
        if (arrivals.length > 1) doubled++;
        const latency = arrivals[0]! - result.at;
        latencies.push(latency);
        worstPerResult[index] = Math.max(worstPerResult[index]!, latency);
        firstPerResult[index] = Math.min(firstPerResult[index]!, latency);
      }
    }
    const tvPush: number[] = [];
    const tvRead: number[] = [];
    let tvMissing = 0;
    let tvDoubled = 0;
    for (const tv of tvs) {
      for (const result of sent) {
        const arrivals = tv.frames.get(result.key) ?? [];
        if (arrivals.length === 0) {
          tvMissing++;
          continue;
        }
        if (arrivals.length > 1) tvDoubled++;
        tvPush.push(arrivals[0]! - result.at);
        const read = tv.reads.find((finished) => finished >= arrivals[0]!);
        if (read !== undefined) tvRead.push(read - result.at);
      }
    }

    const latency = summarize(latencies);
    const output = {
      when: new Date().toISOString(),
      machine: machineInfo(),
      loadAverageBefore: loadBefore,
      loadAverageDuring: loadDuring.map((value) => round(value)),
      loadAverageAfter: loadavg().map((value) => round(value)),
      log,
      postgres: postgres.origin,
      options: { viewers, results, intervalMs, tvPages, viewerProcesses },
      clubNight: { players: playerIds.length, courts: 8, games: games.length },
      viewers: { connected, connectFailures },
      results: {
        sent: sent.length,
        notAnswered200: sent.filter((result) => result.status !== 200).length,
      },
      serverCpuSeconds: round(serverCpu, 1),
      resultToViewerMs: latency,
      firstViewerPerResultMs: summarize(firstPerResult.filter(Number.isFinite)),
      slowestViewerPerResultMs: summarize(worstPerResult),
      spreadPerResultMs: summarize(
        worstPerResult.map((worst, index) => worst - firstPerResult[index]!).filter(Number.isFinite),
      ),
      server: {
        scoreGameCommand: describeHistogram(
          subtractHistogram(
            parseHistogram(metricsAfter, 'courtside_command_duration_seconds', { command: 'ScoreGame' }),
            parseHistogram(metricsBefore, 'courtside_command_duration_seconds', { command: 'ScoreGame' }),
          ),
        ),
        emitToAllSockets: describeHistogram(
          subtractHistogram(
            parseHistogram(metricsAfter, 'courtside_live_emit_duration_seconds', {
              event: 'tournament.updated',
            }),
            parseHistogram(metricsBefore, 'courtside_live_emit_duration_seconds', {
              event: 'tournament.updated',
            }),
          ),
        ),
      },
      resultAnswerMs: summarize(sent.map((result) => result.answerMs)),
      copies: { expected: connected * sent.length, delivered: latencies.length, missing, doubled },
      tv: {
        pages: tvs.length,
        resultToPushMs: summarize(tvPush),
        resultToDataReadMs: summarize(tvRead),
        missing: tvMissing,
        doubled: tvDoubled,
      },
      goal: {
        p99Ms: GOAL_P99_MS,
        met:
          latency !== undefined &&
          latency.p99 <= GOAL_P99_MS &&
          missing === 0 &&
          doubled === 0 &&
          connectFailures === 0,
      },
    };
    console.log(JSON.stringify(output, null, 2));
    const line = (label: string, summary: Summary | undefined) =>
      summary
        ? `${label}: n=${summary.count} p50 ${summary.p50} ms, p90 ${summary.p90} ms, p99 ${summary.p99} ms, max ${summary.max} ms`
        : `${label}: no samples`;
    console.log(line('result → viewer (all viewers, all results)', output.resultToViewerMs));
    console.log(line('first viewer per result', output.firstViewerPerResultMs));
    console.log(line('slowest viewer per result', output.slowestViewerPerResultMs));
    console.log(line('slowest minus first viewer per result (the fan-out)', output.spreadPerResultMs));
    console.log(`server: ScoreGame command ${JSON.stringify(output.server.scoreGameCommand)}`);
    console.log(`server: one push to all sockets ${JSON.stringify(output.server.emitToAllSockets)}`);
    console.log(line('result HTTP answer', output.resultAnswerMs));
    console.log(line('result → TV push', output.tv.resultToPushMs));
    console.log(line('result → TV has read the tournament', output.tv.resultToDataReadMs));
    console.log(
      `copies: ${latencies.length} of ${connected * sent.length}, missing ${missing}, doubled ${doubled}; ` +
        `goal p99 ≤ ${GOAL_P99_MS} ms, none missing or doubled: ${output.goal.met ? 'met' : 'NOT met'}`,
    );
    if (values.json) await writeFile(values.json, `${JSON.stringify(output, null, 2)}\n`);
    await Promise.all(processes.map((child) => child.ask({ type: 'leave' }, 'left', 60_000)));
  } finally {
    await cleanups.runAll();
  }
}

await main();
