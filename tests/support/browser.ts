import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser as ChromiumBrowser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect } from 'vitest';
import { noteSight, noteWhenAsked } from './page-sights';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
  /** A clubhouse screen (the club TV, DESIGN.md §16). */
  tv: { width: 1920, height: 1080 },
} as const;

export type ViewportName = keyof typeof viewports;

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Saves a full-page screenshot as test-results/screenshots/{name}.png, for people to look at. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One headless Chromium per test file (launched at the first use); each person gets a context of their own. */
let chromiumOfThisFile: Promise<ChromiumBrowser> | undefined;

/**
 * Closes the Chromium the test file launched, and with it every context a test left open: run after each file by
 * tests/setup/browser-failures.ts. (A hook registered here ran after the first file of a worker only: with
 * `isolate: false` this module is imported once per worker, and later files' Chromium, with the pages their tests
 * left open, ran on to the worker's end, reconnecting to servers long stopped.)
 */
export async function closeChromiumOfThisFile(): Promise<void> {
  const launched = chromiumOfThisFile;
  chromiumOfThisFile = undefined;
  await (await launched)?.close();
}

function sharedChromium(): Promise<ChromiumBrowser> {
  chromiumOfThisFile ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return chromiumOfThisFile;
}

/**
 * The system Chromium, headless, in a fresh context: one fresh "person" per call (cookies, storage, service worker
 * and cache of their own). A context costs a third of a launch; the browser goes with the test file's process.
 */
export async function openBrowser(
  viewport: ViewportName = 'desktop',
  {
    // false for a test of the first paint itself, which holds the app's scripts back.
    waitForTheApp = true,
    // A browser of its own with a profile on disk: Chromium judges an app installable only outside incognito.
    ownProfile = false,
  }: { waitForTheApp?: boolean; ownProfile?: boolean } = {},
): Promise<Browser> {
  const profile = ownProfile ? await mkdtemp(path.join(tmpdir(), 'courtside-chromium-')) : undefined;
  const context = profile
    ? await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        viewport: viewports[viewport],
        args: CHROMIUM_ARGS,
      })
    : await (await sharedChromium()).newContext({ viewport: viewports[viewport] });
  for (const open of context.pages()) keepRecentEvents(open);
  context.on('page', keepRecentEvents);
  const page = context.pages()[0] ?? (await context.newPage());
  if (waitForTheApp) waitForTheAppOnEveryLoad(page);
  const forget = noteWhenAsked(() => noteWhatPagesShow(context));
  return {
    context,
    page,
    async screenshot(name) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      forget();
      await noteWhatPagesShow(context);
      await context.close();
      if (profile) await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The last things that happened in each page: where it went, its API answers, its errors. */
const recentEvents = new WeakMap<Page, string[]>();
const RECENT_EVENTS = 30;
/** Each page's requests sent and not answered yet (a script chunk as well as the api), as the report lists them. */
const pendingRequestsOf = new WeakMap<Page, () => string[]>();

function keepRecentEvents(page: Page): void {
  if (recentEvents.has(page)) return;
  const events: string[] = [];
  recentEvents.set(page, events);
  const started = Date.now();
  const since = (at: number) => `+${((at - started) / 1000).toFixed(1)} s`;
  const keep = (event: string) => {
    events.push(`${since(Date.now())} ${event}`);
    if (events.length > RECENT_EVENTS) events.shift();
  };
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  // A page that waits for ever on a request (a lazy chunk, a read) says which, when it was sent: its report lists them.
  const pending = new Map<Request, number>();
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  pendingRequestsOf.set(page, () =>
    [...pending].map(
      ([request, at]) => `${since(at)} ${request.method()} ${pathOf(request.url())} unanswered`,
    ),
  );
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) keep(`went to ${pathOf(frame.url())}`);
  });
  // A command is noted when sent too: one the server has not answered yet shows as sent with no answer after it.
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/webapps/api/'))
      keep(`${request.method()} ${pathOf(request.url())} sent`);
  });
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/webapps/api/') || response.status() >= 400)
      keep(`${response.request().method()} ${pathOf(url)} → ${response.status()}`);
  });
  page.on('requestfailed', (request) =>
    keep(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText}`),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') keep(`console error: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => keep(`page error: ${error.message.slice(0, 300)}`));
  // The live channel: whether a push or a catch-up reached the page (socket.io's pings, "2" and "3", left out).
  page.on('websocket', (socket) => {
    keep(`live channel opened ${pathOf(socket.url()).replace(/\?.*/, '')}`);
    const frame = (direction: string) => (data: { payload: string | Buffer }) => {
      const text = String(data.payload);
      if (text.length > 1) keep(`live ${direction} ${text.slice(0, 120)}`);
    };
    socket.on('framesent', frame('→'));
    socket.on('framereceived', frame('←'));
    socket.on('close', () => keep('live channel closed'));
  });
}

