/**
 * The scorer's first paint with no connection (DESIGN.md §13): the scorer opened once (the service worker
 * installs and precaches the app), then reloaded offline on a Lighthouse-like mobile profile (412×823, CPU slowed
 * 4×; the network plays no part: everything comes from the worker's precache and IndexedDB).
 *
 *   npm run bench:offline-paint -- [--runs=5]
 *
 * Postgres (DATABASE_URL or embedded), the embedded log, the built web app (`npm run build:web` first), the api in
 * this process, the system Chromium. Reported per reload: the first contentful paint and the moment the scorer's
 * point buttons are there (both from the navigation's start), with their medians. Target: first paint
 * ≤ 1 s.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { defaultWebDistDir, startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { MATCHES_API } from '@courtside/events/api-paths';
import { CHROMIUM, signInBrowser } from '../../tests/support/browser.ts';
import { expectStatus } from './bench-accounts.ts';
import { gamesOnlyMatch } from './bench-live-match.ts';
import { Cleanups, startPostgres } from './services.ts';
import { round } from './stats.ts';
import { loadNow, printReport } from './system.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function main(): Promise<void> {
  const cleanups = new Cleanups();
  try {
    const loadBefore = loadNow();
    const postgres = await startPostgres(cleanups);
    const courtside = await startCourtside({
      databaseUrl: await postgres.createDatabase(`bench_offline_paint_${randomUUID().slice(0, 8)}`),
      runApi: true,
      runProjector: true,
      port: 0,
      mode: 'development',
      webDistDir: defaultWebDistDir,
      logger: createLogger({ level: 'warn' }),
    });
    cleanups.add('stop courtside', () => courtside.stop());
    const url = courtside.url!;
    const { matchId, teams } = await gamesOnlyMatch(url, 'TC Offline Paint');
    const scorer = teams[0]!.http;
    expectStatus(
      await scorer.json('POST', `${MATCHES_API}/matches/${matchId}/live`, { firstServer: 'defender' }),
      200,
      'start live',
    );

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    cleanups.add('close the browser', () => browser.close());
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await signInBrowser(context, url, scorer);
    const page = await context.newPage();
    await page.goto(`${url}/webapps/matches/en/score/${matchId}`);
    await page.getByTestId('point-defender').waitFor();
    await page.evaluate(`navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ||
      new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })))`);
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await context.setOffline(true);

    const firstPaints: number[] = [];
    const scorerShown: number[] = [];
    for (let run = 0; run < runs; run++) {
      await page.reload();
      await page.getByTestId('point-defender').waitFor();
      const shownAt = await page.evaluate<number>('performance.now()');
      const paint = await page.evaluate<number>(
        `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1`,
      );
      firstPaints.push(round(paint));
      scorerShown.push(round(shownAt));
    }
    const report = {
      runs,
      firstContentfulPaintMs: firstPaints,
      scorerButtonsShownByMs: scorerShown,
      medianFirstPaintMs: median(firstPaints),
      medianScorerShownMs: median(scorerShown),
      targetMet: median(firstPaints) > 0 && median(firstPaints) <= 1_000,
    };
    printReport(report, loadBefore);
  } finally {
    await cleanups.runAll();
  }
}

await main();
