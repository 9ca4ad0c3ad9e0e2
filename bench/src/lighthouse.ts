/**
 * Lighthouse (mobile, simulated slow 4G) on the public pages a player or viewer opens at the court:
 *
 *   node --import tsx bench/src/lighthouse.ts [--teams=100] [--runs=1] [--save=dir] [--only=standings,widget]
 *     [--method=trace] [--serve] [--web-dist=dir]
 *
 * Starts Courtside on a free port (embedded Postgres and log, the built web app: run `npm run build:web` first),
 * makes a club with a ladder whose season has `--teams` teams and a played match, then audits the ladders page,
 * the standings, the matches page, My matches signed in, the widget and a new club's empty matches page with the system Chromium (CHROME_PATH, default
 * /usr/bin/chromium). Prints one row per page (the median of `--runs`) and the machine's load.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';
import { defaultWebDistDir, startCourtside } from '@courtside/api/courtside';
import { openTracingBrowser, traceMainThread, type MainThreadRun } from './main-thread-trace';
import { createLogger } from '@courtside/api/observability/logger';
import { startEmbeddedPostgres } from '@courtside/infra/postgres/embedded';
import {
  ACCOUNT_API,
  ADMIN_API,
  DEV_MAILBOX_PATH,
  HEALTH_PATH,
  LADDER_API,
} from '@courtside/events/api-paths';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'];
  }),
);
const TEAMS = Number(args.teams ?? 100);
const RUNS = Number(args.runs ?? 1);
/** `--save=dir`: every report's JSON, to read what Lighthouse found (critical chains, the LCP element). */
const SAVE_DIR = args.save;
/** `--serve`: seed, print the pages' addresses and keep serving them (to profile a page by hand) until Ctrl-C. */
const SERVE = args.serve === 'true';
/**
 * `--method=trace`: instead of Lighthouse, each page's main-thread work from Chromium's trace in thread time
 * (`main-thread-trace.ts`): a figure that other load on the machine does not inflate.
 */
const METHOD = args.method === 'trace' ? 'trace' : 'lighthouse';
/** `--only=standings,widget`: the pages whose name starts with one of these words. */
const ONLY = args.only?.split(',');
/** `--web-dist=dir`: a built web app other than web/dist (a copy of an earlier build, to compare two in one sitting). */
const WEB_DIST = args['web-dist'] ? path.resolve(args['web-dist']) : defaultWebDistDir;

