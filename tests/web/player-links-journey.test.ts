import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_API } from '@courtside/events/api-paths';
import { expectAxeClean } from '../support/axe.ts';
import type { ViewportName } from '../support/browser.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { drawnBoxes, plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { sentUntilTaken } from '../support/wait.ts';

const texts = {
  en: { notFound: 'This player does not exist.', left: 'Left' },
  nl: { notFound: 'Deze speler bestaat niet.', left: 'Vertrokken' },
};

/** The link is focused by the keyboard and shows a visible focus outline. */
async function expectVisibleFocus(page: Page, link: Locator, where: string) {
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const focus = await link.evaluate((element) => {
    const style = element.ownerDocument.defaultView!.getComputedStyle(element);
    return {
      focused: element === element.ownerDocument.activeElement,
      visible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    };
  });
  expect([where, focus]).toEqual([where, { focused: true, visible: true, outline: true }]);
}

/**
 * DESIGN.md §19 "Player pages": every player's name on a page links to their player page; DESIGN.md §15: an unknown
 * or malformed player id shows the not-found text in the page. Real Chromium, at 1280 px in English and 375 px in
 * Dutch.
 */
describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('names lead to player pages on %s in %s', (viewport, locale) => {
  const courtside = courtsideForBrowsers();

  it('a name on the standings, on a box table and on a match card each land on that player’s page', async () => {
    const url = courtside.url;
    // A ladder season: Ann and Bob with a planned match.
    const ladder = await seasonWithTeams(url, ['Ann Ace', 'Bob Baseline'], {
      companyName: `TC Links ${viewport}`,
    });
    const [ann, bob] = ladder.teams as [(typeof ladder.teams)[0], (typeof ladder.teams)[0]];
    await plannedMatch(ladder.manager, ladder.seasonId, ann.teamId, bob.teamId);
    // A box season of four, drawn; Dee leaves it after the draw (removed by the manager).
    const boxed = await seasonWithTeams(url, ['Cas Court', 'Dee Drop', 'Eve Edge', 'Fay Fault'], {
      companyName: `TC Box Links ${viewport}`,
      ladderName: 'Box Ladder',
      box: { size: 4 },
    });
    await drawnBoxes(boxed.manager, boxed.seasonId);
    const dee = boxed.teams[1]!;
    const removed = await sentUntilTaken(() =>
      boxed.manager.json('DELETE', `${ADMIN_API}/seasons/${boxed.seasonId}/teams/${dee.teamId}`),
    );
    expect(removed.status).toBe(200);

    const { page, screenshot } = await courtside.newBrowser(undefined, viewport);
    const heading = () => page.getByRole('heading', { level: 1 }).textContent();
    const playerPath = (id: string) => `/webapps/player/${locale}/${id}`;

    // The standings: Ann's name is a link (focus visible), and leads to her page.
    // The process's first server-rendered page: at a load of 20+ its every subresource took longer than `load`'s
    // 30 s; the app's own rendering is waited for all the same (browser.ts).
    await page.goto(`${url}/webapps/ladders/${locale}/${ladder.ladderId}`, { waitUntil: 'domcontentloaded' });
    const annOnStandings = page.getByTestId('standings-row').getByRole('link', { name: 'Ann Ace' });
    await annOnStandings.waitFor();
    await expectVisibleFocus(page, annOnStandings, 'standings');
    await expectAxeClean(page, `standings with player links (${viewport}, ${locale})`);
    await annOnStandings.click();
    await page.waitForURL(`**${playerPath(ann.account.id)}`);
    await expect.poll(heading).toBe('Ann Ace');

    // A match card on Ann's page: Bob's name leads to his page.
    const bobOnCard = page.getByTestId('side-challenger').getByRole('link', { name: 'Bob Baseline' });
    await bobOnCard.waitFor();
    await expectVisibleFocus(page, bobOnCard, 'match card');
    await expectAxeClean(page, `player page with a match card (${viewport}, ${locale})`);
    await screenshot(`player-links-player-page-${viewport}-${locale}`);
    await bobOnCard.click();
    await page.waitForURL(`**${playerPath(bob.account.id)}`);
    await expect.poll(heading).toBe('Bob Baseline');

    // A box table: Dee's row is at the bottom marked as left; Eve's name leads to her page.
    await page.goto(`${url}/webapps/ladders/${locale}/${boxed.ladderId}`);
    const rows = page.getByTestId('box-row');
    await expect.poll(() => rows.count()).toBe(4);
    await expect.poll(() => rows.last().getAttribute('data-team-id')).toBe(dee.teamId);
    expect(await rows.last().getByTestId('box-left').textContent()).toBe(texts[locale].left);
    const eveInTable = rows.getByRole('link', { name: 'Eve Edge' });
    await expectVisibleFocus(page, eveInTable, 'box table');
    await expectAxeClean(page, `box table with a side that left (${viewport}, ${locale})`);
    await screenshot(`player-links-box-table-${viewport}-${locale}`);
    await eveInTable.click();
    await page.waitForURL(`**${playerPath(boxed.teams[2]!.account.id)}`);
    await expect.poll(heading).toBe('Eve Edge');
  });

  it('an unknown or malformed player id shows the not-found text in the page, once, and asks nothing wrong', async () => {
    const { page, screenshot } = await courtside.newBrowser(undefined, viewport);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-player']) {
      await page.goto(`${courtside.url}/webapps/player/${locale}/${id}`);
      const notFound = page.getByTestId('player-not-found');
      await notFound.waitFor();
      expect(await notFound.textContent()).toContain(texts[locale].notFound);
      expect(await page.getByText('Invalid query').count()).toBe(0);
      expect(await page.getByTestId('player-not-found').count()).toBe(1);
      await expectAxeClean(page, `unknown player ${id} (${viewport}, ${locale})`);
    }
    await screenshot(`player-not-found-${viewport}-${locale}`);
  });
});
