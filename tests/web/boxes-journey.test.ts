import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { documentViolations, expectAxeClean } from '../support/axe.ts';
import { openBrowser, signInBrowser, type Browser, selectTab } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, drawnBoxes, seasonWithTeams } from '../support/ladder-setup.ts';

const NAMES = ['Ann Ace', 'Bo Break', 'Cy Volley', 'Di Drop', 'Ed Lob'];
/** Eleven sides for boxes of 5: 6 and 5 (DESIGN.md §12's last-box rule), not 5, 5 and 1. */
const ELEVEN = [
  'Ada Ace',
  'Ben Base',
  'Cor Chip',
  'Dex Drive',
  'Eva Edge',
  'Fay Fault',
  'Gus Grip',
  'Hal Hook',
  'Ivy Inside',
  'Jan Jump',
  'Kit Kick',
];

interface BoxAnswer {
  boxId: string;
  number: number;
  rows: Array<{ teamId: string; members: Array<{ fullName: string }> }>;
  matches: Array<{ matchId: string; defenderId: string; challengerId: string }>;
}

/** DESIGN.md §12: a manager makes a season a box league and draws it; the public page shows it, live. */
describe('box league journey, desktop in English', () => {
  let courtside: RunningCourtside;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await courtside?.stop();
  });
  /** A browser of its own for `who`, signed in, on `address` of the app (closed after the tests). */
  const signedInPage = async (who: HttpClient, address: string) => {
    const browser = await openBrowser('desktop');
    browsers.push(browser);
    await signInBrowser(browser.context, courtside.url!, who);
    await browser.page.goto(`${courtside.url!}/webapps${address}`);
    return browser;
  };

  it('the manager sets boxes of 4 and draws 5 teams into one box of 5 (its matches grouped by box); the standings show its table and matches and follow a result', async () => {
    const baseUrl = courtside.url!;
    const { manager, company, ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, 5, {
      companyName: 'TC Boxes',
    });
    for (const [index, team] of teams.entries()) {
      const renamed = await team.http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName: NAMES[index],
        phoneNumber: { countryCode: '31', number: '06 12345678' },
      });
      expect(renamed.status).toBe(200);
    }

    // The manager: Season tab, "Play this season in boxes", 4 per box, save, then draw (by keyboard).
    const managerBrowser = await signedInPage(manager, `/manager/en/${company.id}/ladders/Club%20Ladder`);
    const { page } = managerBrowser;
    // The season's own tabs (Participants, Matches, Season) come once its seasons are read.
    await page.getByRole('tab', { name: 'Participants' }).waitFor();
    await selectTab(page.getByRole('tab', { name: 'Season details', exact: true }));
    // The season form holds the format and the box settings (these show once the season plays in boxes).
    const settings = page.getByTestId('box-settings');
    expect(await settings.getByLabel('Teams per box').count()).toBe(0);
    await settings.getByLabel('Play this season in boxes').check();
    await settings.getByLabel('Teams per box').selectOption('4');
    await settings.getByLabel('Up a box at the close').selectOption('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-kind]', { hasText: 'Season changed' }).first().waitFor();
    const saved = await manager.json<{ format: string; box: object }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladderId}/seasons/${seasonId}`,
    );
    expect(saved.body).toMatchObject({
      format: 'BOX',
      box: { size: 4, promote: 2, relegate: 1, pointsWin: 3 },
    });
    const boxes = page.getByTestId('boxes-manager');
    const draw = boxes.getByRole('button', { name: 'Draw boxes' });
    await draw.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-kind]', { hasText: 'Drew 1 box.' }).first().waitFor();
    // The season has its box matches now: its format is fixed, and the form says so (409 HAS_MATCHES).
    await settings.getByLabel('Play this season in boxes').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await settings.getByText('The season has a match already: its format can no longer change.').waitFor();
    expect(await settings.getByLabel('Play this season in boxes').getAttribute('aria-invalid')).toBe('true');
    const stillBoxes = await manager.json<{ format: string }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladderId}/seasons/${seasonId}`,
    );
    expect(stillBoxes.body.format).toBe('BOX');
    await settings.getByLabel('Play this season in boxes').check();
    await expectAxeClean(page, 'manager season tab with boxes');
    await managerBrowser.screenshot('boxes-manager-season-desktop');

    // The Matches tab groups the season's matches by box: box 1 with its 10 pairings.
    await selectTab(page.getByRole('tab', { name: 'Matches', exact: true }));
    const group = page.getByTestId('box-match-group');
    await group.getByRole('heading', { name: 'Box 1', exact: true }).waitFor();
    await expect.poll(() => group.locator(':scope > ul > li').count()).toBe(10);
    await expectAxeClean(page, 'manager matches tab of a box season');
    await managerBrowser.screenshot('boxes-manager-matches-desktop');

    // Anyone: the standings page is the box's table (5 teams, none played) and its 10 matches.
    const viewer = await openBrowser('desktop');
    browsers.push(viewer);
    await viewer.page.goto(`${baseUrl}/webapps/ladders/en/${ladderId}`);
    const box = viewer.page.getByTestId('box');
    await box.getByRole('heading', { name: 'Box 1', exact: true }).waitFor();
    await expect.poll(() => box.getByTestId('box-row').count()).toBe(5);
    expect(await box.getByTestId('box-matches').locator('li').count()).toBe(10);
    expect(await box.getByRole('table', { name: 'Table of box 1' }).isVisible()).toBe(true);
    await expectAxeClean(viewer.page, 'standings of a box season');
    await viewer.screenshot('boxes-standings-desktop');

    // Ed beats Ann: the open page moves Ed to the top with 3 points, Ann gets 1 for the match played.
    const boxesAnswer = await new HttpClient(baseUrl).json<Array<{ matchIds: string[] }>>(
      'GET',
      `${LADDER_API}/seasons/${seasonId}/boxes`,
    );
    // The pairings in draw order: Ann–Bo, Ann–Cy, Ann–Di, Ann–Ed, …
    const matchId = boxesAnswer.body[0]!.matchIds[3]!;
    const match = await manager.json<object>('GET', `${MATCHES_API}/matches/${matchId}`);
    const result = await manager.json('PUT', `${MATCHES_API}/matches`, {
      ...match.body,
      defender: { matchSets: [{ score: 1 }, { score: 2 }], special: 'none' },
      challenger: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' },
    });
    expect(result.status).toBe(200);
    const firstRow = box.getByTestId('box-row').first();
    await expect.poll(() => firstRow.innerText()).toContain('Ed Lob');
    expect(await firstRow.getByTestId('box-points').innerText()).toBe('3');
    const annRow = box.getByTestId('box-row').filter({ hasText: 'Ann Ace' });
    expect(await annRow.getByTestId('box-points').innerText()).toBe('1');
    await box.getByTestId('box-matches').getByText('1-6 2-6 · Played').waitFor();
  }, 120_000);

  it('a manager draws 11 sides into boxes of 6 and 5, two players enter and confirm a box result in their own pages, the public tables follow live, and the close puts the box winner up a box in the next season', async () => {
    const baseUrl = courtside.url!;
    const { manager, company, ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, ELEVEN, {
      companyName: 'TC Eleven Boxes',
    });
    // The manager makes the running season a box league of 5 per box and draws it, in the browser.
    const managerBrowser = await signedInPage(manager, `/manager/en/${company.id}/ladders/Club%20Ladder`);
    const { page } = managerBrowser;
    await page.getByRole('tab', { name: 'Participants' }).waitFor();
    // First the season to close into, later on the same ladder: a new season in boxes, from the season form.
    await page.getByRole('button', { name: 'Add season' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Spring');
    await page.getByLabel('Start date').fill(day(91));
    await page.getByLabel('End date').fill(day(180));
    await page.getByTestId('box-settings').getByLabel('Play this season in boxes').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-kind]', { hasText: 'Season created' }).first().waitFor();
    await page.getByRole('button', { name: /Spring/ }).click();
    await page.getByRole('option', { name: 'Winter (active)' }).click();
    await selectTab(page.getByRole('tab', { name: 'Season details', exact: true }));
    const settings = page.getByTestId('box-settings');
    await settings.getByLabel('Play this season in boxes').check();
    expect(await settings.getByLabel('Teams per box').inputValue()).toBe('5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-kind]', { hasText: 'Season changed' }).first().waitFor();
    const boxes = page.getByTestId('boxes-manager');
    await boxes.getByRole('button', { name: 'Draw boxes' }).click();
    await page.locator('[data-kind]', { hasText: 'Drew 2 boxes.' }).first().waitFor();

    // Anyone's standings page: box 1 of 6 sides, box 2 of 5 (no third box of 1).
    const viewer = await openBrowser('desktop');
    browsers.push(viewer);
    await viewer.page.goto(`${baseUrl}/webapps/ladders/en/${ladderId}`);
    const box1 = viewer.page.locator('[data-testid="box"][data-box-number="1"]');
    const box2 = viewer.page.locator('[data-testid="box"][data-box-number="2"]');
    await box2.getByRole('heading', { name: 'Box 2', exact: true }).waitFor();
    expect(await viewer.page.getByTestId('box').count()).toBe(2);
    expect(await box1.getByTestId('box-row').count()).toBe(6);
    expect(await box2.getByTestId('box-row').count()).toBe(5);
    expect(await box1.getByTestId('box-matches').locator('li').count()).toBe(15);
    expect(await box2.getByTestId('box-matches').locator('li').count()).toBe(10);
    // Nothing played: box 1's last row is the side that goes down at the close.
    const relegated = (await box1.getByTestId('box-row').last().locator('td').nth(1).innerText()).trim();
    // The page is never loaded again from here: what changes on it comes live.
    await viewer.page.evaluate('window.stillTheSamePage = true');

    // Kit (box 2's last side) beats Gus (its first), entered on Kit's own My matches page.
    const answer = await new HttpClient(baseUrl).json<BoxAnswer[]>(
      'GET',
      `${LADDER_API}/seasons/${seasonId}/boxes`,
    );
    const gus = teams[6]!;
    const kit = teams[10]!;
    const secondBox = answer.body.find((box) => box.number === 2)!;
    expect(secondBox.rows.map((row) => row.teamId)).toContain(kit.teamId);
    const theMatch = secondBox.matches.find((match) =>
      [match.defenderId, match.challengerId].every((id) => id === gus.teamId || id === kit.teamId),
    )!;
    expect(theMatch).toBeDefined();
    const card = (scope: Page) =>
      scope.locator(`[data-testid="match-card"][data-match-id="${theMatch.matchId}"]`);

    const kitBrowser = await signedInPage(kit.http, '/matches/en/');
    const kitCard = card(kitBrowser.page);
    await kitCard.getByRole('button', { name: 'Edit' }).click();
    for (const set of [1, 2]) {
      await kitCard.getByLabel(`Set ${set} score of Gus Grip`).fill('2');
      await kitCard.getByLabel(`Set ${set} score of Kit Kick`).fill('6');
    }
    await kitCard.getByRole('button', { name: 'Save' }).click();
    await kitBrowser.page.getByText('Match saved').first().waitFor();
    await kitCard.getByText(/^Waiting for Gus Grip to confirm/).waitFor();

    // The public table shows the result waiting for confirmation, with no points yet.
    const kitRow = box2.getByTestId('box-row').filter({ hasText: 'Kit Kick' });
    await box2.getByTestId('box-matches').getByText('(waits for confirmation)').waitFor();
    expect(await kitRow.getByTestId('box-points').innerText()).toBe('0');

    // Gus confirms on his own page: the open standings page puts Kit on top of box 2 with 3 points.
    const gusBrowser = await signedInPage(gus.http, '/matches/en/');
    const gusCard = card(gusBrowser.page);
    await gusCard.getByRole('button', { name: 'Confirm result' }).click();
    await gusBrowser.page.getByText('Result confirmed').first().waitFor();
    await expect.poll(() => kitRow.getByTestId('box-points').innerText()).toBe('3');
    expect(await box2.getByTestId('box-row').first().innerText()).toContain('Kit Kick');
    const gusRow = box2.getByTestId('box-row').filter({ hasText: 'Gus Grip' });
    expect(await gusRow.getByTestId('box-points').innerText()).toBe('1');
    expect(await box2.getByTestId('box-matches').getByText('(waits for confirmation)').count()).toBe(0);
    expect(await viewer.page.evaluate<boolean>("'stillTheSamePage' in window")).toBe(true);
    await expectAxeClean(viewer.page, 'standings of a box season after a confirmed result');
    await viewer.screenshot('boxes-eleven-standings-desktop');

    // The manager closes the season into Spring: Kit goes up to box 1, the last of box 1 down to box 2.
    await boxes.getByLabel('Next season').selectOption({ label: 'Spring' });
    await boxes.getByRole('button', { name: 'Close into the next season' }).click();
    await page
      .locator('[data-kind]', { hasText: 'The next season has 11 teams, with promotion and relegation.' })
      .first()
      .waitFor();

    // Spring: the manager draws its boxes by position; its Matches tab shows Kit in box 1, the relegated in box 2.
    await page.getByRole('button', { name: /Winter/ }).click();
    await page.getByRole('option', { name: 'Spring' }).click();
    await selectTab(page.getByRole('tab', { name: 'Season details', exact: true }));
    await boxes.getByRole('button', { name: 'Draw boxes' }).click();
    await page.locator('[data-kind]', { hasText: 'Drew 2 boxes.' }).first().waitFor();
    await selectTab(page.getByRole('tab', { name: 'Matches', exact: true }));
    const group = (number: number) =>
      page.getByTestId('box-match-group').filter({
        has: page.getByRole('heading', { name: `Box ${number}`, exact: true }),
      });
    await expect.poll(() => group(1).getByTestId('match-card').count()).toBe(15);
    await expect.poll(() => group(2).getByTestId('match-card').count()).toBe(10);
    expect(await group(1).getByTestId('match-card').filter({ hasText: 'Kit Kick' }).count()).toBe(5);
    expect(await group(2).getByTestId('match-card').filter({ hasText: 'Kit Kick' }).count()).toBe(0);
    expect(await group(2).getByTestId('match-card').filter({ hasText: relegated }).count()).toBe(4);
    expect(await group(1).getByTestId('match-card').filter({ hasText: relegated }).count()).toBe(0);
    await expectAxeClean(page, 'manager matches tab of the next box season');
    await managerBrowser.screenshot('boxes-next-season-matches-desktop');
  }, 240_000);

  it('the widget of a box season shows each box with its table, follows a result live, in English and Dutch at 1280 and 375 px', async () => {
    const baseUrl = courtside.url!;
    const { manager, ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, ELEVEN.slice(0, 7), {
      companyName: 'TC Widget Boxes',
      box: { size: 4 },
    });
    // Seven sides in boxes of 4: boxes of 4 and 3.
    const drawn = await drawnBoxes(manager, seasonId);
    expect(drawn.map((box) => box.teamIds.length)).toEqual([4, 3]);
    const answer = await new HttpClient(baseUrl).json<BoxAnswer[]>(
      'GET',
      `${LADDER_API}/seasons/${seasonId}/boxes`,
    );
    const result = async (box: number, winnerId: string) => {
      const match = answer.body
        .find((candidate) => candidate.number === box)!
        .matches.find((candidate) => [candidate.defenderId, candidate.challengerId].includes(winnerId))!;
      const stored = await manager.json<object>('GET', `${MATCHES_API}/matches/${match.matchId}`);
      const won = { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' };
      const lost = { matchSets: [{ score: 3 }, { score: 4 }], special: 'none' };
      const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
        ...stored.body,
        defender: match.defenderId === winnerId ? won : lost,
        challenger: match.challengerId === winnerId ? won : lost,
      });
      expect(saved.status).toBe(200);
    };
    // Cor (box 1's third) wins a match: 3 points, on top of box 1.
    await result(1, teams[2]!.teamId);

    const viewer = await openBrowser('desktop');
    browsers.push(viewer);
    const { page } = viewer;
    // The widget by the ladder's id (its current season) in English.
    await page.goto(`${baseUrl}/webapps/widget/en/?event=${ladderId}`);
    const widgetBoxes = page.getByTestId('widget-boxes');
    await widgetBoxes.getByRole('heading', { name: 'Boxes', exact: true }).waitFor();
    const box = (number: number) => widgetBoxes.locator(`[data-testid="box"][data-box-number="${number}"]`);
    await box(2).getByRole('table', { name: 'Table of box 2' }).waitFor();
    expect(await widgetBoxes.getByTestId('box').count()).toBe(2);
    expect(await box(1).getByTestId('box-row').count()).toBe(4);
    expect(await box(2).getByTestId('box-row').count()).toBe(3);
    expect(await box(1).getByTestId('box-row').first().innerText()).toContain('Cor Chip');
    expect(await box(1).getByTestId('box-row').first().getByTestId('box-points').innerText()).toBe('3');
    // The widget lists the matches below; the boxes show their tables only.
    expect(await widgetBoxes.getByTestId('box-matches').count()).toBe(0);
    // The widget has no app frame (no #main): axe looks at the whole document.
    expect(await documentViolations(page, 'widget of a box season (en, 1280)')).toEqual([]);
    await viewer.screenshot('boxes-widget-desktop');

    // Live: Gus (box 2's last) wins a match; the open widget puts him on top of box 2.
    await page.evaluate('window.stillTheSamePage = true');
    await result(2, teams[6]!.teamId);
    await expect.poll(() => box(2).getByTestId('box-row').first().innerText()).toContain('Gus Grip');
    expect(await box(2).getByTestId('box-row').first().getByTestId('box-points').innerText()).toBe('3');
    expect(await page.evaluate<boolean>("'stillTheSamePage' in window")).toBe(true);

    // By the season's id, in Dutch, at 375 px: the same boxes, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${baseUrl}/webapps/widget/nl/?event=${seasonId}`);
    await widgetBoxes.getByRole('heading', { name: 'Poules', exact: true }).waitFor();
    await box(2).getByRole('table', { name: 'Stand van poule 2' }).waitFor();
    expect(await box(2).getByTestId('box-row').first().innerText()).toContain('Gus Grip');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await documentViolations(page, 'widget of a box season (nl, 375)')).toEqual([]);
    await viewer.screenshot('boxes-widget-phone');
  }, 180_000);
});
