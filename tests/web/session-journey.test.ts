import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { managerWithCompany } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { signInBrowser, type Browser, type ViewportName, openBrowser } from '../support/browser.ts';
import { createBackend, type TestBackend } from '../support/courtside.ts';
import { startCourtsideProcess } from '../support/courtside-processes.ts';
import { HttpClient } from '../support/http-client.ts';
import { DEV_CLOCK_PATH } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

const MINUTE = 60_000;

const texts = {
  en: {
    error: 'Something went wrong',
    companies: 'Your companies',
    onboarding: 'Create your company',
    preferences: 'Notification preferences',
    audit: 'History',
    noLadders: 'No ladders yet',
    network: 'The server cannot be reached.',
  },
  nl: {
    error: 'Er ging iets mis',
    companies: 'Je bedrijven',
    onboarding: 'Maak je bedrijf aan',
    preferences: 'Meldingsvoorkeuren',
    audit: 'Geschiedenis',
    noLadders: 'Nog geen ladders',
    network: 'De server is niet bereikbaar.',
  },
} as const;

/** The page errors (uncaught exceptions) a page logs from now on. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The person leaves, and the access token runs out on both sides meanwhile: the server's clock moves on, and the
 * browser's expiry is past (set as the server sets it: path=/).
 */
async function comeBackLater(browser: Browser, baseUrl: string, http: HttpClient): Promise<void> {
  await browser.page.goto('about:blank');
  expect((await http.json('POST', DEV_CLOCK_PATH, { advanceMs: 20 * MINUTE })).status).toBe(200);
  await browser.context.addCookies([
    { name: 'courtside.expire', value: String(Date.now() - MINUTE), url: baseUrl },
  ]);
}

describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('coming back after the access time on %s (%s)', (viewport, locale) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('opens each guarded page itself, refreshing the token first, with no page error', async () => {
    const baseUrl = courtside.url;
    const http = courtside.client();
    const { company } = await managerWithCompany(http, `TC Return ${viewport}`);
    const browser = await courtside.newBrowser(http);
    const { page } = browser;
    const errors = pageErrors(page);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/account/refresh')) refreshes.push(request.url());
    });
    const t = texts[locale];
    const guarded: Array<[path: string, heading: string]> = [
      [`/manager/${locale}/`, `TC Return ${viewport}`],
      [`/audit/${locale}/${company.id}`, t.audit],
      [`/account/${locale}/preferences`, t.preferences],
      [`/company/${locale}/onboarding`, t.onboarding],
      [`/company/${locale}/`, t.companies],
    ];
    for (const [path, heading] of guarded) {
      await comeBackLater(browser, baseUrl, http);
      const before = refreshes.length;
      await page.goto(`${baseUrl}/webapps${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByText(t.error).count(), path).toBe(0);
      expect(page.url(), path).toContain(path.replace(/\/$/, ''));
      // One refresh, in the page's language (it names the language of what the server mails).
      expect(refreshes.slice(before), path).toEqual([
        `${baseUrl}/webapps/api/accountmanager/api/v1/account/refresh?language=${locale}`,
      ]);
      expect(errors, path).toEqual([]);
      expect(await axeViolations(page), path).toEqual([]);
      await browser.screenshot(`session-return-${path.split('/')[1]}-${viewport}`);
    }
    // The refreshed token is the one the server now knows: the expiry moved past the server's new time.
    const expire = (await browser.context.cookies()).find((c) => c.name === 'courtside.expire');
    expect(Number(expire?.value)).toBeGreaterThan(Date.now());
    // Five pages, each opened, checked by axe and photographed: 59-61 s at load 14-17.
  }, 180_000);
});

/** Courtside (api and projector) in a process of its own, on `port` (0: a free one), serving the web app. */
async function startServer(
  backend: TestBackend,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const { child, url } = await startCourtsideProcess(
    'both',
    { DATABASE_URL: backend.databaseUrl, PORT: String(port), WEB_DIST_DIR: defaultWebDistDir },
    () => undefined,
  );
  return { child, url: url! };
}

async function stopCourtsideProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

// One run: the pages' recovery does not depend on the width (each start of the server process takes seconds).
describe.each<[ViewportName, 'en' | 'nl']>([['phone', 'nl']])(
  'a server stopped and started under an open page on %s (%s)',
  (viewport, locale) => {
    let backend: TestBackend;
    let server: { child: ChildProcess; url: string } | undefined;
    beforeAll(async () => {
      backend = await createBackend('embedded');
    });
    afterAll(async () => {
      if (server) await stopCourtsideProcess(server.child);
    });

    it('recovers by itself the pages that were opened while it was down', async () => {
      server = await startServer(backend, 0);
      const { url } = server;
      const port = Number(new URL(url).port);
      const http = new HttpClient(url);
      await managerWithCompany(http, `TC Outage ${viewport}`);
      const browser = await openBrowser(viewport);
      try {
        const { page } = browser;
        await signInBrowser(browser.context, url, http);
        const t = texts[locale];
        /** A link followed inside the open page (no new document). */
        const follow = (path: string) =>
          page.evaluate(
            `window.history.pushState({}, '', '/webapps${path}'); window.dispatchEvent(new PopStateEvent('popstate'));`,
          );
        await page.goto(`${url}/webapps/ladders/${locale}/`);
        await page.getByText(t.noLadders).waitFor();
        await follow(`/company/${locale}/`);
        await page.getByRole('heading', { level: 1, name: t.companies }).waitFor();

        // The server stops. A page whose code is there already cannot load its answers…
        await stopCourtsideProcess(server.child);
        await follow(`/ladders/${locale}/`);
        // Said in the page's language (it was the fetch wrapper's English "Network error").
        await page.getByText(t.network).waitFor();
        await browser.screenshot(`session-outage-ladders-${viewport}`);
        // …and comes back by itself once the server is back on the same address.
        server = await startServer(backend, port);
        await page.getByText(t.noLadders).waitFor({ timeout: 30_000 });
        expect(await page.getByText(t.network).count()).toBe(0);

        // The server stops again. A page whose code is not there yet stops with an error…
        await stopCourtsideProcess(server.child);
        await follow(`/account/${locale}/preferences`);
        await page.getByRole('heading', { level: 1, name: t.error }).waitFor();
        await browser.screenshot(`session-outage-${viewport}`);
        // …and loads by itself once the server is back.
        server = await startServer(backend, port);
        await page.getByRole('heading', { level: 1, name: t.preferences }).waitFor({ timeout: 30_000 });
        expect(await page.getByText(t.error).count()).toBe(0);
        expect(await axeViolations(page)).toEqual([]);
        await browser.screenshot(`session-outage-recovered-${viewport}`);
      } finally {
        await browser.close();
      }
    }, 150_000);
  },
);