/** Cookies and the anti-forgery header, like a browser. */
class Client {
  private readonly cookies = new Map<string, string>();
  /** The session's cookies as a browser sends them (for an audit of a signed-in page). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  constructor(private readonly baseUrl: string) {}

  async json<T>(method: string, route: string, body?: unknown): Promise<T> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.json('GET', HEALTH_PATH);
    const response = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'GET' ? {} : { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

async function signedIn(baseUrl: string, name: string): Promise<Client> {
  const client = new Client(baseUrl);
  const email = `${name.toLowerCase().replaceAll(' ', '.')}@club.test`;
  const password = 'correct horse battery';
  const { id, refresh } = await client.json<{ id: string; refresh: string }>(
    'POST',
    `${ACCOUNT_API}/account`,
    {
      email,
      password,
    },
  );
  const mail = await client.json<Array<{ code: string }>>('GET', `${DEV_MAILBOX_PATH}?to=${email}`);
  await client.json('POST', `${ACCOUNT_API}/account/${id}/verify?language=en`, {
    refresh,
    code: mail[0]!.code,
  });
  await client.json('POST', `${ACCOUNT_API}/account/login`, { email, password });
  await client.json('PUT', `${ACCOUNT_API}/account/minimal`, {
    fullName: name,
    phoneNumber: { countryCode: '31', number: '06 12345678' },
  });
  return client;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function seed(baseUrl: string) {
  const manager = await signedIn(baseUrl, 'Mia Manager');
  const company = await manager.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
    name: 'TC Lighthouse',
  });
  const ladder = await manager.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${company.id}/ladders`,
    {
      name: 'Club Ladder',
      email: 'ladder@club.test',
      sportsCategory: 'TENNISSINGLE',
    },
  );
  const season = await manager.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${company.id}/ladders/${ladder.uuid}/seasons`,
    {
      name: 'Winter',
      startDate: day(-5),
      endDate: day(90),
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
    },
  );
  const teams: string[] = [];
  let firstPlayer: Client | undefined;
  for (let index = 0; index < TEAMS; index++) {
    const player = await signedIn(baseUrl, `Player ${String(index + 1).padStart(3, '0')}`);
    firstPlayer ??= player;
    const { teamId } = await player.json<{ teamId: string }>(
      'POST',
      `${LADDER_API}/seasons/${season.uuid}/teams`,
      {},
    );
    await manager.json('POST', `${ADMIN_API}/seasons/${season.uuid}/teams/accept`, { teamId });
    teams.push(teamId);
  }
  await manager.json('POST', `${ADMIN_API}/seasons/${season.uuid}/teams/match`, {
    defenderId: teams[0],
    challengerId: teams[1],
  });
  // A club that has just started: a ladder and its season, no team and no match yet.
  const newClub = await manager.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
    name: 'TC Newcomer',
  });
  const emptyLadder = await manager.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${newClub.id}/ladders`,
    { name: 'First Ladder', email: 'first@club.test', sportsCategory: 'TENNISSINGLE' },
  );
  await manager.json('POST', `${ADMIN_API}/companies/${newClub.id}/ladders/${emptyLadder.uuid}/seasons`, {
    name: 'Opening',
    startDate: day(-1),
    endDate: day(90),
    minimumPlayedMatches: 3,
    openForRegistration: true,
    matchType: 'BESTOFTHREE',
  });
  return {
    ladderId: ladder.uuid,
    emptyLadderId: emptyLadder.uuid,
    playerCookies: firstPlayer!.cookieHeader(),
  };
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferredKiB: number;
}

/**
 * Puts a session's cookies into the browser's own cookie jar (CDP `Storage.setCookies`), as a browser that signed in
 * has them: the app reads `courtside.loggedin` from `document.cookie`, which a request header (Lighthouse's
 * `extraHeaders`) does not set, so with a header alone the page went to the login page. Lighthouse's storage reset
 * leaves cookies alone.
 */
async function browserCommand(port: number, method: string, params: object = {}): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const answered = new Promise<{ error?: unknown }>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(String(data)) as { error?: unknown })),
  );
  socket.send(JSON.stringify({ id: 1, method, params }));
  const answer = await answered;
  socket.close();
  if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
}

async function setBrowserCookies(port: number, baseUrl: string, cookies: string): Promise<void> {
  await browserCommand(port, 'Storage.setCookies', {
    cookies: cookies.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      return { name, value: pair.slice(at + 1), url: baseUrl, path: '/', httpOnly: name === 'SESSION-ID' };
    }),
  });
}