/** Notes what each page shows and what last happened in it, for the report of a failed test. */
async function noteWhatPagesShow(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    const events = [...(recentEvents.get(page) ?? []), ...(pendingRequestsOf.get(page)?.() ?? [])];
    const recent = events.length > 0 ? `\n    ${events.join('\n    ')}` : '';
    try {
      // A page that hangs must not hold up the close.
      const text = await Promise.race([
        page.evaluate<string>('document.body.innerText'),
        new Promise<string>((_, reject) =>
          setTimeout(() => reject(new Error('no answer in 2 s')), 2_000).unref(),
        ),
      ]);
      noteSight(`${page.url()}\n${text.replace(/\s+/g, ' ').trim().slice(0, 1_500)}${recent}`);
    } catch (error) {
      noteSight(`${page.url()}\n(unreadable: ${String(error)})${recent}`);
    }
  }
}

/**
 * Resolves once the page's live channel has asked to follow `room` and the server said yes: what a test waits for
 * before it makes a change the open page must hear of. Call it before the page opens its channel (before `goto`).
 */
export function joinedLiveRoom(page: Page, room: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      // socket.io's frames: `42{id}["subscribe",{…}]` asks, `43{id}[{…}]` is its answer.
      const asked = new Set<string>();
      socket.on('framesent', ({ payload }) => {
        const sent = /^42(\d+)\["subscribe",(\{.*\})\]$/.exec(String(payload));
        if (sent && (JSON.parse(sent[2]!) as { room?: string }).room === room) asked.add(sent[1]!);
      });
      socket.on('framereceived', ({ payload }) => {
        const answer = /^43(\d+)\[(\{.*\})\]$/.exec(String(payload));
        if (answer && asked.has(answer[1]!) && (JSON.parse(answer[2]!) as { ok?: boolean }).ok) resolve();
      });
    });
  });
}

/** How many pushes of `event` the page's live sockets have received so far (start counting before `goto`). */
export function liveEventsReceived(page: Page, event: string): () => number {
  let received = 0;
  const prefix = `42${JSON.stringify([event]).slice(0, -1)},`;
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith(prefix)) received++;
    });
  });
  return () => received;
}

/** The browser gets the session of an HTTP client (the sign-in pages have their own journey). */
export async function signInBrowser(
  context: BrowserContext,
  baseUrl: string,
  http: { cookie(name: string): string | undefined },
): Promise<void> {
  const names = ['SESSION-ID', 'courtside.loggedin', 'courtside.expire', 'XSRF-TOKEN'];
  await context.addCookies(
    names.flatMap((name) => {
      const value = http.cookie(name);
      return value === undefined ? [] : [{ name, value, url: baseUrl }];
    }),
  );
}

/**
 * A public page arrives with its first paint, inert until the app renders over it (api/src/web/web-app.ts): what a
 * test reads or clicks before then is a copy that is about to be replaced (a locator resolved to it is detached
 * under it). So `goto` and `reload` return once the app has rendered, as a person can only act from then on.
 */
async function untilTheAppRendered(page: Page): Promise<void> {
  await page.locator('#root > [inert]').waitFor({ state: 'detached', timeout: 30_000 });
}

/** From now on `goto` and `reload` of this page return once the app has rendered (see `untilTheAppRendered`). */
export function waitForTheAppOnEveryLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilTheAppRendered(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilTheAppRendered(page);
    return response;
  };
}

/**
 * Clicks a tab until it is the selected one. A tab clicked in the moment its group mounts can lose the click to the
 * group's own first selection (Headless UI sets the default index as it registers its tabs); a person never clicks
 * that fast, a test does.
 */
export async function selectTab(tab: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        return tab.getAttribute('aria-selected');
      },
      { interval: 500 },
    )
    .toBe('true');
}
