import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { signedInAccount } from '../support/accounts.ts';
import { expectAxeClean } from '../support/axe.ts';
import { openBrowser, signInBrowser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { ACCOUNT_API } from '@courtside/events/api-paths';

/** The cookies of a signed-in client as its browser sends them. */
function cookieHeader(http: HttpClient): string {
  return ['SESSION-ID', 'courtside.loggedin', 'courtside.expire', 'XSRF-TOKEN']
    .flatMap((name) => {
      const value = http.cookie(name);
      return value === undefined ? [] : [`${name}=${value}`];
    })
    .join('; ');
}

/** Where "My matches" mails lead: its frame is painted before the scripts arrive, with no one's data. */
describe('the first paint of My matches', () => {
  let courtside: RunningCourtside;
  let setup: Awaited<ReturnType<typeof seasonWithTeams>> & { matchId: string };
  const myMatches = () => `${courtside.url}/webapps/matches/en/`;

  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
    const season = await seasonWithTeams(courtside.url!, ['Ann Paintwell', 'Bob Framer']);
    const [ann, bob] = season.teams;
    setup = {
      ...season,
      matchId: await plannedMatch(season.manager, season.seasonId, ann!.teamId, bob!.teamId),
    };
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('sends a signed-in request the page’s frame, never stored, with none of anyone’s data; a signed-out one none', async () => {
    const pageFor = async (cookie?: string) => {
      const answer = await fetch(myMatches(), { headers: cookie ? { cookie } : {} });
      expect(answer.status).toBe(200);
      return {
        html: await answer.text(),
        cacheControl: answer.headers.get('cache-control'),
        vary: answer.headers.get('vary'),
      };
    };
    const ann = await pageFor(cookieHeader(setup.teams[0]!.http));
    const other = new HttpClient(courtside.url!);
    await signedInAccount(other, { fullName: 'Cleo Outsider' });
    const stranger = await pageFor(cookieHeader(other));
    const signedOut = await pageFor();

    const frame = (html: string) =>
      /<div id="root"><div inert>(.*?)<\/div><\/div>\s*(<script|<\/body>)/s.exec(html)?.[1];
    expect(ann.html).toMatch(/<div id="root"><div inert>.*<h1[^>]*>My matches<\/h1>/s);
    expect(frame(ann.html)).toContain('Your planned matches and your results.');
    // The same frame for every signed-in person: no name, team, match or answer of the one who asked.
    expect(frame(stranger.html)).toBe(frame(ann.html));
    for (const secret of [
      'Ann Paintwell',
      'Bob Framer',
      'Cleo Outsider',
      setup.matchId,
      setup.teams[0]!.teamId,
    ])
      expect([secret, ann.html.includes(secret) || stranger.html.includes(secret)]).toEqual([secret, false]);
    expect(ann.html).not.toContain('id="first-data"');
    expect(ann.cacheControl).toBe('no-store, private');
    expect(ann.vary).toMatch(/cookie/i);
    // Signed out: no first paint (the app sends the browser to the login page).
    expect(signedOut.html).not.toContain('<div inert>');
    expect(signedOut.cacheControl).not.toContain('no-store');
  });

  it('shows a signed-in player the frame before the scripts arrive; the app takes over without moving it', async () => {
    const browser = await openBrowser('phone', { waitForTheApp: false });
    try {
      const { page } = browser;
      await signInBrowser(browser.context, courtside.url!, setup.teams[0]!.http);
      const scripts = '**/webapps/assets/*.js';
      await page.route(scripts, (route) => route.abort());
      await page.goto(myMatches());
      const painted = page.locator('#root > [inert] h1');
      expect(await painted.textContent()).toBe('My matches');
      // The top bar's account corner, not a "Sign in" link.
      expect(await page.locator('#root > [inert]').getByText('Sign in').count()).toBe(0);
      const paintedBox = await painted.boundingBox();
      await browser.screenshot('first-paint-my-matches-phone');

      await page.unroute(scripts);
      await page.reload();
      await page.locator('#root > [inert]').waitFor({ state: 'detached' });
      await page.locator(`[data-testid="match-card"][data-match-id="${setup.matchId}"]`).waitFor();
      expect(page.url()).toBe(myMatches());
      expect(await page.locator('h1').boundingBox()).toEqual(paintedBox);
      await expectAxeClean(page, 'my matches after its first paint');
    } finally {
      await browser.close();
    }
  });

  it('reads the signed-in account once, for the top bar, the calendar link and the challenges together', async () => {
    const browser = await openBrowser('phone');
    try {
      const { page } = browser;
      await signInBrowser(browser.context, courtside.url!, setup.teams[0]!.http);
      const accountReads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'GET' && new URL(request.url()).pathname === `${ACCOUNT_API}/account`)
          accountReads.push(request.url());
      });
      await page.goto(myMatches());
      await page.locator(`[data-testid="match-card"][data-match-id="${setup.matchId}"]`).waitFor();
      // Each of the three shows the account: the menu its name, the page its calendar feed, the bell is there.
      await page.getByRole('button', { name: /Ann Paintwell/ }).waitFor();
      await page.getByRole('link', { name: 'Subscribe in your calendar' }).waitFor();
      await page.getByRole('button', { name: /notifications/i }).waitFor();
      expect(accountReads).toHaveLength(1);
    } finally {
      await browser.close();
    }
  });
});
