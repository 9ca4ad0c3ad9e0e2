import { afterEach } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, signInBrowser, type Browser, type ViewportName } from './browser.ts';
import { courtsideForTests, type CourtsideOptions, type TestCourtside } from './courtside.ts';
import type { HttpClient } from './http-client.ts';

export interface CourtsideForBrowsers extends TestCourtside {
  /**
   * A fresh browser (one person) at the block's viewport unless another is given, signed in with the session of
   * `signedInAs` when given (the sign-in pages have journeys of their own). It is closed after the test.
   */
  newBrowser(signedInAs?: HttpClient, viewport?: ViewportName): Promise<Browser>;
  /** The page of a fresh browser signed in with the session of `http`, at `path` of Courtside when given. */
  openAs(http: HttpClient | undefined, path?: string): Promise<Page>;
}

/**
 * For a describe block of browser tests: Courtside serving the built web app (`courtsideForTests` with `web: true`
 * and the options given), started before the block's tests and stopped after them. The browsers a test opens are
 * closed after it, so that a failed test reports what its pages showed (tests/setup/browser-failures.ts).
 */
export function courtsideForBrowsers({
  viewport: blockViewport = 'desktop',
  ...options
}: CourtsideOptions & { viewport?: ViewportName } = {}): CourtsideForBrowsers {
  const courtside = courtsideForTests({ web: true, ...options });
  const browsers: Browser[] = [];
  afterEach(async () => {
    for (const browser of browsers.splice(0)) await browser.close();
  });
  const newBrowser = async (signedInAs?: HttpClient, viewport: ViewportName = blockViewport) => {
    const browser = await openBrowser(viewport);
    browsers.push(browser);
    if (signedInAs) await signInBrowser(browser.context, courtside.url, signedInAs);
    return browser;
  };
  return Object.assign(Object.create(courtside) as TestCourtside, {
    newBrowser,
    async openAs(http: HttpClient | undefined, path?: string) {
      const { page } = await newBrowser(http);
      if (path !== undefined) await page.goto(`${courtside.url}${path}`);
      return page;
    },
  });
}
