import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { openBrowser, signInBrowser, type Browser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day, plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { dialogGivesFocusBack, focusStaysOnThePage, shiftTabTo, tabTo } from '../support/keyboard.ts';

/**
 * DESIGN.md §14 with the keyboard alone (no mouse call, no element.focus()), the dialogs keyboard-journeys*.test.ts
 * leave: the manager's Delete dialogs (ladder, season) and remove-team confirmation, the player's accept-challenge
 * dialog and leave-season confirmation, the account deletion dialog, and the scorer's End confirmation. Each opens
 * with Enter and closes with Escape; the focus is then back on what opened it, visible, never on <body>. (The live
 * scorer's conflict dialog needs two scorers at once; it is left out here.)
 */

const NAMES = ['Ann Ace', 'Bo Baseline', 'Cy Volley'];

describe('keyboard-only dialogs', () => {
  let courtside: RunningCourtside;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await courtside?.stop();
  });

  const openAs = async (http: HttpClient) => {
    const browser = await openBrowser('desktop');
    browsers.push(browser);
    await signInBrowser(browser.context, courtside.url!, http);
    return browser.page;
  };
  /** Reaches `opener` (Tab, or Shift+Tab when it is near the page's end), opens with Enter, closes with Escape. */
  const escapeGivesFocusBack = async (page: Page, opener: Locator, name: string, backwards = false) => {
    if (backwards) await shiftTabTo(page, opener);
    await dialogGivesFocusBack(page, opener);
    await focusStaysOnThePage(page, `close ${name}`);
  };
  const withNames = async (teams: Array<{ http: HttpClient }>) => {
    for (const [index, team] of teams.entries()) {
      await team.http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName: NAMES[index],
        phoneNumber: { countryCode: '31', number: '06 12345678' },
      });
    }
  };

  it('a manager opens and closes the remove-team confirmation and the season and ladder Delete dialogs', async () => {
    const baseUrl = courtside.url!;
    const ladderName = 'Keys Dialogs';
    const { manager, company } = await seasonWithTeams(baseUrl, NAMES, {
      companyName: 'TC Keys Dialogs',
      ladderName,
    });
    const managerPage = (name: string) =>
      `${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(name)}`;
    const page = await openAs(manager);

    // The Participants tab: Remove #1 Ann Ace, its confirmation closed with Escape.
    await page.goto(managerPage(ladderName));
    await escapeGivesFocusBack(
      page,
      page.getByRole('table', { name: 'Active teams' }).getByRole('button', { name: 'Remove #1 Ann Ace' }),
      'remove team',
    );

    // A second ladder whose only season starts later: both may be deleted, so both Delete buttons are enabled.
    const laterName = 'Keys Later';
    const ladder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders`,
      {
        name: laterName,
        email: 'later@club.test',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    expect(ladder.status).toBe(201);
    const season = await manager.json(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladder.body.uuid}/seasons`,
      {
        name: 'Spring',
        startDate: day(20),
        endDate: day(110),
        minimumPlayedMatches: 3,
        openForRegistration: true,
        matchType: 'BESTOFTHREE',
      },
    );
    expect(season.status).toBe(201);
    await page.goto(managerPage(laterName));
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });

    // The season's Season tab (its tabs are one Tab stop, the arrow keys move): its Delete dialog.
    await tabTo(page, tab('Participants'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Season').last().getAttribute('aria-selected')).toBe('true');
    await escapeGivesFocusBack(
      page,
      page
        .getByRole('region', { name: 'Spring', exact: true })
        .getByRole('button', { name: 'Delete', exact: true }),
      'delete season',
    );

    // The page's Ladder tab: the ladder's Delete dialog.
    await shiftTabTo(page, tab('Season').first());
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Ladder').getAttribute('aria-selected')).toBe('true');
    await escapeGivesFocusBack(
      page,
      page
        .getByRole('region', { name: laterName, exact: true })
        .getByRole('button', { name: 'Delete', exact: true }),
      'delete ladder',
    );
  }, 150_000);

  it('a player opens and closes the accept-challenge dialog, the leave-season confirmation and the account deletion dialog', async () => {
    const baseUrl = courtside.url!;
    const { ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, 3, {
      companyName: 'TC Keys Player',
      ladderName: 'Keys Player',
    });
    await withNames(teams);
    const [, bo, cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    const challenged = await cy.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
      defenderTeamId: bo.teamId,
    });
    expect(challenged.status).toBe(201);
    const page = await openAs(bo.http);

    await page.goto(`${baseUrl}/webapps/ladders/en/${ladderId}`);
    await escapeGivesFocusBack(
      page,
      page.getByTestId('standings').getByRole('button', { name: 'Accept' }),
      'accept challenge',
    );

    await page.goto(`${baseUrl}/webapps/ladders/en/`);
    await escapeGivesFocusBack(page, page.getByRole('button', { name: 'Leave season' }), 'leave season');

    await page.goto(`${baseUrl}/webapps/account/en/settings`);
    const deleteAccount = page.getByRole('button', { name: 'Delete my account' });
    await deleteAccount.waitFor();
    await escapeGivesFocusBack(page, deleteAccount, 'delete account', true);
  }, 150_000);

  it('a scorer opens and closes the End confirmation of a games-only match', async () => {
    const baseUrl = courtside.url!;
    const { manager, seasonId, teams } = await seasonWithTeams(baseUrl, 2, {
      companyName: 'TC Keys End',
      ladderName: 'Keys End',
      matchType: 'GAMESONLY',
    });
    await withNames(teams);
    const [ann, bo] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const matchId = await plannedMatch(manager, seasonId, ann.teamId, bo.teamId);
    expect(
      (await bo.http.json('POST', `${MATCHES_API}/matches/${matchId}/live`, { firstServer: 'defender' }))
        .status,
    ).toBe(200);
    const page = await openAs(bo.http);
    await page.goto(`${baseUrl}/webapps/matches/en/score/${matchId}`);
    await page.getByTestId('scorer').waitFor();
    await escapeGivesFocusBack(page, page.getByRole('button', { name: 'End match' }), 'end match');
  }, 150_000);
});
