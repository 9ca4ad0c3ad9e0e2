import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { openBrowser, type ViewportName } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';

describe.each<ViewportName>(['desktop', 'phone'])('the web shell on %s', (viewport) => {
  let courtside: RunningCourtside;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('opens on the ladders page, connects to live updates, and gives the browser an anti-forgery cookie', async () => {
    const browser = await openBrowser(viewport);
    try {
      const { page } = browser;
      await page.goto(`${courtside.url}/webapps/`);

      await page.waitForURL('**/webapps/ladders/en/');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ladders');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
      await page
        .getByText(viewport === 'desktop' ? 'Live' : 'Courtside')
        .first()
        .waitFor();
      const cookies = await browser.context.cookies();
      expect(cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
      await browser.screenshot(`shell-ladders-en-${viewport}`);
    } finally {
      await browser.close();
    }
  });

  it('paints the page before its scripts arrive, and the app takes over without moving it', async () => {
    const browser = await openBrowser(viewport);
    try {
      const { page } = browser;
      const scripts = '**/webapps/assets/*.js';
      // No script arrives: what shows is the first paint the server rendered, inert until the app takes over.
      await page.route(scripts, (route) => route.abort());
      await page.goto(`${courtside.url}/webapps/ladders/en/`);
      const painted = page.locator('#root > [inert] h1');
      expect(await painted.textContent()).toBe('Ladders');
      expect(await page.locator('#root > [inert]').getByText('Sign in').count()).toBe(1);
      const paintedBox = await painted.boundingBox();
      await browser.screenshot(`first-paint-ladders-en-${viewport}`);

      await page.unroute(scripts);
      await page.reload();
      await page.getByRole('heading', { name: 'No ladders yet' }).waitFor();
      expect(await page.locator('#root > [inert]').count()).toBe(0);
      expect(await page.locator('h1').boundingBox()).toEqual(paintedBox);
    } finally {
      await browser.close();
    }
  });

  it('switches to Dutch on the same page, and shows a page-not-found in the chosen language', async () => {
    const browser = await openBrowser(viewport);
    try {
      const { page } = browser;
      await page.goto(`${courtside.url}/webapps/ladders/en/`);
      await page
        .getByRole('link', { name: /Nederlands|NL/ })
        .first()
        .click();

      await page.waitForURL('**/webapps/ladders/nl/');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('nl');
      await browser.screenshot(`shell-ladders-nl-${viewport}`);
      await page.goto(`${courtside.url}/webapps/nowhere/nl/`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Ladders');
      expect(await page.getByRole('link', { name: 'Naar de ladders' }).count()).toBeGreaterThan(0);
      await browser.screenshot(`shell-not-found-nl-${viewport}`);
    } finally {
      await browser.close();
    }
  });
});
