import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNT_API, DEV_CLOCK_PATH } from '@courtside/events/api-paths';
import { PASSWORD } from '../support/accounts.ts';
import { expectAxeClean } from '../support/axe.ts';
import { signInBrowser, type ViewportName } from '../support/browser.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { club } from '../support/club.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NAMES = ['Ann Ace', 'Bo Break', 'Cy Volley'];

/** The words the journey clicks and reads, per language (web/src/locales/pause-*.ts, ladders-*.ts). */
const words = {
  en: {
    until: 'First day back',
    pause: 'Pause',
    tooLong: 'That is longer than the pause days your team has left',
    paused: 'Your team is paused until',
    daysLeft: 'You have 16 pause days left this season.',
    resume: 'Resume now',
    pausedUntil: 'Paused until',
    refusal: 'Paused',
    reason: 'One of the two teams is paused until it is back.',
    challengeBo: 'Challenge Bo Break',
  },
  nl: {
    until: 'Eerste dag terug',
    pause: 'Pauzeren',
    tooLong: 'Dat is langer dan de pauzedagen die je team nog heeft',
    paused: 'Je team pauzeert tot',
    daysLeft: 'Je hebt dit seizoen nog 16 pauzedagen.',
    resume: 'Nu hervatten',
    pausedUntil: 'Gepauzeerd tot',
    refusal: 'Gepauzeerd',
    reason: 'Een van beide teams pauzeert tot het terug is.',
    challengeBo: 'Bo Break uitdagen',
  },
} as const;

const rowOf = (page: Page, name: string) => page.getByTestId('standings-row').filter({ hasText: name });

/** DESIGN.md §9 "Pause": a player pauses their team, nobody can challenge it, the clock brings it back. */
describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('pausing a team, on %s in %s', (viewport, locale) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('a player pauses, a challenge against them is refused with a clear text, the dev clock passes until, the team is back', async () => {
    const baseUrl = courtside.url;
    const text = words[locale];
    const { ladderId, teams } = await club(baseUrl, { players: NAMES, companyName: `TC Pauses ${viewport}` });
    const [, bo, cy] = teams;
    const standingsUrl = `${baseUrl}/webapps/ladders/${locale}/${ladderId}`;
    const open = async (http: HttpClient) => {
      const browser = await courtside.newBrowser(http);
      await browser.page.goto(standingsUrl);
      await browser.page.getByTestId('standings').waitFor();
      return browser;
    };
    const player = await open(bo!.http);
    const challenger = await open(cy!.http);
    const { page } = player;
    // Cy (#3) may challenge Bo (#2) before the pause.
    await challenger.page.getByRole('button', { name: text.challengeBo }).waitFor();

    // Bo's own pause control, by keyboard: a day too far first (21 days allowed), then five days.
    const until = page.getByLabel(text.until);
    await until.waitFor({ timeout: 30_000 });
    await expectAxeClean(page, `pause control ${viewport} ${locale}`);
    await until.focus();
    await until.fill(day(30));
    await page.keyboard.press('Enter');
    await page.getByTestId('pause-control').getByText(text.tooLong).waitFor();
    await until.fill(day(5));
    await page.keyboard.press('Enter');
    await page.getByTestId('pause-state').getByText(text.paused).waitFor();
    expect(await page.getByTestId('pause-state').textContent()).toContain(text.daysLeft);
    await expect
      .poll(() => rowOf(page, 'Bo Break').getByTestId('paused-until').textContent())
      .toContain(text.pausedUntil);
    await expectAxeClean(page, `paused ${viewport} ${locale}`);
    await player.screenshot(`pauses-paused-${viewport}-${locale}`);

    // Cy's page follows live: no Challenge button for Bo, the row says why in words.
    await expect
      .poll(() => challenger.page.getByRole('button', { name: text.challengeBo }).count(), {
        timeout: 20_000,
      })
      .toBe(0);
    const refusal = rowOf(challenger.page, 'Bo Break').getByTestId('challenge-refusal');
    expect(await refusal.getAttribute('data-reason')).toBe('PAUSED');
    expect(await refusal.textContent()).toContain(text.refusal);
    expect(await refusal.getAttribute('title')).toBe(text.reason);
    expect(await rowOf(challenger.page, 'Bo Break').getByTestId('paused-until').textContent()).toContain(
      text.pausedUntil,
    );
    await expectAxeClean(challenger.page, `paused row ${viewport} ${locale}`);

    // The dev clock passes `until`: the deadline process brings Bo back, in its place.
    const moved = await courtside.client().json('POST', DEV_CLOCK_PATH, { advanceMs: 5 * DAY_MS });
    expect(moved.status).toBe(200);
    // Days later the access has run out: both sign in again, as people coming back would.
    for (const [team, browser] of [
      [cy!, challenger],
      [bo!, player],
    ] as const) {
      // The page left first: its own refresh of the expired session (401, then sign-out) must not clear the new one.
      await browser.page.goto('about:blank');
      const login = await team.http.json('POST', `${ACCOUNT_API}/account/login`, {
        email: team.account.email,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      await signInBrowser(browser.context, baseUrl, team.http);
    }
    await challenger.page.goto(standingsUrl);
    await challenger.page.getByTestId('standings').waitFor();
    await challenger.page.getByRole('button', { name: text.challengeBo }).waitFor({ timeout: 30_000 });
    expect(await challenger.page.getByTestId('team-name').allTextContents()).toEqual(NAMES);
    expect(await challenger.page.getByTestId('paused-until').count()).toBe(0);
    await page.goto(standingsUrl);
    await page.getByLabel(text.until).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: text.resume }).count()).toBe(0);
    expect(await page.getByTestId('pause-control').textContent()).toContain(text.daysLeft);
  }, 240_000);
});
