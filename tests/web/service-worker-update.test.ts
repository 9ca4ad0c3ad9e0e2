import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { MATCHES_API } from '@courtside/events/api-paths';
import { openBrowser, signInBrowser, type Browser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';

/**
 * DESIGN.md §13: the scorer is installable (Chromium's installability checks), and "a new deploy is
 * picked up on the next visit (no stale app forever)". A scorer opened once is controlled by the service worker; the app is deployed again (new files, the server restarted on the same
 * address); the page opened again runs the new build, and with no connection the new build's precache serves it.
 */

const BUILD_MARK = 'courtside-build';
const markOf = (page: Page) =>
  page.evaluate<string | null>(`document.querySelector('meta[name="${BUILD_MARK}"]')?.content ?? null`);

/** A copy of the built app whose index.html says it is build `mark`, with the service worker's precache told so. */
async function deploy(dir: string, mark: string): Promise<void> {
  const indexFile = path.join(dir, 'index.html');
  const html = (await readFile(indexFile, 'utf8')).replace(
    /<meta name="courtside-build"[^>]*>|<\/head>/,
    (found) => `<meta name="${BUILD_MARK}" content="${mark}">${found === '</head>' ? found : ''}`,
  );
  await writeFile(indexFile, html);
  // A new build's worker lists a new revision of index.html: that is what makes the browser install it.
  const workerFile = path.join(dir, 'sw.js');
  const worker = (await readFile(workerFile, 'utf8')).replace(
    /\{"revision":"[^"]+","url":"index.html"\}/,
    `{"revision":"build-${mark}","url":"index.html"}`,
  );
  await writeFile(workerFile, worker);
  // The precompressed copies would still be the old build.
  for (const file of ['index.html.br', 'index.html.gz', 'sw.js.br', 'sw.js.gz']) {
    await rm(path.join(dir, file), { force: true });
  }
}

describe('a new deploy under an open scorer', () => {
  let courtside: RunningCourtside | undefined;
  let browser: Browser | undefined;
  let dist: string | undefined;
  afterAll(async () => {
    await browser?.close();
    await courtside?.stop();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it('the page opened again runs the new build, online and then with no connection', async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'courtside-deploy-'));
    await cp(defaultWebDistDir, dist, { recursive: true });
    await deploy(dist, '1');
    const backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend, { webDistDir: dist });
    const baseUrl = courtside.url!;
    const { manager, seasonId, teams } = await seasonWithTeams(baseUrl, ['Ann Smith', 'Cas Lee'], {
      companyName: 'TC Deploy',
    });
    const [ann, cas] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const matchId = await plannedMatch(manager, seasonId, ann.teamId, cas.teamId);
    const started = await ann.http.json('POST', `${MATCHES_API}/matches/${matchId}/live`, {
      firstServer: 'defender',
    });
    expect(started.status).toBe(200);

    browser = await openBrowser('phone', { ownProfile: true });
    const { page } = browser;
    await signInBrowser(browser.context, baseUrl, ann.http);
    const scorerUrl = `${baseUrl}/webapps/matches/en/score/${matchId}`;
    await page.goto(scorerUrl);
    await page.getByTestId('point-defender').waitFor();
    // Evaluated as text: the tests are type-checked without the DOM's types.
    await page.evaluate(`navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ||
      new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })))`);
    expect(await markOf(page)).toBe('1');
    // Installable: Chromium's own checks of the manifest, its icons and the worker find nothing.
    const devtools = await browser.context.newCDPSession(page);
    const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);

    // Build 2 goes out: new files, the server restarted on the same address.
    const port = Number(new URL(baseUrl).port);
    await courtside.stop();
    courtside = undefined;
    await deploy(dist, '2');
    courtside = await startTestCourtside(backend, { webDistDir: dist, port });

    await page.reload();
    await page.getByTestId('point-defender').waitFor();
    expect(await markOf(page)).toBe('2');
    // The new worker installs (build 2's app shell joins the precache) and takes over (its activation drops build
    // 1's): only then does it answer for the app with no connection.
    await expect
      .poll(
        () =>
          page.evaluate<boolean>(`caches.keys()
            .then((names) => Promise.all(names.map((name) => caches.open(name).then((cache) => cache.keys()))))
            .then((lists) => lists.flat().map((request) => request.url))
            .then((urls) => urls.some((url) => url.includes('__WB_REVISION__=build-2')) &&
              !urls.some((url) => url.includes('__WB_REVISION__=build-1')))`),
        { timeout: 30_000 },
      )
      .toBe(true);
    await browser.context.setOffline(true);
    await page.reload();
    await page.getByTestId('point-defender').waitFor();
    expect(await markOf(page)).toBe('2');
  });
});
