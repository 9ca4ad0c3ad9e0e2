import { describe, expect, it } from 'vitest';
import { signInBrowser, viewports, type ViewportName } from '../support/browser.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { ACCOUNT_API, LADDER_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

/** DESIGN.md §6: "Subscribe in your calendar" on My matches (the personal feed) and on a ladder's standings. */
describe.each<ViewportName>(['desktop', 'phone'])('the calendar subscribe links on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('links My matches to the personal feed and the standings to the ladder feed, in English and Dutch; the account page renews the personal one', async () => {
    const { teams, ladderId } = await seasonWithTeams(courtside.url, 1);
    const player = teams[0]!.http;
    const { body: account } = await player.json<{ calendarUrl: string }>('GET', `${ACCOUNT_API}/account`);
    const browser = await courtside.newBrowser();
    const { page } = browser;
    const fitsOnScreen = async (name: string) => {
      const box = await page.getByRole('link', { name }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewports[viewport].width);
    };

    // The ladder feed is public: no sign-in needed.
    await page.goto(`${courtside.url}/webapps/ladders/en/${ladderId}`);
    const ladderLink = page.getByRole('link', { name: 'Subscribe in your calendar' });
    await ladderLink.waitFor();
    expect(await ladderLink.getAttribute('href')).toBe(
      webcal(`${courtside.url}${LADDER_API}/ladders/${ladderId}/calendar.ics`),
    );
    await fitsOnScreen('Subscribe in your calendar');
    await browser.screenshot(`calendar-standings-${viewport}`);

    await signInBrowser(browser.context, courtside.url, player);
    await page.goto(`${courtside.url}/webapps/matches/en/`);
    const ownLink = page.getByRole('link', { name: 'Subscribe in your calendar' });
    await ownLink.waitFor();
    expect(await ownLink.getAttribute('href')).toBe(webcal(account.calendarUrl));
    expect(webcal(account.calendarUrl)).toMatch(
      /^webcal:\/\/127\.0\.0\.1:\d+\/webapps\/api\/matches\/api\/v1\/calendar\//,
    );
    await fitsOnScreen('Subscribe in your calendar');
    await browser.screenshot(`calendar-my-matches-${viewport}`);

    await page.goto(`${courtside.url}/webapps/matches/nl/`);
    const dutch = page.getByRole('link', { name: 'Abonneer in je agenda' });
    await dutch.waitFor();
    expect(await dutch.getAttribute('href')).toBe(webcal(account.calendarUrl));
    await page.goto(`${courtside.url}/webapps/ladders/nl/${ladderId}`);
    await page.getByRole('link', { name: 'Abonneer in je agenda' }).waitFor();
    await fitsOnScreen('Abonneer in je agenda');

    // The account page makes a new address when the old one got out: the old one answers 404 from then on.
    await page.goto(`${courtside.url}/webapps/account/en/`);
    const accountLink = page.getByRole('link', { name: 'Subscribe in your calendar' });
    await accountLink.waitFor();
    expect(await accountLink.getAttribute('href')).toBe(webcal(account.calendarUrl));
    await page.getByRole('button', { name: 'New calendar address' }).click();
    await page.getByText('New calendar address made: the old one no longer works').waitFor();
    await expect.poll(() => accountLink.getAttribute('href')).not.toBe(webcal(account.calendarUrl));
    const { body: renewed } = await player.json<{ calendarUrl: string }>('GET', `${ACCOUNT_API}/account`);
    expect(await accountLink.getAttribute('href')).toBe(webcal(renewed.calendarUrl));
    expect((await fetch(account.calendarUrl)).status).toBe(404);
    expect((await fetch(renewed.calendarUrl)).status).toBe(200);
    await fitsOnScreen('Subscribe in your calendar');
    await browser.screenshot(`calendar-account-${viewport}`);
  });
});
