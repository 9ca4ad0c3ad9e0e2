import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { documentViolations, expectAxeClean } from '../support/axe.ts';
import { focusIndicatorProblems } from '../support/focus-indicator.ts';
import { dialogGivesFocusBack, focusStaysOnThePage, tabTo } from '../support/keyboard.ts';
import { joinedLiveRoom, openBrowser, signInBrowser, type Browser, selectTab } from '../support/browser.ts';
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

/** A later season of the ladder, Spring, in boxes: the round a box season closes into. */
async function springInBoxes(manager: HttpClient, companyId: string, ladderId: string) {
  const spring = await manager.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${companyId}/ladders/${ladderId}/seasons`,
    {
      name: 'Spring',
      startDate: day(91),
      endDate: day(180),
      minimumPlayedMatches: 3,
      openForRegistration: false,
      matchType: 'BESTOFTHREE',
      format: 'BOX',
    },
  );
  expect(spring.status).toBe(201);
  return spring;
}

/** Whether the element has the page's focus. */
const hasFocus = (element: Locator) => element.evaluate((one) => one === one.ownerDocument.activeElement);

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
    const { manager, company, ladderId, seasonId } = await seasonWithTeams(baseUrl, NAMES, {
      companyName: 'TC Boxes',
    });

    // The manager: Season tab, "Play this season in boxes", 4 per box, save, then draw (by keyboard).
    const managerBrowser = await signedInPage(manager, `/manager/en/${company.id}/ladders/Club%20Ladder`);
    const { page } = managerBrowser;
    // The season's own tabs (Participants, Matches, Season) come once its seasons are read.
    await page.getByRole('tab', { name: 'Participants' }).waitFor();
    await selectTab(page.getByRole('tab', { name: 'Season', exact: true }).last());
    // The season form holds the format and the box settings (these show once the season plays in boxes).
    const settings = page.getByTestId('box-settings');
    expect(await settings.getByLabel('Teams per box').count()).toBe(0);
    // A ladder season's form has the challenge rules; a box season's has none (challenges are off there).
    await page.getByRole('group', { name: 'Ladder rules' }).waitFor();
    await settings.getByLabel('Play this season in boxes').check();
    expect(await page.getByRole('group', { name: 'Ladder rules' }).count()).toBe(0);
    expect(await page.getByLabel('Challenge range').count()).toBe(0);
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
    // The box actions stand above the season form, in a section of their own.
    expect(
      await boxes.evaluate(
        // 4: DOCUMENT_POSITION_FOLLOWING
        (section, form) => Boolean(section.compareDocumentPosition(form!) & 4),
        await page.locator('form').first().elementHandle(),
      ),
    ).toBe(true);
    // A second draw would replace the box: it asks first, and Cancel leaves the box as it is.
    await draw.click();
    const question = page.getByTestId('box-action-dialog');
    await question.getByRole('heading', { name: 'Draw the boxes again?' }).waitFor();
    await question.getByText('A new draw replaces the 1 box drawn now and cancels its matches.').waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await hasFocus(draw)).toBe(true);
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
    await selectTab(page.getByRole('tab', { name: 'Season', exact: true }).last());
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

    // The manager closes the season into Spring: Kit goes up to box 1, the last of box 1 down to box 2. The close
    // asks first, saying what it does; Cancel closes nothing.
    await boxes.getByLabel('Next season').selectOption({ label: 'Spring' });
    const closeButton = boxes.getByRole('button', { name: 'Close into the next season' });
    await closeButton.click();
    const question = page.getByTestId('box-action-dialog');
    await question.getByRole('heading', { name: 'Close into Spring?' }).waitFor();
    await question.getByText(/the top 1 of each box go up a box, the bottom 1 go down a box/).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await hasFocus(closeButton)).toBe(true);
    const notYet = await new HttpClient(baseUrl).json<Array<{ closedInto: string | null }>>(
      'GET',
      `${LADDER_API}/seasons/${seasonId}/boxes`,
    );
    expect(notYet.body.map((box) => box.closedInto)).toEqual([null, null]);
    await closeButton.click();
    await question.getByRole('button', { name: 'Close the season' }).click();
    await page
      .locator('[data-kind]', { hasText: 'The next season has 11 teams, with promotion and relegation.' })
      .first()
      .waitFor();
    // Once closed, the focus is on what the section says happened (not on <body>).
    const outcome = boxes.getByTestId('boxes-outcome');
    await expect.poll(() => hasFocus(outcome)).toBe(true);
    expect(await outcome.innerText()).toBe('The next season has 11 teams, with promotion and relegation.');
    await boxes.getByText('This season was closed into Spring.').waitFor();

    // The open standings page says who went up and down, in words (the colour is only a help).
    await expect
      .poll(() =>
        box2.getByTestId('box-row').filter({ hasText: 'Kit Kick' }).getByTestId('box-movement').innerText(),
      )
      .toBe('Up to box 1');
    const relegatedRow = box1.getByTestId('box-row').filter({ hasText: relegated });
    expect(await relegatedRow.getByTestId('box-movement').innerText()).toBe('Down to box 2');
    expect(await box1.getByTestId('box-movement').filter({ hasText: 'Stays in box 1' }).count()).toBe(5);
    await viewer.page.getByText('This season is closed:').waitFor();

    // Spring: the manager draws its boxes by position; its Matches tab shows Kit in box 1, the relegated in box 2.
    await page.getByRole('button', { name: /Winter/ }).click();
    await page.getByRole('option', { name: 'Spring' }).click();
    await selectTab(page.getByRole('tab', { name: 'Season', exact: true }).last());
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

    // The public page picks the season: Spring's boxes say where each team came from, and Winter stays readable.
    const ladderSeasons = await new HttpClient(baseUrl).json<Array<{ uuid: string; name: string }>>(
      'GET',
      `${LADDER_API}/ladders/${ladderId}/seasons`,
    );
    const seasonNamed = (name: string) => ladderSeasons.body.find((season) => season.name === name)!.uuid;
    const picker = viewer.page.getByTestId('season-picker').getByLabel('Season');
    // The picker keeps the focus while the page below changes (it is not drawn again).
    await picker.focus();
    await picker.selectOption(seasonNamed('Spring'));
    await viewer.page.waitForURL(/[?&]season=/);
    const picked = viewer.page.getByTestId('picked-season');
    await picked.getByRole('heading', { name: /^Spring · / }).waitFor();
    const kitInSpring = picked.getByTestId('box-row').filter({ hasText: 'Kit Kick' });
    await expect.poll(() => kitInSpring.getByTestId('box-came-from').innerText()).toBe('Up from box 2');
    expect(
      await picked
        .getByTestId('box-row')
        .filter({ hasText: relegated })
        .getByTestId('box-came-from')
        .innerText(),
    ).toBe('Down from box 1');
    expect(await hasFocus(picker)).toBe(true);
    await expectAxeClean(viewer.page, 'standings page, the next box season picked');
    await viewer.screenshot('boxes-picked-season-desktop');
    await picker.selectOption(seasonNamed('Winter'));
    await box2.getByTestId('box-movement').first().waitFor();
    expect(await picked.count()).toBe(0);
  }, 240_000);

  it('the widget of a box season shows each box with its table, follows a result live, in English and Dutch at 1280 and 375 px', async () => {
    const baseUrl = courtside.url!;
    const { manager, company, ladderId, seasonId, teams } = await seasonWithTeams(
      baseUrl,
      ELEVEN.slice(0, 7),
      {
        companyName: 'TC Widget Boxes',
        box: { size: 4 },
      },
    );
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
    // A second round: Winter closed into Spring, whose boxes are drawn (7 sides in boxes of 5: one box of 7).
    const spring = await springInBoxes(manager, company.id, ladderId);
    const closed = await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/boxes/close`, {
      nextSeasonId: spring.body.uuid,
    });
    // 202 when the projection is late (the draw is decided once the close is projected).
    expect([200, 202]).toContain(closed.status);
    expect((await drawnBoxes(manager, spring.body.uuid)).map((box) => box.teamIds.length)).toEqual([7]);

    const viewer = await openBrowser('desktop');
    browsers.push(viewer);
    const { page } = viewer;
    // No request of the widget fails: it never asks a ladder's id for a season's boxes.
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    // The widget by the ladder's id (its current season, Winter: round 1) in English.
    await page.goto(`${baseUrl}/webapps/widget/en/?event=${ladderId}`);
    const widgetBoxes = page.getByTestId('widget-boxes');
    await widgetBoxes.getByRole('heading', { name: 'Boxes · Round: Winter', exact: true }).waitFor();
    // Round 1's matches under round 1's tables, labelled with it: Winter's 8 unplayed (4 + 3 sides: 6 + 3 pairings,
    // 1 played), none of Spring's 21.
    const upcoming = page.getByRole('region', { name: 'Upcoming · Round: Winter' });
    await expect.poll(() => upcoming.getByTestId('match-card').count()).toBe(8);
    await page
      .getByRole('region', { name: 'Results · Round: Winter' })
      .getByTestId('match-card')
      .first()
      .waitFor();
    // The closed round says who went up and down: box 2's first (Eva) up, box 1's last (Dex) down.
    await expect.poll(() => widgetBoxes.getByTestId('box-movement').count()).toBe(7);
    const movementOf = (name: string) =>
      widgetBoxes.getByTestId('box-row').filter({ hasText: name }).getByTestId('box-movement').innerText();
    expect(await movementOf('Eva Edge')).toBe('Up to box 1');
    expect(await movementOf('Dex Drive')).toBe('Down to box 2');
    expect(await movementOf('Cor Chip')).toBe('Stays in box 1');
    expect(failed).toEqual([]);
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
    await widgetBoxes.getByRole('heading', { name: 'Poules · Ronde: Winter', exact: true }).waitFor();
    await box(2).getByRole('table', { name: 'Stand van poule 2' }).waitFor();
    expect(await box(2).getByTestId('box-row').first().innerText()).toContain('Gus Grip');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await documentViolations(page, 'widget of a box season (nl, 375)')).toEqual([]);
    await viewer.screenshot('boxes-widget-phone');

    // Round 2 by its season's id, in Dutch at 375 px: its one box, where each side came from, its own 21 matches.
    await page.goto(`${baseUrl}/webapps/widget/nl/?event=${spring.body.uuid}`);
    await widgetBoxes.getByRole('heading', { name: 'Poules · Ronde: Spring', exact: true }).waitFor();
    await expect.poll(() => widgetBoxes.getByTestId('box-came-from').count()).toBe(7);
    const cameFrom = (name: string) =>
      box(1).getByTestId('box-row').filter({ hasText: name }).getByTestId('box-came-from').innerText();
    expect(await cameFrom('Eva Edge')).toBe('Omhoog uit poule 2');
    expect(await cameFrom('Dex Drive')).toBe('Omlaag uit poule 1');
    expect(await cameFrom('Gus Grip')).toBe('Was in poule 2');
    // Its own matches only (a page of 20 of its 21), under its label.
    const planned = page.getByRole('region', { name: 'Gepland · Ronde: Spring' });
    await expect.poll(() => planned.getByTestId('match-card').count()).toBeGreaterThanOrEqual(20);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await documentViolations(page, 'widget of round 2 (nl, 375)')).toEqual([]);
    await viewer.screenshot('boxes-widget-round-2-phone');
    expect(failed).toEqual([]);
  }, 180_000);
  /**
   * A box season of four sides with its boxes drawn and a box season, Spring, after it; its manager's ladder page
   * open in a browser of its own.
   */
  async function managerOfDrawnBoxes(companyName: string, viewport: 'desktop' | 'phone') {
    const baseUrl = courtside.url!;
    const { manager, company, ladderId, seasonId } = await seasonWithTeams(baseUrl, ELEVEN.slice(0, 4), {
      companyName,
      box: { size: 4 },
    });
    await drawnBoxes(manager, seasonId);
    const spring = await springInBoxes(manager, company.id, ladderId);
    const browser = await openBrowser(viewport);
    browsers.push(browser);
    await signInBrowser(browser.context, baseUrl, manager);
    const { page } = browser;
    const seasonRoomJoined = joinedLiveRoom(page, `season:${seasonId}`);
    await page.goto(`${baseUrl}/webapps/manager/en/${company.id}/ladders/Club%20Ladder`);
    return { manager, seasonId, spring, browser, page, seasonRoomJoined };
  }

  it('a manager closes a box season with the keyboard alone at 375 px: the question keeps the focus in it, visible, Escape gives it back to Close, and once closed it is on the outcome', async () => {
    const baseUrl = courtside.url!;
    const { seasonId, spring, browser, page } = await managerOfDrawnBoxes('TC Keyboard Boxes', 'phone');
    // The season's tabs: Tab to the first, the arrows to Season (Headless UI selects the tab the focus is on).
    await tabTo(page, page.getByRole('tab', { name: 'Participants', exact: true }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Season', exact: true }).last().getAttribute('aria-selected'))
      .toBe('true');
    const boxes = page.getByTestId('boxes-manager');
    const closeButton = boxes.getByRole('button', { name: 'Close into the next season' });
    // The actions come first on the tab: Close is reached before the season form's first field.
    await closeButton.waitFor();
    await expect.poll(() => boxes.getByLabel('Next season').inputValue()).toBe(spring.body.uuid);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await browser.screenshot('boxes-manager-actions-phone');

    // Enter opens the question, Escape closes it: the focus is back on Close.
    await dialogGivesFocusBack(page, closeButton, 'box-action-dialog');
    await focusStaysOnThePage(page, 'the close question cancelled');

    // Opened again: Cancel has the focus, every control in it shows its focus, and Tab stays inside.
    await page.keyboard.press('Enter');
    const question = page.getByTestId('box-action-dialog');
    await question.getByRole('heading', { name: 'Close into Spring?' }).waitFor();
    expect(await hasFocus(question.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await browser.screenshot('boxes-close-question-phone');
    expect(await focusIndicatorProblems(page, 'the close question')).toEqual([]);
    expect(await documentViolations(page, 'the close question (en, 375)')).toEqual([]);
    await tabTo(page, question.getByRole('button', { name: 'Close the season' }));
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    const outcome = boxes.getByTestId('boxes-outcome');
    await expect.poll(() => hasFocus(outcome)).toBe(true);
    await focusStaysOnThePage(page, 'the season closed');
    expect(await outcome.innerText()).toBe('The next season has 4 teams, with promotion and relegation.');
    // A close answered 202 is shown from its answer, projected a moment later.
    await expect
      .poll(
        async () =>
          (
            await new HttpClient(baseUrl).json<Array<{ closedInto: string | null }>>(
              'GET',
              `${LADDER_API}/seasons/${seasonId}/boxes`,
            )
          ).body.map((box) => box.closedInto),
        { timeout: 20_000 },
      )
      .toEqual([spring.body.uuid]);
  }, 120_000);

  it('the manager’s boxes section shows a close made elsewhere (another manager, or a close answered before it was projected) without a reload', async () => {
    const { manager, seasonId, spring, page, seasonRoomJoined } = await managerOfDrawnBoxes(
      'TC Elsewhere Boxes',
      'desktop',
    );
    // The season's own tabs first: until they render, the last "Season" tab is the ladder's (already selected).
    await page.getByRole('tab', { name: 'Participants', exact: true }).waitFor();
    await selectTab(page.getByRole('tab', { name: 'Season', exact: true }).last());
    const boxes = page.getByTestId('boxes-manager');
    await boxes.getByRole('button', { name: 'Close into the next season' }).waitFor();
    await page.evaluate('window.stillTheSamePage = true');
    // The page follows the season's room before the close is made (a push before it joined would not reach it).
    await seasonRoomJoined;

    const closed = await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/boxes/close`, {
      nextSeasonId: spring.body.uuid,
    });
    expect([200, 202]).toContain(closed.status);
    await boxes.getByText('This season was closed into Spring.').waitFor({ timeout: 30_000 });
    expect(await page.evaluate<boolean>("'stillTheSamePage' in window")).toBe(true);
    await expectAxeClean(page, 'boxes section after a close made elsewhere');
  }, 120_000);
});
