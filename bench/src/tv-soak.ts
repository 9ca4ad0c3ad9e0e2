/**
 * The club TV's soak (DESIGN.md §16: "runs 12 hours without a reload with its memory flat"):
 *
 *   npm run bench:tv-soak -- [--minutes=120] [--per-minute=10] [--log=embedded|kafka] [--locale=en] [--json=out.json]
 *                            [--heap-snapshots=dir]
 *
 * The server runs as deployed (`api/src/main.ts` in a child process, the built web app: `npm run build:web` first)
 * on Postgres (DATABASE_URL, else embedded) and the embedded log (or Kafka with --log=kafka). Over HTTP, as people
 * would, it seeds a club: a ladder whose season has 8 teams and some results, and a running Americano club night of
 * 16 players on 4 courts, and a knockout of 8 drawn (its bracket is one of the TV's views). Headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) opens the club TV
 * `/webapps/tv/{locale}/{companyId}` at 1920×1080 and is left alone, as on the clubhouse wall, while this process
 * makes `per-minute` changes a minute, evenly spaced, for `minutes`: in turn a club-night game result (PUT games/{id},
 * every game in turn, again with other points once all have one) and a ladder match result (a new match between two
 * teams, its result saved; the challenger wins one in three, so the standings move).
 *
 * Every minute, over the Chrome DevTools Protocol: a full garbage collection (HeapProfiler.collectGarbage), then the
 * page's JS heap in use (Performance.getMetrics JSHeapUsedSize), its DOM nodes, documents and JS event listeners
 * (Memory.getDOMCounters), its open WebSockets and its pending
 * timers (setTimeout/setInterval/requestAnimationFrame counted by a script the page gets before its own). Printed: a
 * line per sample, then start, end and max heap, the growth per hour (least squares over the samples after the
 * first five minutes, and end minus start), the extrapolation to 12 hours, and whether that stays within 10 MB of the
 * start. With --heap-snapshots, the page's heap after the warm-up and at the end, to see what grew.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession } from 'playwright-core';
import {
  ACCOUNT_API,
  ADMIN_API,
  MATCHES_API,
  TOURNAMENT_ADMIN_API,
  TOURNAMENT_API,
} from '@courtside/events/api-paths';
import { expectStatus, signedIn } from './bench-accounts.ts';
import { enteredTournament } from './bench-tournament.ts';
import { seedClub, standingTeamIds } from './bench-club.ts';
import { startServerProcess } from './server-process.ts';
import { Cleanups, positiveOption, serverEnvironment } from './services.ts';
import { round } from './stats.ts';
import { cpuSecondsOf, machineInfo } from './system.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIMIT_MB = 10;
const MB = 1024 * 1024;

interface Options {
  minutes: number;
  perMinute: number;
  log: 'embedded' | 'kafka';
  locale: string;
  json?: string;
  /** A heap snapshot of the page after the warm-up (minute 5, or half way) and at the end, written here. */
  heapSnapshots?: string;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: 'string', default: '120' },
      'per-minute': { type: 'string', default: '10' },
      log: { type: 'string', default: 'embedded' },
      locale: { type: 'string', default: 'en' },
      json: { type: 'string' },
      'heap-snapshots': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench:tv-soak -- [--minutes=120] [--per-minute=10] [--log=embedded|kafka] [--locale=en|nl] [--json=out.json] [--heap-snapshots=dir]',
    );
    process.exit(0);
  }
  const positive = positiveOption;
  if (values.log !== 'kafka' && values.log !== 'embedded') throw new Error('--log must be embedded or kafka');
  if (values.locale !== 'en' && values.locale !== 'nl') throw new Error('--locale must be en or nl');
  return {
    minutes: positive('minutes', values.minutes, 24 * 60),
    perMinute: positive('per-minute', values['per-minute'], 600),
    log: values.log,
    locale: values.locale,
    json: values.json,
    heapSnapshots: values['heap-snapshots'],
  };
}

/**
 * Counts the page's pending timers and open WebSockets: installed before the page's own scripts, it wraps
 * setTimeout, setInterval and requestAnimationFrame and their clears (a timeout or frame leaves the count when it
 * runs or is cleared, an interval when it is cleared), and WebSocket (a socket leaves the count when it closes).
 * Read as `window.__tvSoakTimers()`.
 */
