import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { documentViolations } from './axe.ts';
import { focusIndicatorProblems } from './focus-indicator.ts';

/**
 * Texts that are a translation key rather than words (`ladders.joinDialog.completeAccount`: a page's texts not
 * loaded where it was shown), in what the page shows and in the names and hints it gives: what it finds.
 */
export async function rawTextKeys(page: Page, where: string): Promise<string[]> {
  const texts = await page.evaluate<string[]>(
    `[document.body.innerText, document.title, ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description]')]
      .flatMap((element) => ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'].map((name) => element.getAttribute(name) ?? ''))]`,
  );
  // Two dots or more between identifiers, not part of an address, a file or an e-mail.
  const key = /(?<![\w@/.:-])[a-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*){2,}(?![\w@/:-]|\.\w)/g;
  return [...new Set(texts.flatMap((text) => text.match(key) ?? []))].map(
    (found) => `${where}: shows the raw text key ${found}`,
  );
}

/** Until no transition or finite animation runs: axe must not judge colours halfway through a fade. */
export async function still(page: Page): Promise<void> {
  // Polled with evaluate: waitForFunction compiles its text in the page, which the pages' CSP (no eval) refuses.
  await expect
    .poll(() =>
      page.evaluate<boolean>(
        `document.getAnimations().every((animation) => animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity)`,
      ),
    )
    .toBe(true);
}

/**
 * What a journey checks on every page it visits, once the page has settled: axe-core over the whole document (its
 * default rules, best practices included), no raw text key, and, tabbing through the page, every focused element
 * draws a visible indicator (`focusIndicatorProblems`; `most` bounds the Tab presses of a long page). What it finds,
 * as "where: problem" lines.
 */
export async function pageProblems(page: Page, where: string, most?: number): Promise<string[]> {
  await still(page);
  return [
    ...(await documentViolations(page, where)),
    ...(await rawTextKeys(page, where)),
    ...(await focusIndicatorProblems(page, where, most)),
  ];
}

/** After an action: the focus is on an element of the page, not fallen to <body> (what has it is in the failure). */
export async function expectFocusOffBody(page: Page, after: string): Promise<void> {
  const focused = () =>
    page.evaluate<string>(
      `(() => { const a = document.activeElement; return !a || a === document.body ? 'body' : a.tagName.toLowerCase(); })()`,
    );
  await expect.poll(async () => [after, await focused()]).not.toEqual([after, 'body']);
}

/** What a clubhouse screen must not have: a live region (it announces nothing) or anything to focus. */
export const liveRegionsAndControls = (page: Page) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log], a[href], button, input, select, textarea, [tabindex]')]
      .map((element) => element.outerHTML.slice(0, 80))`,
  );

/** axe-core's AAA contrast rule (not in its default set) over the whole document (axe loaded): what it finds. */
export const enhancedContrastProblems = (page: Page) =>
  page.evaluate<string[]>(
    `window.axe.run(document, { runOnly: ['color-contrast-enhanced'] })
      .then((r) => r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))))`,
  );

/**
 * What scrolls sideways at the page's width, as "where: …" lines: the document itself (wider than the window), or
 * a box inside it that scrolls its content sideways (`overflow-x` auto or scroll, its content wider than it).
 */
export async function sidewaysScrolls(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate<string[]>(
    `[
      ...(document.documentElement.scrollWidth > window.innerWidth
        ? ['the page is ' + document.documentElement.scrollWidth + ' px wide in a window of ' + window.innerWidth]
        : []),
      ...[...document.querySelectorAll('body *')]
        .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.outerHTML.slice(0, 80) + ' scrolls ' + element.scrollWidth + ' px in ' + element.clientWidth),
    ]`,
  );
  return found.map((problem) => `${where}: ${problem}`);
}
