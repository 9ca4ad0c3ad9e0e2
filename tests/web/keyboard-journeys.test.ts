import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { openBrowser, signInBrowser, type Browser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { tabTo, focusStaysOnThePage, dialogGivesFocusBack } from '../support/keyboard.ts';

/**
 * DESIGN.md §14 with the keyboard alone (no mouse call): challenge, accept, a match card's Edit and Save, and the
 * lazily loaded dialogs (cancel match, dispute) opened for the first time. After every action the focus is visible
 * and somewhere on the page, never on <body>; a dialog that closes gives the focus back to what opened it.
 */

const NAMES = ['Ann Ace', 'Bo Baseline', 'Cy Volley'];

describe('keyboard-only journeys', () => {
  let courtside: RunningCourtside;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await courtside?.stop();
  });

  it('challenge, accept, edit and save a match, and the cancel and dispute dialogs, with the keyboard alone', async () => {
    const baseUrl = courtside.url!;
    const { manager, ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, 3, {
      companyName: 'TC Keys',
      ladderName: 'Key ladder',
    });
    for (const [index, team] of teams.entries()) {
      await team.http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName: NAMES[index],
        phoneNumber: { countryCode: '31', number: '06 12345678' },
      });
    }
    const [ann, bo, cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    const standings = `${baseUrl}/webapps/ladders/en/${ladderId}`;
    const open = async (http: typeof ann.http) => {
      const browser = await openBrowser('desktop');
      browsers.push(browser);
      await signInBrowser(browser.context, baseUrl, http);
      return browser.page;
    };

    // Cy (#3) challenges Bo (#2): the button goes, the focus stays in the row.
    const cyPage = await open(cy.http);
    await cyPage.goto(standings);
    await tabTo(cyPage, cyPage.getByRole('button', { name: 'Challenge Bo Baseline' }));
    await cyPage.keyboard.press('Enter');
    await cyPage.getByTestId('challenge-chip').first().waitFor();
    await focusStaysOnThePage(cyPage, 'challenge');

    // Bo accepts in the dialog; the Accept button goes with the challenge.
    const boPage = await open(bo.http);
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
    await focusStaysOnThePage(boPage, 'save');

    // The dispute dialog, loaded the first time it opens, gives the focus back to Dispute when it closes.
    const annCard = cards.filter({ hasText: 'Ann Ace' });
    await dialogGivesFocusBack(boPage, annCard.getByRole('button', { name: 'Dispute' }), 'dispute-dialog');
  }, 180_000);
});