const TIMER_COUNTER = `(() => {
  const timeouts = new Set(), intervals = new Set(), frames = new Set();
  const st = window.setTimeout, ct = window.clearTimeout, si = window.setInterval, ci = window.clearInterval;
  const raf = window.requestAnimationFrame, caf = window.cancelAnimationFrame;
  window.setTimeout = function (handler, ...rest) {
    let id;
    const run = typeof handler === 'function'
      ? function (...args) { timeouts.delete(id); return handler.apply(this, args); }
      : handler;
    id = st.call(window, run, ...rest);
    timeouts.add(id);
    return id;
  };
  window.clearTimeout = function (id) { timeouts.delete(id); return ct.call(window, id); };
  window.setInterval = function (...args) { const id = si.apply(window, args); intervals.add(id); return id; };
  window.clearInterval = function (id) { intervals.delete(id); return ci.call(window, id); };
  window.requestAnimationFrame = function (callback) {
    let id;
    id = raf.call(window, (time) => { frames.delete(id); callback(time); });
    frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = function (id) { frames.delete(id); return caf.call(window, id); };
  let sockets = 0, socketsOpened = 0;
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      sockets++;
      socketsOpened++;
      this.addEventListener('close', () => sockets--, { once: true });
    }
  };
  Object.defineProperty(window, '__tvSoakTimers', {
    value: () => ({ timeouts: timeouts.size, intervals: intervals.size, frames: frames.size, sockets, socketsOpened }),
  });
})();`;

interface Sample {
  minute: number;
  heapMB: number;
  nodes: number;
  documents: number;
  listeners: number;
  sockets: number;
  timeouts: number;
  intervals: number;
  frames: number;
  view: string;
  changes: number;
  load1: number;
}

/** A full collection, then what the page holds (CDP). */
async function measure(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;
  const counters = await cdp.send('Memory.getDOMCounters');
  return {
    heapMB: round(metric('JSHeapUsedSize') / MB, 2),
    nodes: counters.nodes,
    documents: counters.documents,
    listeners: counters.jsEventListeners,
  };
}

/** The page's heap as a .heapsnapshot file (DevTools' Memory panel reads it; compare two by constructor there). */
async function writeHeapSnapshot(cdp: CDPSession, file: string): Promise<void> {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  await writeFile(file, chunks.join(''));
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  if (points.length < 2) return Number.NaN;
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const [x, y] of points) {
    numerator += (x - mx) * (y - my);
    denominator += (x - mx) ** 2;
  }
  return denominator === 0 ? Number.NaN : numerator / denominator;
}

interface Game {
  gameId: string;
  court: number;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const cleanups = new Cleanups();
  process.once('SIGINT', () => void cleanups.runAll().then(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanups.runAll().then(() => process.exit(143)));
  try {
    const loadBefore = loadavg().map((value) => round(value));
    const { env, log: logDescription, postgres } = await serverEnvironment(cleanups, 'tv_soak', options.log);
    const server = await startServerProcess(cleanups, env);
    const url = server.url;

    // The club: a ladder with standings and results, and a running club night.
    const manager = await signedIn(url, 'manager');
    const company = await manager.http.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
      name: 'TV Soak Club',
    });
    expectStatus(company, 201, 'company');
    const companyId = company.body.id;
    const ladderTeams = 8;
    const { seasonId, ladderId } = await seedClub(url, manager.http, companyId, ladderTeams, 12);
    const teamIds = await standingTeamIds(manager.http, ladderId);

