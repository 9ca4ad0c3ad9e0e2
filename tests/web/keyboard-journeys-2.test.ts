import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { PASSWORD, signedInAccount } from '../support/accounts.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { tabTo, typeInto, focusStaysOnThePage, enterResultWithKeys } from '../support/keyboard.ts';

/**
 * DESIGN.md §14 with the keyboard alone (no mouse call), the journeys keyboard-journeys.test.ts leaves: sign in,
 * register for a season, enter a score and confirm it, and score a live point. After every action the focus is
 * visible and somewhere on the page, never on <body>.
 */

describe('keyboard-only journeys (2)', () => {
  const courtside = courtsideForBrowsers();
  const { openAs } = courtside;

  it('signs in and registers for a season with the keyboard alone', async () => {
    const baseUrl = courtside.url;
    const { ladderId } = await seasonWithTeams(baseUrl, 1, { ladderName: 'Keys Open' });
    const { email } = await signedInAccount(new HttpClient(baseUrl));
    const { page } = await courtside.newBrowser();
    const standings = `/ladders/en/${ladderId}`;
    await page.goto(`${baseUrl}/webapps/account/en/login?from=${encodeURIComponent(standings)}`);
    await typeInto(page, page.getByLabel('Email address'), email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/webapps${standings}`);
    await page.getByTestId('standings').waitFor();
    await focusStaysOnThePage(page, 'sign in');

    await tabTo(page, page.getByRole('button', { name: 'Join Winter' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Register' }));
    await page.keyboard.press('Enter');
    await page.getByText('You are registered. The club manager will approve your team.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await focusStaysOnThePage(page, 'register');
  }, 180_000);

  it('enters a score and confirms it, and scores a live point, with the keyboard alone', async () => {
    const baseUrl = courtside.url;
    const { manager, seasonId, teams } = await seasonWithTeams(
      baseUrl,
      ['Ann Ace', 'Bo Baseline', 'Cy Volley'],
      {
        ladderName: 'Keys Score',
      },
    );
    const [ann, bo, cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    const match = async (defender: typeof ann, challenger: typeof ann) => {
      const created = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        { defenderId: defender.teamId, challengerId: challenger.teamId },
      );
      expect(created.status).toBe(201);
      return created.body.matchId;
    };
    const scored = await match(ann, bo);
    const card = (page: Page, matchId: string) =>
      page.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);

    // Ann enters 6-2 6-3: Edit, the four set scores, Save.
    const annPage = await openAs(ann.http);
    await annPage.goto(`${baseUrl}/webapps/matches/en/`);
    const annCard = card(annPage, scored);
    await enterResultWithKeys(annPage, annCard, [
      [1, 'Ann Ace', '6'],
      [2, 'Ann Ace', '6'],
      [1, 'Bo Baseline', '2'],
      [2, 'Bo Baseline', '3'],
    ]);
    await annCard
      .getByRole('button', { name: 'Edit' })
      .or(annCard.getByText(/^Waiting for/))
      .first()
      .waitFor();
    await focusStaysOnThePage(annPage, 'save the score');
    await expect
      .poll(
        async () =>
          (
            await ann.http.json<{ confirmation: { state: string } }>(
              'GET',
              `${MATCHES_API}/matches/${scored}`,
            )
          ).body.confirmation.state,
      )
      .toBe('pending');

    // Bo confirms it.
    const boPage = await openAs(bo.http);
    await boPage.goto(`${baseUrl}/webapps/matches/en/`);
    const confirm = card(boPage, scored).getByRole('button', { name: 'Confirm result' });
    await tabTo(boPage, confirm);
    await boPage.keyboard.press('Enter');
    await expect.poll(() => confirm.count()).toBe(0);
    await focusStaysOnThePage(boPage, 'confirm');
    await expect
      .poll(
        async () =>
          (await bo.http.json<{ confirmation: { state: string } }>('GET', `${MATCHES_API}/matches/${scored}`))
            .body.confirmation.state,
      )
      .toBe('confirmed');

    // Cy scores a live point of his match with Ann on the scorer page.
    const live = await match(ann, cy);
    expect(
      (await cy.http.json('POST', `${MATCHES_API}/matches/${live}/live`, { firstServer: 'defender' })).status,
    ).toBe(200);
    const cyPage = await openAs(cy.http);
    await cyPage.goto(`${baseUrl}/webapps/matches/en/score/${live}`);
    const scorer = cyPage.getByTestId('scorer');
    await tabTo(cyPage, cyPage.getByTestId('point-challenger'));
    await cyPage.keyboard.press('Enter');
    await expect.poll(() => scorer.getAttribute('data-seq')).toBe('1');
    await expect.poll(() => scorer.getAttribute('data-pending')).toBe('0');
    await focusStaysOnThePage(cyPage, 'live point');
    await cyPage.keyboard.press('Enter');
    await expect.poll(() => scorer.getAttribute('data-seq')).toBe('2');
    await focusStaysOnThePage(cyPage, 'second live point');
  }, 240_000);

  it('a manager accepts a waiting team and moves through the season tabs with the keyboard alone', async () => {
    const baseUrl = courtside.url;
    const ladderName = 'Keys Manager';
    const { manager, company, seasonId } = await managerWithSeason(baseUrl, { ladderName });
    const player = new HttpClient(baseUrl);
    await signedInAccount(player, { fullName: 'Wes Waiting' });
    expect((await player.json('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {})).status).toBe(201);
    const page = await openAs(manager);
    await page.goto(`${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(ladderName)}`);
    const waiting = page.getByRole('table', { name: 'Waiting for approval' });

    await tabTo(page, waiting.getByRole('button', { name: 'Accept', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Active teams' }).getByText('Wes Waiting').waitFor();
    await focusStaysOnThePage(page, 'accept');

    // The season's tabs: one Tab stop, the arrow keys move between them (WAI-ARIA tabs).
    const tab = (name: string) => page.getByRole('tab', { name }).last();
    await tabTo(page, tab('Participants'));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Matches').getAttribute('aria-selected')).toBe('true');
    await focusStaysOnThePage(page, 'the Matches tab');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Season').getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Minimum matches').waitFor();
    await focusStaysOnThePage(page, 'the Season tab');
  }, 180_000);
});
