import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultWebDistDir, type RunningCourtside } from '@courtside/api/courtside';
import { openBrowser, signInBrowser, type Browser, type ViewportName } from './browser.ts';
import { createBackend, startTestCourtside } from './courtside.ts';
import type { HttpClient } from './http-client.ts';

interface CourtsideForBrowsers {
  /** Courtside's address (read it inside the tests: it is there once the block has started). */
  readonly url: string;
  /** A fresh browser (one person), signed in with the session of `signedInAs` when given. */
  newBrowser(signedInAs?: HttpClient, viewport?: ViewportName): Promise<Browser>;
  /** The page of a fresh desktop browser signed in with the session of `http`. */
  openAs(http: HttpClient): Promise<Page>;
}

/**
 * For a describe block of browser tests: Courtside (embedded log) serving the built web app, started before the
 * block's tests; the browsers its tests open are closed after them, then Courtside is stopped.
 */
export function courtsideForBrowsers(): CourtsideForBrowsers {
  let courtside: RunningCourtside | undefined;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await courtside?.stop();
  });
  const running = {
    get url() {
      if (!courtside?.url) throw new Error('Courtside is not running: read the url inside a test');
      return courtside.url;
    },
    async newBrowser(signedInAs?: HttpClient, viewport: ViewportName = 'desktop') {
      const browser = await openBrowser(viewport);
      browsers.push(browser);
      if (signedInAs) await signInBrowser(browser.context, running.url, signedInAs);
      return browser;
    },
    async openAs(http: HttpClient) {
      return (await running.newBrowser(http)).page;
    },
  };
  return running;
}