async function audit(url: string, port: number, cookies?: string): Promise<Omit<Row, 'page'>> {
  if (cookies) await setBrowserCookies(port, new URL(url).origin, cookies);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (cookies) await browserCommand(port, 'Storage.clearCookies');
  const lhr = result!.lhr;
  // A page that sent the browser elsewhere (a signed-in page to the login page) was not the page audited.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: not the page meant`);
  if (SAVE_DIR) {
    await mkdir(SAVE_DIR, { recursive: true });
    const name =
      (new URL(url).pathname.split('/').filter(Boolean).slice(1, 2).join('') || 'page') +
      (cookies ? '-signed-in' : '');
    await writeFile(path.join(SAVE_DIR, `lighthouse-${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const failed = Object.values(lhr.audits).filter(
    (a) =>
      a.score !== null && a.score < 1 && lhr.categories.accessibility!.auditRefs.some((r) => r.id === a.id),
  );
  for (const finding of failed) {
    const items =
      (
        finding.details as
          { items?: Array<{ node?: { snippet?: string; explanation?: string } }> } | undefined
      )?.items ?? [];
    console.log(`  ${finding.id} on ${url}:`);
    for (const item of items.slice(0, 6)) {
      console.log(`    ${item.node?.snippet ?? ''} | ${(item.node?.explanation ?? '').split('\n')[1] ?? ''}`);
    }
  }
  return {
    performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility!.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']!.numericValue ?? 0).toFixed(3)),
    tbtMs: Math.round(lhr.audits['total-blocking-time']!.numericValue ?? 0),
    transferredKiB: Math.round((lhr.audits['total-byte-weight']!.numericValue ?? 0) / 1024),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function tracePages(pages: Array<[string, string, string?]>, baseUrl: string): Promise<void> {
  const browser = await openTracingBrowser();
  try {
    console.log('| page | main thread CPU | blocking at 4× CPU (estimate) | long tasks | runs (blocking) |');
    console.log('|---|---|---|---|---|');
    for (const [page, route, cookies] of pages) {
      if (ONLY && !ONLY.some((word) => page.startsWith(word))) continue;
      const runs: MainThreadRun[] = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await traceMainThread(browser, `${baseUrl}${route}`, cookies));
      const blocking = runs.map((r) => Math.round(r.blockingAt4xMs));
      console.log(
        `| ${page} | ${Math.round(median(runs.map((r) => r.cpuMs)))} ms | ${median(blocking)} ms | ${median(runs.map((r) => r.longTasks))} | ${blocking.join(' / ')} |`,
      );
    }
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, ${RUNS} run(s) per page`,
    );
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'courtside-lighthouse-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), ephemeral: true });
  const courtside = await startCourtside({
    databaseUrl: postgres.databaseUrl,
    runApi: true,
    runProjector: true,
    port: 0,
    mode: 'development',
    webDistDir: WEB_DIST,
    // The bench signs every player up from 127.0.0.1.
    signUpsPerAddress: 100_000,
    logger: createLogger({ level: 'error' }),
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    console.error(`seeding a ladder with ${TEAMS} teams…`);
    const { ladderId, emptyLadderId, playerCookies } = await seed(courtside.url!);
    const pages: Array<[string, string, string?]> = [
      ['ladders', '/webapps/ladders/en/'],
      [`standings (${TEAMS} teams)`, `/webapps/ladders/en/${ladderId}`],
      ['matches', `/webapps/matches/en/?event=${ladderId}`],
      // Where "My matches" mails lead: a player with a planned match, signed in.
      ['my matches (signed in)', '/webapps/matches/en/', playerCookies],
      ['widget', `/webapps/widget/en/?event=${ladderId}`],
      ['empty club matches', `/webapps/matches/en/?event=${emptyLadderId}`],
    ];
    if (SERVE) {
      for (const [page, route] of pages) console.log(`${page}: ${courtside.url}${route}`);
      console.log(`signed-in cookies: ${playerCookies}`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
    if (METHOD === 'trace') {
      await tracePages(pages, courtside.url!);
      return;
    }
    const rows: Row[] = [];
    for (const [page, route, cookies] of pages) {
      if (ONLY && !ONLY.some((word) => page.startsWith(word))) continue;
      const runs = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await audit(`${courtside.url}${route}`, chrome.port, cookies));
      rows.push({
        page,
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        transferredKiB: median(runs.map((r) => r.transferredKiB)),
      });
    }
    console.log('| page | performance | accessibility | LCP | CLS | TBT | transferred |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.cls} | ${r.tbtMs} ms | ${r.transferredKiB} KiB |`,
      );
    }
    console.log(
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}, ${RUNS} run(s) per page`,
    );
  } finally {
    await chrome.kill();
    await courtside.stop();
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
