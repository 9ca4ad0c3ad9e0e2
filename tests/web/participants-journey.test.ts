import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD, managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { type ViewportName } from '../support/browser.ts';
import { ADMIN_API, LADDER_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

async function signIn(page: Page, baseUrl: string, email: string, target: string): Promise<void> {
  await page.goto(`${baseUrl}/webapps/account/en/login?from=${encodeURIComponent(target)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**/webapps${target}`);
}

async function alertShows(page: Page, text: string): Promise<void> {
  await page.locator('[data-kind]', { hasText: text }).first().waitFor();
}

/** The rows of the standings table, top to bottom, as "position names …" (a position's ▲/▼ move left out). */
async function standings(page: Page): Promise<string[]> {
  const rows = page.getByTestId('standings').locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from((tr as unknown as { cells: ArrayLike<{ textContent: string | null }> }).cells)
        .map((cell) => (cell.textContent ?? '').replace(/[▲▼]\d+/, '').trim())
        .join(' '),
    ),
  );
}

// One width per journey keeps CI in its budget; every page is also checked at 1280 and 375 px by the axe sweep
// (docs/testing.md "One width per journey").
describe.each<ViewportName>(['desktop'])('the participants journey on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('a player registers, the manager accepts, reorders and removes; a viewer sees it live', async () => {
    const baseUrl = courtside.url;
    const managerHttp = courtside.client();
    const { account: managerAccount, company } = await managerWithCompany(
      managerHttp,
      `TC Participants ${viewport}`,
    );
    const ladder = await managerHttp.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders`,
      {
        name: 'Club Singles',
        email: 'singles@example.com',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    expect(ladder.status).toBe(201);
    const start = new Date();
    start.setDate(start.getDate() - 7);
    const end = new Date();
    end.setMonth(end.getMonth() + 3);
    const season = await managerHttp.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladder.body.uuid}/seasons`,
      {
        name: 'Spring',
        startDate: isoDay(start),
        endDate: isoDay(end),
        minimumPlayedMatches: 3,
        openForRegistration: true,
        matchType: 'BESTOFTHREE',
      },
    );
    expect(season.status).toBe(201);

    // Two players register by API; the third through the page.
    for (const name of ['Ann Ace', 'Bo Baseline']) {
      const { http } = await signedInPerson(baseUrl, name);
      expect((await http.json('POST', `${LADDER_API}/seasons/${season.body.uuid}/teams`, {})).status).toBe(
        201,
      );
    }
    const cy = await signedInPerson(baseUrl, 'Cy Volley');

    const playerBrowser = await courtside.newBrowser();
    const viewer = await courtside.newBrowser();
    const managerBrowser = await courtside.newBrowser();
    const shot = (browser: typeof viewer, name: string) =>
      browser.screenshot(`participants-${name}-${viewport}`);
    try {
      // The public ladders page, readable without signing in; Join asks to sign in first.
      const { page: playerPage } = playerBrowser;
      await playerPage.goto(`${baseUrl}/webapps/ladders/en/`);
      await playerPage.getByRole('heading', { name: 'Club Singles' }).waitFor();
      await shot(playerBrowser, 'ladders-anonymous');
      await playerPage.getByRole('button', { name: 'Sign in to join' }).click();
      await playerPage.waitForURL('**/webapps/account/en/login?from=*');
      await playerPage.getByLabel('Email address').fill(cy.account.email);
      await playerPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await playerPage.getByRole('button', { name: 'Sign in' }).click();
      await playerPage.waitForURL('**/webapps/ladders/en/');
      await playerPage.getByRole('button', { name: 'Join Spring' }).click();
      await playerPage.getByRole('dialog').getByText('You join this singles ladder on your own').waitFor();
      await shot(playerBrowser, 'join-dialog');
      await playerPage.getByRole('dialog').getByRole('button', { name: 'Register' }).click();
      await alertShows(playerPage, 'You are registered');
      await expect
        .poll(() => playerPage.getByTestId('team-status').first().textContent())
        .toBe('Waiting for approval');
      await shot(playerBrowser, 'ladders-registered');

      // A viewer follows the standings (empty so far).
      const { page: viewerPage } = viewer;
      await viewerPage.goto(`${baseUrl}/webapps/ladders/en/${ladder.body.uuid}`);
      await viewerPage.getByRole('heading', { name: 'Standings of Club Singles' }).waitFor();
      await viewerPage.getByText('No teams in this season yet.').waitFor();

      // The manager accepts the three waiting teams.
      const { page } = managerBrowser;
      const target = `/manager/en/${company.id}/ladders/Club%20Singles`;
      await signIn(page, baseUrl, managerAccount.email, `/manager/en/${company.id}/ladders`);
      await page.waitForURL(`**/webapps${target}`);
      await page.getByRole('tab', { name: 'Participants' }).waitFor();
      const waiting = page.getByRole('table', { name: 'Waiting for approval' });
      await expect.poll(() => waiting.locator('tbody tr').count()).toBe(3);
      await page.getByRole('link', { name: 'Email Cy Volley' }).waitFor();
      expect(await page.getByRole('link', { name: 'WhatsApp Cy Volley' }).getAttribute('href')).toBe(
        'https://wa.me/31612345678',
      );
      expect(await page.getByRole('link', { name: 'Call Cy Volley' }).getAttribute('href')).toBe(
        'tel:+31612345678',
      );
      await shot(managerBrowser, 'waiting');
      for (const name of ['Ann Ace', 'Bo Baseline', 'Cy Volley']) {
        await waiting.locator('tr', { hasText: name }).getByRole('button', { name: 'Accept' }).click();
        await expect.poll(() => waiting.locator('tr', { hasText: name }).count()).toBe(0);
      }
      await alertShows(page, 'Team accepted');
      await page.getByRole('button', { name: /Waiting for approval\s*0 teams/ }).waitFor();
      const active = page.getByRole('table', { name: 'Active teams' });
      await expect.poll(() => active.locator('tbody tr').count()).toBe(3);

      // Live: the viewer's standings fill in without a reload.
      await expect
        .poll(() => standings(viewerPage))
        .toEqual([
          expect.stringMatching(/^1 Ann Ace/),
          expect.stringMatching(/^2 Bo Baseline/),
          expect.stringMatching(/^3 Cy Volley/),
        ]);
      await shot(viewer, 'standings');
      // The player sees the team's state change (their page follows the season room too).
      await playerPage.goto(`${baseUrl}/webapps/ladders/en/${ladder.body.uuid}`);
      await expect.poll(() => playerPage.getByTestId('team-status').first().textContent()).toBe('Active, #3');
      await shot(playerBrowser, 'standings-own');

      // Filter and sort the active teams.
      await active.getByRole('button', { name: '#', exact: true }).click(); // ascending
      await active.getByRole('button', { name: '#', exact: true }).click(); // descending
      await expect
        .poll(async () => (await active.locator('tbody tr').first().textContent()) ?? '')
        .toContain('Cy Volley');
      await active.getByRole('button', { name: '#', exact: true }).click(); // none: back to the server's order
      await expect
        .poll(async () => (await active.locator('tbody tr').first().textContent()) ?? '')
        .toContain('Ann Ace');
      await page.getByPlaceholder('Filter by name').first().fill('  VOLLEY ');
      await expect.poll(() => active.locator('tbody tr').count()).toBe(1);
      expect(await page.getByText('Page 1 of 1').first().isVisible()).toBe(true);
      await shot(managerBrowser, 'filtered');
      await page.getByPlaceholder('Filter by name').first().fill('');

      // Reorder: Cy Volley to #1.
      await page.getByRole('button', { name: 'Change position of #3 Cy Volley' }).click();
      const position = page.getByLabel('New position');
      expect(await position.inputValue()).toBe('3');
      expect(await position.getAttribute('max')).toBe('3');
      await position.fill('1');
      await shot(managerBrowser, 'edit-position');
      await page.getByRole('button', { name: 'Save position' }).click();
      await alertShows(page, 'Position changed');
      await expect
        .poll(async () => (await active.locator('tbody tr').first().textContent()) ?? '')
        .toContain('Cy Volley');
      await expect.poll(async () => (await standings(viewerPage))[0]).toMatch(/^1 Cy Volley/);
      if (viewport === 'desktop') {
        // The moves of the last change: Cy up two places, Ann and Bo down one.
        expect(await viewerPage.getByTestId('movement').allTextContents()).toEqual(['▲2', '▼1', '▼1']);
      }

      // Remove Bo Baseline: cancelling the confirmation changes nothing, even when Cancel comes at
      // once (a close during the dialog's opening used to leave it on screen).
      await page.getByRole('button', { name: 'Remove #3 Bo Baseline' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await active.locator('tbody tr').count()).toBe(3);
      await page.getByRole('button', { name: 'Remove #3 Bo Baseline' }).click();
      await page
        .getByRole('dialog')
        .getByText('Are you sure you want to remove this team from this season?')
        .waitFor();
      await shot(managerBrowser, 'remove-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await alertShows(page, 'Team removed');
      await expect.poll(() => active.locator('tbody tr').count()).toBe(2);
      await expect
        .poll(() => standings(viewerPage))
        .toEqual([expect.stringMatching(/^1 Cy Volley/), expect.stringMatching(/^2 Ann Ace/)]);
      await page.getByRole('button', { name: /Teams who left/ }).click();
      const left = page.getByRole('table', { name: 'Teams who left' });
      await left.locator('tr', { hasText: 'Bo Baseline' }).waitFor();
      await shot(managerBrowser, 'after-remove');
      await shot(viewer, 'standings-after');

      // The # of a team that left is the place it left from, and the left table sorts by it.
      await page.getByRole('button', { name: 'Remove #2 Ann Ace' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => left.locator('tbody tr').count()).toBe(2);
      const leftRows = () => left.locator('tbody tr').allTextContents();
      expect(await leftRows()).toEqual([
        expect.stringMatching(/^2\s*Ann Ace/),
        expect.stringMatching(/^3\s*Bo Baseline/),
      ]);
      await left.getByRole('button', { name: '#', exact: true }).click(); // ascending
      await left.getByRole('button', { name: '#', exact: true }).click(); // descending
      expect(await leftRows()).toEqual([
        expect.stringMatching(/^3\s*Bo Baseline/),
        expect.stringMatching(/^2\s*Ann Ace/),
      ]);
    } catch (error) {
      await shot(managerBrowser, 'failure-manager');
      await shot(viewer, 'failure-viewer');
      await shot(playerBrowser, 'failure-player');
      throw error;
    } finally {
      await Promise.all([playerBrowser.close(), viewer.close(), managerBrowser.close()]);
    }
  }, 120_000);
});
