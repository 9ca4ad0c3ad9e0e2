import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { expectAxeClean } from '../support/axe.ts';
import { openBrowser, signInBrowser, type Browser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

const NAMES = ['Ann Ace', 'Bo Break', 'Cy Volley', 'Di Drop', 'Ed Lob'];

/** DESIGN.md §12 (issue 41): a manager makes a season a box league and draws it; the public page shows it, live. */
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
    const managerBrowser = await openBrowser('desktop');
    browsers.push(managerBrowser);
    await signInBrowser(managerBrowser.context, baseUrl, manager);
    const { page } = managerBrowser;
    await page.goto(`${baseUrl}/webapps/manager/en/${company.id}/ladders/Club%20Ladder`);
    // The season's own tabs (Participants, Matches, Season) come once its seasons are read.
    await page.getByRole('tab', { name: 'Participants' }).waitFor();
    await page.getByRole('tab', { name: 'Season', exact: true }).last().click();
    const boxes = page.getByTestId('boxes-manager');
    await boxes.getByLabel('Play this season in boxes').check();
    await boxes.getByLabel('Teams per box').selectOption('4');
    await boxes.getByLabel('Up a box at the close').selectOption('2');
    await boxes.getByRole('button', { name: 'Save box settings' }).click();
    await page.locator('[data-kind]', { hasText: 'Box settings saved.' }).first().waitFor();
    const saved = await manager.json<{ format: string; box: object }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladderId}/seasons/${seasonId}`,
    );
    expect(saved.body).toMatchObject({
      format: 'BOX',
      box: { size: 4, promote: 2, relegate: 1, pointsWin: 3 },
    });
    const draw = page.getByTestId('boxes-manager').getByRole('button', { name: 'Draw boxes' });
    await draw.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-kind]', { hasText: 'Drew 1 box.' }).first().waitFor();
    await expectAxeClean(page, 'manager season tab with boxes');
    await managerBrowser.screenshot('boxes-manager-season-desktop');

    // The Matches tab groups the season's matches by box: box 1 with its 10 pairings.
    await page.getByRole('tab', { name: 'Matches', exact: true }).click();
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
  });
});