    const created = await manager.http.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${companyId}/tournaments`,
      {
        name: 'Friday padel night',
        format: 'AMERICANO',
        sportsCategory: 'PADEL',
        startsAt: new Date().toISOString().slice(0, 16),
        entries: 'MANAGER',
        maxEntrants: 16,
        courts: 4,
      },
    );
    expectStatus(created, 201, 'club night');
    const { tournamentId } = created.body;
    for (let index = 0; index < 16; index++) {
      const player = await signedIn(url, `night${index}`);
      expectStatus(
        await manager.http.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/entries`, {
          accountId: player.id,
        }),
        201,
        'entry',
      );
    }
    const drawn = await manager.http.json<{ rounds: Array<{ games: Game[] }> }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`,
      { seeding: 'ENTRY' },
    );
    expectStatus(drawn, 201, 'draw');
    const games = drawn.body.rounds.flatMap((round) => round.games);
    // A running knockout of 8, so the TV's bracket view is in its rotation too.
    const knockoutPlayers: string[] = [];
    for (let index = 0; index < 8; index++) knockoutPlayers.push((await signedIn(url, `cup${index}`)).id);
    const knockoutId = await enteredTournament(
      manager.http,
      companyId,
      { name: 'Club cup', format: 'KNOCKOUT', sportsCategory: 'TENNISSINGLE' },
      knockoutPlayers,
    );
    expectStatus(
      await manager.http.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${knockoutId}/draw`, {
        seeding: 'ENTRY',
      }),
      201,
      'knockout draw',
    );
    console.error(
      `seeded: a ladder of ${teamIds.length} teams, a club night of 16 players, ${drawn.body.rounds.length} rounds, ${games.length} games, a knockout of 8`,
    );

    // The TV, left alone.
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    cleanups.add('close Chromium', () => browser.close());
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(TIMER_COUNTER);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // Not DevTools' Network domain: its agent keeps a record of every request in the page's heap, which grew it.
    const tvPath = `/webapps/tv/${options.locale}/${companyId}`;
    await page.goto(`${url}${tvPath}`);
    const tv = page.getByTestId('club-tv');
    await tv.waitFor();
    // Until the club night is on the screen (the views turn every 20 s).
    await page.getByText('Friday padel night').first().waitFor({ timeout: 60_000 });
    // And the knockout's bracket is one of the views.
    await page.locator('[data-testid="club-tv"][data-view="knockout"]').waitFor({ timeout: 120_000 });
    const serverCpuStart = cpuSecondsOf(server.child.pid!);

    // The changes: evenly spaced; the samples: every minute, the first before any change.
    let changes = 0;
    let gameTurn = 0;
    let ladderTurn = 0;
    const changeErrors: string[] = [];
    // The manager's access lasts 15 minutes (DESIGN.md §3): renewed as the web app does, before it runs out.
    let refreshedAt = Date.now();
    const keepAccess = async () => {
      if (Date.now() - refreshedAt < 10 * 60_000) return;
      const renewed = await manager.http.json('POST', `${ACCOUNT_API}/account/refresh`);
      if (renewed.status !== 200)
        changeErrors.push(`refresh: ${renewed.status} ${JSON.stringify(renewed.body)}`);
      else refreshedAt = Date.now();
    };
    const change = async () => {
      await keepAccess();
      const turn = changes++;
      if (turn % 2 === 0) {
        const game = games[gameTurn % games.length]!;
        const pass = Math.floor(gameTurn / games.length);
        gameTurn++;
        const pointsA = 8 + ((gameTurn * 7 + pass * 5) % 9);
        const answer = await manager.http.json(
          'PUT',
          `${TOURNAMENT_API}/tournaments/${tournamentId}/games/${game.gameId}`,
          { pointsA, pointsB: 24 - pointsA },
        );
        if (answer.status !== 200) changeErrors.push(`game: ${answer.status} ${JSON.stringify(answer.body)}`);
      } else {
        const turnOfLadder = ladderTurn++;
        const defender = teamIds[turnOfLadder % teamIds.length]!;
        const challenger = teamIds[(turnOfLadder + 1 + (turnOfLadder % 3)) % teamIds.length]!;
        if (defender === challenger) return;
        const match = await manager.http.json<{ matchId: string }>(
          'POST',
          `${ADMIN_API}/seasons/${seasonId}/teams/match`,
          { defenderId: defender, challengerId: challenger },
        );
        if (match.status !== 201) {
          changeErrors.push(`match: ${match.status} ${JSON.stringify(match.body)}`);
          return;
        }
        const challengerWins = turnOfLadder % 3 === 0;
        const side = (...scores: number[]) => ({
          matchSets: scores.map((score, index) => ({ order: index + 1, score })),
          special: 'none',
        });
        const saved = await manager.http.json('PUT', `${MATCHES_API}/matches`, {
          id: match.body.matchId,
          defender: challengerWins ? side(3, 4) : side(6, 6),
          challenger: challengerWins ? side(6, 6) : side(3, 4),
        });
        if (saved.status !== 200) changeErrors.push(`result: ${saved.status} ${JSON.stringify(saved.body)}`);
      }
    };

    const samples: Sample[] = [];
    let socketsOpened = 0;
    const sample = async (minute: number) => {
      const memory = await measure(cdp);
      const timers = await page.evaluate<{
        timeouts: number;
        intervals: number;
        frames: number;
        sockets: number;
        socketsOpened: number;
      }>('window.__tvSoakTimers()');
      socketsOpened = timers.socketsOpened;
      const view = (await tv.getAttribute('data-view').catch(() => null)) ?? '?';
      const entry: Sample = {
        minute,
        ...memory,
        timeouts: timers.timeouts,
        intervals: timers.intervals,
        frames: timers.frames,
        sockets: timers.sockets,
        view,
        changes,
        load1: round(loadavg()[0]!),
      };
      samples.push(entry);
      console.log(
        `min ${String(minute).padStart(4)}  heap ${entry.heapMB.toFixed(2).padStart(6)} MB  nodes ${String(entry.nodes).padStart(5)}  ` +
          `listeners ${String(entry.listeners).padStart(4)}  docs ${entry.documents}  sockets ${entry.sockets}  ` +
          `timeouts ${entry.timeouts} intervals ${entry.intervals} frames ${entry.frames}  view ${entry.view}  ` +
          `changes ${entry.changes}  load ${entry.load1}`,
      );
    };

    const start = Date.now();
    const changeEveryMs = 60_000 / options.perMinute;
    const totalChanges = Math.round(options.minutes * options.perMinute);
    const warmedUpMinute = Math.min(5, Math.floor(options.minutes / 2));
    const snapshots: string[] = [];
    const snapshot = async (label: string) => {
      if (!options.heapSnapshots) return;
      await mkdir(options.heapSnapshots, { recursive: true });
      const file = path.join(options.heapSnapshots, `tv-${label}.heapsnapshot`);
      await writeHeapSnapshot(cdp, file);
      snapshots.push(file);
      console.error(`heap snapshot: ${file}`);
    };
    await sample(0);
    let nextSampleMinute = 1;
    for (let index = 0; index < totalChanges; index++) {
      const due = start + (index + 0.5) * changeEveryMs;
      for (;;) {
        const sampleDue = start + nextSampleMinute * 60_000;
        if (sampleDue <= due) {
          const wait = sampleDue - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          await sample(nextSampleMinute);
          if (nextSampleMinute === warmedUpMinute) await snapshot(`minute-${warmedUpMinute}`);
          nextSampleMinute++;
          continue;
        }
        break;
      }
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await change();
    }
    // The last minute's sample, after its changes.
    const endDue = start + options.minutes * 60_000;
    while (nextSampleMinute <= Math.ceil(options.minutes)) {
      const wait = Math.min(endDue, start + nextSampleMinute * 60_000) - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await sample(nextSampleMinute++);
    }
    await snapshot('end');
    const runMinutes = (Date.now() - start) / 60_000;
    const serverCpu = cpuSecondsOf(server.child.pid!) - serverCpuStart;

    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    const maxHeap = Math.max(...samples.map((entry) => entry.heapMB));
    // The first minutes hold the warm-up (code compiled, the views seen once): the trend is taken after them.
    const settled = samples.filter((entry) => entry.minute >= Math.min(5, options.minutes / 2));
    const fitPerHour = slope(settled.map((entry) => [entry.minute / 60, entry.heapMB]));
    const endMinusStartPerHour = ((last.heapMB - first.heapMB) / Math.max(last.minute, 1)) * 60;
    const perHour = Number.isFinite(fitPerHour) ? fitPerHour : endMinusStartPerHour;
    const at12Hours = first.heapMB + perHour * 12;
    const trend = (pick: (entry: Sample) => number) => ({
      start: pick(first),
      end: pick(last),
      max: Math.max(...samples.map(pick)),
      perHour: round(slope(settled.map((entry) => [entry.minute / 60, pick(entry)])), 1),
    });
    const result = {
      when: new Date().toISOString(),
      machine: machineInfo(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((value) => round(value)),
      loadAverageDuringMedian: round(
        [...samples.map((entry) => entry.load1)].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!,
      ),
      log: logDescription,
      postgres: postgres.origin,
      chromium: browser.version(),
      options,
      page: tvPath,
      runMinutes: round(runMinutes, 1),
      changes: { made: changes, errors: changeErrors.length, firstErrors: changeErrors.slice(0, 5) },
      pageErrors: pageErrors.slice(0, 5),
      heapSnapshots: snapshots,
      serverCpuSeconds: round(serverCpu, 1),
      heapMB: {
        start: first.heapMB,
        end: last.heapMB,
        max: round(maxHeap, 2),
        growthPerHourFit: round(fitPerHour, 3),
        growthPerHourEndMinusStart: round(endMinusStartPerHour, 3),
        extrapolatedAt12Hours: round(at12Hours, 2),
        within10MBAt12Hours: at12Hours - first.heapMB <= LIMIT_MB,
        endWithin10MBOfStart: last.heapMB - first.heapMB <= LIMIT_MB,
      },
      domNodes: trend((entry) => entry.nodes),
      jsEventListeners: trend((entry) => entry.listeners),
      documents: trend((entry) => entry.documents),
      openWebSockets: { ...trend((entry) => entry.sockets), everOpened: socketsOpened },
      pendingTimeouts: trend((entry) => entry.timeouts),
      intervals: trend((entry) => entry.intervals),
      animationFrames: trend((entry) => entry.frames),
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `heap: start ${first.heapMB} MB, end ${last.heapMB} MB, max ${round(maxHeap, 2)} MB; growth ${round(perHour, 3)} MB/h ` +
        `(fit after the warm-up; end minus start ${round(endMinusStartPerHour, 3)} MB/h) → ${round(at12Hours, 2)} MB at 12 h: ` +
        `${result.heapMB.within10MBAt12Hours ? 'within' : 'NOT within'} ${LIMIT_MB} MB of the start`,
    );
    if (options.json) await writeFile(options.json, `${JSON.stringify({ ...result, samples }, null, 2)}\n`);
  } finally {
    await cleanups.runAll();
  }
}

await main();
