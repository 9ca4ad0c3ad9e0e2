import { describe, expect, it } from 'vitest';
import { MATCHES_API } from '@courtside/events/api-paths';
import type { Browser } from '../support/browser.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { expectAxeClean } from '../support/axe.ts';
import { club, drawnKnockout, scoreOf } from '../support/club.ts';
import { pageProblems, sidewaysScrolls } from '../support/page-checks.ts';

const PLAYERS = ['Anne de Vries', 'Bram Jansen', 'Cas Visser', 'Daan Smit', 'Eva Bakker', 'Fleur Mulder'];
const CUP = 'Clubkampioenschap';

interface Drawn {
  entries: Array<{ entryId: string; members: Array<{ name: string }> }>;
  draw: { rounds: Array<{ round: number; matchIds: string[] }> };
}

/**
 * DESIGN.md §16 knockout at 375 px in Dutch: a knockout of six (seeds 1 and 2 have byes) drawn through the API;
 * a phone that only watches the tournament page sees the bracket as rounds of matches, each result arrive live and
 * the winner stand in the next round's match at once, through to the final; each made match links to its match page.
 * Every page passes axe-core and shows no raw text key.
 */
describe('a knockout, at 375 px in Dutch', () => {
  const courtside = courtsideForBrowsers({ viewport: 'phone' });

  const checked = async (browser: Browser, where: string) => {
    await browser.page.locator('h1').first().waitFor();
    await expectAxeClean(browser.page, where);
    expect(await pageProblems(browser.page, where, 60)).toEqual([]);
  };

  it('shows the bracket with byes and follows every result live to the final', async () => {
    const url = courtside.url;
    const { manager, company, teams } = await club(url, { players: PLAYERS });
    const { tournamentId, drawn } = await drawnKnockout<Drawn>(manager, company.id, CUP, teams);
    const [[r1a, r1b], [r2a, r2b], [final]] = drawn.draw.rounds.map((round) => round.matchIds) as [
      [string, string],
      [string, string],
      [string],
    ];

    const watcher = await courtside.newBrowser();
    await watcher.page.goto(`${url}/webapps/tournaments/nl/${tournamentId}`);
    const page = watcher.page;
    const round = (name: string) => page.getByRole('list', { name, exact: true });
    await round('Ronde 1').waitFor();
    // Eight places: 1–bye, 4–5, 3–6, 2–bye. Round 1 is Daan–Eva and Cas–Fleur; Anne and Bram wait in round 2.
    await expect
      .poll(() => round('Ronde 1').getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringContaining('Daan Smit tegen Eva Bakker'),
        expect.stringContaining('Cas Visser tegen Fleur Mulder'),
      ]);
    await expect
      .poll(() => round('Ronde 2').getByRole('listitem').allInnerTexts())
      .toEqual(['Anne de Vries tegen Nog niet bekend', 'Nog niet bekend tegen Bram Jansen']);
    await round('Finale').getByText('Nog niet bekend tegen Nog niet bekend').waitFor();
    await checked(watcher, 'knockout: drawn');

    const save = async (matchId: string, text: string) =>
      expect(
        (await manager.json('PUT', `${MATCHES_API}/matches`, { id: matchId, ...scoreOf(text) })).status,
      ).toBe(200);

    // Each result reaches the watching phone by itself: the score, the winner in words, the next match made.
    await save(r1a, '3-6 4-6');
    await round('Ronde 1').getByText('Eva Bakker (winnaar)').waitFor();
    await round('Ronde 1').getByText('3-6 4-6').waitFor();
    await round('Ronde 2').getByText('Anne de Vries tegen Eva Bakker').waitFor();
    await save(r1b, '6-1 6-2');
    await round('Ronde 2').getByText('Cas Visser tegen Bram Jansen').waitFor();
    await save(r2a, '6-4 6-4');
    await save(r2b, '2-6 6-3 6-4');
    await round('Finale').getByText('Anne de Vries tegen Cas Visser').waitFor();
    await checked(watcher, 'knockout: the final made');
    // At 375 px the bracket does not scroll sideways.
    await watcher.screenshot('knockout-bracket-375');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await sidewaysScrolls(page, 'bracket at 375 px')).toEqual([]);
    await save(final, '7-5 7-6');
    await round('Finale').getByText('Anne de Vries (winnaar)').waitFor();

    // Each made match links to its match page.
    await round('Finale').getByRole('link', { name: 'Wedstrijd Anne de Vries tegen Cas Visser' }).click();
    await page.waitForURL(/\/webapps\/matches\/nl\/\?match=/);
    expect(page.url()).toContain(final);
  });
});
