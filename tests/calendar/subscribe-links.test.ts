import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { openBrowser, signInBrowser, viewports, type ViewportName } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { ACCOUNT_API, LADDER_API } from '@courtside/events/api-paths';

const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

/** DESIGN.md §6: "Subscribe in your calendar" on My matches (the personal feed) and on a ladder's standings. */
describe.each<ViewportName>(['desktop', 'phone'])('the calendar subscribe links on %s', (viewport) => {
  let courtside: RunningCourtside;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('links My matches to the personal feed and the standings to the ladder feed, in English and Dutch', async () => {
    const { teams, ladderId } = await seasonWithTeams(courtside.url!, 1);
    const player = teams[0]!.http;
    const { body: account } = await player.json<{ calendarUrl: string }>('GET', `${ACCOUNT_API}/account`);
    const browser = await openBrowser(viewport);
    try {
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

      await signInBrowser(browser.context, courtside.url!, player);
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
    } finally {
      await browser.close();
    }
  });
});
