import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { expectAxeClean } from '../support/axe.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { tabTo } from '../support/keyboard.ts';

/**
 * What a new club meets in its first month, on a phone (375 px; the 1280 px screenshots are for people to look at):
 * the empty home page says how to start a club and how players find theirs; the manager's team counts stay on one
 * line; a challenge asks before it goes out, naming the opponent (DESIGN.md §14, §19).
 */
describe('a new club’s first month, on a phone', () => {
  const courtside = courtsideForBrowsers();

  /** How many lines the text of `element` takes. */
  const lines = (element: Locator) =>
    element.evaluate((node) => {
      const range = node.ownerDocument.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });

  // First in the file: no club has a ladder yet.
  it('the empty home page starts a club and tells players how to find theirs, in both languages', async () => {
    const browser = await courtside.newBrowser(undefined, 'phone');
    const { page } = browser;
    await page.goto(`${courtside.url}/webapps/`);
    await page.waitForURL('**/webapps/ladders/en/');
    await page.getByRole('heading', { name: 'No ladders yet' }).waitFor();
    const start = page.getByRole('link', { name: 'Start a club' });
    expect(await start.getAttribute('href')).toBe('/webapps/company/en/onboarding');
    await page.getByText('Playing at a club? Ask its manager for an invitation').waitFor();
    await page.getByRole('link', { name: 'Sign in to find your club' }).waitFor();
    await expectAxeClean(page, 'the empty home page (phone)');
    await browser.screenshot('first-month-empty-home-phone');

    await page.goto(`${courtside.url}/webapps/ladders/nl/`);
    await page.getByRole('heading', { name: 'Nog geen ladders' }).waitFor();
    await page.getByRole('link', { name: 'Log in om je club te vinden' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start een club' }).getAttribute('href')).toBe(
      '/webapps/company/nl/onboarding',
    );
    await expectAxeClean(page, 'the empty home page, Dutch (phone)');

    // Signed out, Start a club leads through sign-in to the new-company form.
    await page.getByRole('link', { name: 'Start een club' }).click();
    await page.waitForURL('**/webapps/account/nl/login?from=*');
    const wide = await courtside.newBrowser(undefined, 'desktop');
    await wide.page.goto(`${courtside.url}/webapps/ladders/en/`);
    await wide.page.getByRole('link', { name: 'Start a club' }).waitFor();
    await wide.screenshot('first-month-empty-home-desktop');
  });

  it('the manager’s team counts stay on one line at 375 px', async () => {
    const { manager, company } = await managerWithSeason(courtside.url, {
      companyName: 'TC First Month',
      ladderName: 'First ladder',
    });
    const browser = await courtside.newBrowser(manager, 'phone');
    const { page } = browser;
    for (const locale of ['en', 'nl']) {
      await page.goto(`${courtside.url}/webapps/manager/${locale}/${company.id}/ladders/First%20ladder`);
      const counts = page.getByTestId('team-count');
      await counts.first().waitFor();
      expect(await counts.count()).toBe(3);
      for (const count of await counts.all()) {
        const text = `${locale}: ${await count.textContent()}`;
        expect([text, await lines(count)]).toEqual([text, 1]);
      }
      await browser.screenshot(`first-month-participants-${locale}-phone`);
    }
    const wide = await courtside.newBrowser(manager, 'desktop');
    await wide.page.goto(`${courtside.url}/webapps/manager/en/${company.id}/ladders/First%20ladder`);
    await wide.page.getByTestId('team-count').first().waitFor();
    await wide.screenshot('first-month-participants-desktop');
  });

  it('a challenge asks first, naming the opponent, in both languages', async () => {
    const { ladderId, teams } = await seasonWithTeams(courtside.url, ['Ann Ace', 'Bo Baseline'], {
      companyName: 'TC Ask First',
      ladderName: 'Ask ladder',
    });
    const browser = await courtside.newBrowser(teams[1]!.http, 'phone');
    const { page } = browser;
    await page.goto(`${courtside.url}/webapps/ladders/en/${ladderId}`);
    const challenge = page.getByRole('button', { name: 'Challenge Ann Ace' });
    await tabTo(page, challenge);
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog');
    await question.getByText('Challenge Ann Ace?').waitFor();
    await expectAxeClean(page, 'the challenge question (phone)');
    await browser.screenshot('first-month-challenge-question-phone');
    // A tap by accident: Cancel sends nothing.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await page.getByTestId('challenge-chip').count()).toBe(0);

    await page.goto(`${courtside.url}/webapps/ladders/nl/${ladderId}`);
    await page.getByRole('button', { name: 'Ann Ace uitdagen' }).click();
    await page.getByRole('dialog').getByText('Ann Ace uitdagen?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Uitdaging sturen' }).click();
    await page.getByTestId('challenge-chip').first().waitFor();
  });
});
