import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { managerWithCompany, uniqueEmail } from '../support/accounts.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import {
  tabTo,
  shiftTabTo,
  typeInto,
  focusStaysOnThePage,
  dialogGivesFocusBack,
  enterResultWithKeys,
} from '../support/keyboard.ts';

/**
 * DESIGN.md §14 with the keyboard alone (no mouse call): challenge, accept, a match card's Edit and Save, and the
 * lazily loaded dialogs (cancel match, dispute) opened for the first time; and the manager's screens: the season
 * form (create a season, change it), the Matches tab (create a match, enter its result, cancel one through its
 * dialog) and Invite players. After every action the focus is visible and somewhere on the page, never on <body>;
 * a dialog that closes gives the focus back to what opened it.
 */

const NAMES = ['Ann Ace', 'Bo Baseline', 'Cy Volley'];

/** Whether `control` has the keyboard focus. */
const isFocused = (control: Locator) =>
  control.evaluate((element) => element === element.ownerDocument.activeElement);

describe('keyboard-only journeys', () => {
  const courtside = courtsideForBrowsers();
  const { openAs } = courtside;

  const managerPage = (companyId: string, ladderName: string) =>
    `${courtside.url}/webapps/manager/en/${companyId}/ladders/${encodeURIComponent(ladderName)}`;
  /** The season's tabs are one Tab stop (Participants, selected first): reach it, then the arrow keys go on. */
  const toSeasonTab = async (page: Page, name: 'Matches' | 'Season') => {
    const tab = (label: string) => page.getByRole('tab', { name: label }).last();
    await tabTo(page, tab('Participants'));
    await page.keyboard.press('ArrowRight');
    if (name === 'Season') await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab(name).getAttribute('aria-selected')).toBe('true');
  };

  it('a manager creates a season and changes it with the keyboard alone', async () => {
    const baseUrl = courtside.url;
    const manager = new HttpClient(baseUrl);
    const { company } = await managerWithCompany(manager, 'TC Keys Seasons');
    const ladderName = 'Keys Seasons';
    const ladder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders`,
      {
        name: ladderName,
        email: 'keys@club.test',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    expect(ladder.status).toBe(201);
    const page = await openAs(manager);
    await page.goto(managerPage(company.id, ladderName));

    // No season yet: Add season, a name, Save (the form's other defaults make a valid season).
    await tabTo(page, page.getByRole('button', { name: 'Add season' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('region', { name: 'New season' });
    await typeInto(page, form.getByLabel('Name', { exact: true }), 'Spring Keys');
    await tabTo(page, form.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Participants' }).waitFor();
    await focusStaysOnThePage(page, 'create a season');

    // Its Season tab: the minimum matches from 3 to 5, Save.
    await toSeasonTab(page, 'Season');
    const season = page.getByRole('region', { name: 'Spring Keys' });
    await typeInto(page, season.getByLabel('Minimum matches'), '5');
    await tabTo(page, season.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await page.getByText('Season changed').first().waitFor();
    await focusStaysOnThePage(page, 'change the season');
    const seasons = await manager.json<Array<{ name: string; minimumPlayedMatches: number }>>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladder.body.uuid}/seasons`,
    );
    expect(seasons.body.map(({ name, minimumPlayedMatches }) => [name, minimumPlayedMatches])).toEqual([
      ['Spring Keys', 5],
    ]);
  }, 180_000);

  it('a manager creates a match, enters its result and cancels one on the Matches tab with the keyboard alone', async () => {
    const baseUrl = courtside.url;
    const ladderName = 'Keys Matches';
    const { manager, company, seasonId, teams } = await seasonWithTeams(baseUrl, NAMES, {
      companyName: 'TC Keys Matches',
      ladderName,
    });
    const [ann, , cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    const toCancel = await plannedMatch(manager, seasonId, ann.teamId, cy.teamId);
    const page = await openAs(manager);
    await page.goto(managerPage(company.id, ladderName));
    await toSeasonTab(page, 'Matches');

    // Create a match: each picker filters on what is typed, the arrow key and Enter choose; Save.
    const panel = page.getByTestId('create-match-panel');
    for (const [picker, name] of [
      ['Defender', 'Ann'],
      ['Challenger', 'Bo'],
    ] as const) {
      await typeInto(page, panel.getByRole('combobox', { name: picker }), name);
      await page.getByRole('option', { name: new RegExp(name) }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => panel.getByRole('combobox', { name: picker }).inputValue()).toContain(name);
    }
    await tabTo(page, panel.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    const cards = page.getByTestId('match-card');
    const created = cards.filter({ hasText: 'Bo Baseline' });
    await created.waitFor();
    await focusStaysOnThePage(page, 'create a match');

    // Its result: Edit, the four set scores, Save; it moves to the results.
    await enterResultWithKeys(page, created, [
      [1, 'Ann Ace', '6'],
      [2, 'Ann Ace', '6'],
      [1, 'Bo Baseline', '3'],
      [2, 'Bo Baseline', '4'],
    ]);
    const results = page.getByTestId('season-results');
    await results.getByTestId('match-card').filter({ hasText: 'Bo Baseline' }).waitFor();
    await focusStaysOnThePage(page, 'save the result');

    // Cancel the other match: the dialog closed with Escape gives the focus back to Cancel match; then typed
    // "Cancel" and confirmed.
    const other = page.locator(`[data-testid="match-card"][data-match-id="${toCancel}"]`).first();
    await tabTo(page, other.getByRole('button', { name: 'Edit' }));
    await page.keyboard.press('Enter');
    const cancel = other.getByRole('button', { name: 'Cancel match' });
    await dialogGivesFocusBack(page, cancel, 'cancel-match-dialog');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('cancel-match-dialog');
    await typeInto(page, dialog.getByLabel('Type Cancel to confirm'), 'Cancel');
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel match' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => results.locator(`[data-match-id="${toCancel}"]`).getAttribute('data-status'))
      .toBe('cancelled');
    await focusStaysOnThePage(page, 'cancel the match');
  }, 180_000);

  it('a manager invites a player with the keyboard alone', async () => {
    const ladderName = 'Keys Invite';
    const { manager, company } = await seasonWithTeams(courtside.url, 0, {
      companyName: 'TC Keys Invite',
      ladderName,
    });
    const page = await openAs(manager);
    await page.goto(managerPage(company.id, ladderName));
    const email = uniqueEmail('invitee');

    // Open Invite players, an address, Send: the result has the focus.
    const toggle = page.getByTestId('invite-players-toggle');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const invite = page.getByTestId('invite-players');
    await typeInto(page, invite.getByLabel('Addresses or CSV'), email);
    await tabTo(page, invite.getByRole('button', { name: 'Send 1 invitation' }));
    await page.keyboard.press('Enter');
    await invite.getByTestId('invite-result').getByText('1 person invited.').waitFor();
    await focusStaysOnThePage(page, 'send the invitation');

    // Its Revoke confirmation, closed with Escape, gives the focus back to Revoke.
    await invite.getByTestId('invitations').getByText(email).waitFor();
    await dialogGivesFocusBack(
      page,
      invite.getByRole('button', { name: `Revoke the invitation to ${email}` }),
    );

    // Closed again from its toggle: the focus stays on it.
    await shiftTabTo(page, toggle);
    await page.keyboard.press('Enter');
    await invite.waitFor({ state: 'detached' });
    await expect
      .poll(() => toggle.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true);
    await focusStaysOnThePage(page, 'close Invite players');
  }, 180_000);

  it('challenge, accept, edit and save a match, and the cancel and dispute dialogs, with the keyboard alone', async () => {
    const baseUrl = courtside.url;
    const { manager, ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, NAMES, {
      companyName: 'TC Keys',
      ladderName: 'Key ladder',
    });
    const [ann, bo, cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    const standings = `${baseUrl}/webapps/ladders/en/${ladderId}`;

    // Cy (#3) challenges Bo (#2): first a question naming Bo, whose Cancel gives the focus back to Challenge.
    const cyPage = await openAs(cy.http);
    await cyPage.goto(standings);
    const challengeBo = cyPage.getByRole('button', { name: 'Challenge Bo Baseline' });
    await dialogGivesFocusBack(cyPage, challengeBo);
    await tabTo(cyPage, challengeBo);
    await cyPage.keyboard.press('Enter');
    const question = cyPage.getByRole('dialog');
    await question.getByText('Challenge Bo Baseline?').waitFor();
    await expect.poll(() => isFocused(question.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await cyPage.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(challengeBo)).toBe(true);
    expect(await cyPage.getByTestId('challenge-chip').count()).toBe(0);
    // Confirmed: the challenge goes out, and the focus is on what replaced Challenge, the own row's Withdraw.
    await cyPage.keyboard.press('Enter');
    await tabTo(cyPage, question.getByRole('button', { name: 'Send challenge' }));
    await cyPage.keyboard.press('Enter');
    await cyPage.getByTestId('challenge-chip').first().waitFor();
    const withdraw = cyPage.getByTestId('standings').getByRole('button', { name: 'Withdraw' });
    await expect.poll(() => isFocused(withdraw)).toBe(true);
    await focusStaysOnThePage(cyPage, 'challenge');
    // Withdrawn: Bo may be challenged again, and that Challenge has the focus; then the challenge goes out again.
    await cyPage.keyboard.press('Enter');
    await expect.poll(() => isFocused(challengeBo)).toBe(true);
    await focusStaysOnThePage(cyPage, 'withdraw');
    await cyPage.keyboard.press('Enter');
    await tabTo(cyPage, question.getByRole('button', { name: 'Send challenge' }));
    await cyPage.keyboard.press('Enter');
    await expect.poll(() => isFocused(withdraw)).toBe(true);

    // Bo accepts in the dialog; the Accept button goes with the challenge.
    const boPage = await openAs(bo.http);
    await boPage.goto(standings);
    const accept = boPage.getByTestId('standings').getByRole('button', { name: 'Accept' });
    await tabTo(boPage, accept);
    await boPage.keyboard.press('Enter');
    const dialog = boPage.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Accept challenge' }).waitFor();
    await tabTo(boPage, dialog.getByRole('button', { name: 'Accept challenge' }));
    await boPage.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => accept.count()).toBe(0);
    await focusStaysOnThePage(boPage, 'accept');

    // A match between Ann and Bo, entered by Ann: Bo edits his other match (with Cy) and saves it.
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: ann.teamId,
        challengerId: bo.teamId,
      },
    );
    expect(created.status).toBe(201);
    const entered = await ann.http.json('PUT', `${MATCHES_API}/matches`, {
      id: created.body.matchId,
      date: null,
      defender: {
        special: 'none',
        matchSets: [
          { order: 1, score: 6 },
          { order: 2, score: 6 },
        ],
      },
      challenger: {
        special: 'none',
        matchSets: [
          { order: 1, score: 1 },
          { order: 2, score: 2 },
        ],
      },
    });
    expect(entered.status).toBe(200);
    await boPage.goto(`${baseUrl}/webapps/matches/en/`);
    const cards = boPage.getByTestId('match-card');
    const challengeCard = cards.filter({ hasText: 'Cy Volley' });
    await tabTo(boPage, challengeCard.getByRole('button', { name: 'Edit' }));
    await boPage.keyboard.press('Enter');
    await challengeCard.getByRole('button', { name: 'Save' }).waitFor();
    await focusStaysOnThePage(boPage, 'edit');

    // The cancel dialog, loaded the first time it opens, gives the focus back to Cancel match when it closes.
    await dialogGivesFocusBack(
      boPage,
      challengeCard.getByRole('button', { name: 'Cancel match' }),
      'cancel-match-dialog',
    );

    await tabTo(boPage, challengeCard.getByRole('button', { name: 'Save' }));
    await boPage.keyboard.press('Enter');
    await challengeCard.getByRole('button', { name: 'Edit' }).waitFor();
    // Edit replaced Save in the card that stayed: it has the focus (not the card's first control).
    await expect.poll(() => isFocused(challengeCard.getByRole('button', { name: 'Edit' }))).toBe(true);
    await focusStaysOnThePage(boPage, 'save');

    // The dispute dialog, loaded the first time it opens, gives the focus back to Dispute when it closes.
    const annCard = cards.filter({ hasText: 'Ann Ace' });
    await dialogGivesFocusBack(boPage, annCard.getByRole('button', { name: 'Dispute' }), 'dispute-dialog');

    // Ann's team is paused: Resume now, and the focus goes to the first day back of the form that replaced it.
    const paused = await ann.http.json(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/teams/${ann.teamId}/pause`,
      {
        until: day(10),
      },
    );
    expect(paused.status).toBe(200);
    const annPage = await openAs(ann.http);
    await annPage.goto(standings);
    const pauseControl = annPage.getByTestId('pause-control');
    await tabTo(annPage, pauseControl.getByRole('button', { name: 'Resume now' }));
    await annPage.keyboard.press('Enter');
    await expect.poll(() => isFocused(pauseControl.getByLabel('First day back'))).toBe(true);
    await focusStaysOnThePage(annPage, 'resume');
  }, 180_000);
});
