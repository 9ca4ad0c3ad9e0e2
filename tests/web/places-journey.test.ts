import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAxeClean } from '../support/axe.ts';
import { type ViewportName, selectTab } from '../support/browser.ts';
import { day } from '../support/ladder-setup.ts';
import { focusStaysOnThePage, tabTo } from '../support/keyboard.ts';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { club } from '../support/club.ts';

const card = (page: Page, matchId: string) =>
  page.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);

/**
 * DESIGN.md §9 "Results, places" in Chromium, at 1280 and 375 px: the manager accepts every waiting team at once
 * (by keyboard, after a confirmation), sees the season's results (a cancelled match among them) below the planned
 * matches, and a match's location on its card, which they change in the card's editor.
 */
describe.each<ViewportName>(['desktop', 'phone'])('results and places on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('accepts all waiting teams, lists the results with a cancelled match, and shows and edits a location', async () => {
    const baseUrl = courtside.url;
    const ladderName = `Places ladder ${viewport}`;
    const { manager, company, seasonId, teams } = await club(baseUrl, {
      companyName: `TC Places ${viewport}`,
      ladderName,
      rules: { confirmHours: 0 },
      players: ['Ann Smith', 'Bob Jones', 'Cas Lee'],
      waiting: true,
    });
    const teamIds = teams.map((team) => team.teamId);

    const browser = await courtside.newBrowser(manager);
    const shot = (name: string) => browser.screenshot(`places-${name}-${viewport}`);
    const { page } = browser;
    await page.goto(`${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(ladderName)}`);
    await selectTab(page.getByRole('tab', { name: 'Participants' }));
    const waiting = page.getByRole('table', { name: 'Waiting for approval' });
    await expect.poll(() => waiting.locator('tbody tr').count(), { timeout: 30_000 }).toBe(3);
    await expectAxeClean(page, `participants with waiting teams (${viewport})`);
    await shot('waiting');

    // Accept all, by keyboard (reached with Tab): the confirmation first (Cancel has the focus), then its Accept all.
    const acceptAll = page.getByRole('button', { name: 'Accept all' });
    await tabTo(page, acceptAll);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Accept all 3 waiting teams?', { exact: false }).waitFor();
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Cancel' })
          .evaluate((button) => button === button.ownerDocument.activeElement),
      )
      .toBe(true);
    await shot('accept-all-confirm');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('[data-kind]', { hasText: '3 teams accepted' }).first().waitFor();
    await focusStaysOnThePage(page, 'accept all');
    const active = page.getByRole('table', { name: 'Active teams' });
    await expect.poll(() => active.locator('tbody tr').count(), { timeout: 30_000 }).toBe(3);
    await page.getByRole('button', { name: /Waiting for approval\s*0 teams/ }).waitFor();
    const activeNow = await manager.json<Array<{ teamId: string; position: number }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );
    expect(activeNow.body.map((team) => team.teamId)).toEqual(teamIds);
    await expectAxeClean(page, `participants after Accept all (${viewport})`);

    // A planned match with a location, a cancelled one and a completed one (by API).
    const create = async (defender: number, challenger: number, location?: string) => {
      const created = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        {
          defenderId: teamIds[defender],
          challengerId: teamIds[challenger],
          ...(location ? { location } : {}),
        },
      );
      expect(created.status).toBe(201);
      return created.body.matchId;
    };
    const planned = await create(0, 1, 'Court 7, Riverside Club');
    const cancelled = await create(1, 2);
    expect((await manager.json('DELETE', `${MATCHES_API}/matches/${cancelled}/cancel`)).status).toBe(200);
    const completed = await create(0, 2);
    const played = await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: completed,
      defender: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' },
      challenger: { matchSets: [{ score: 1 }, { score: 2 }], special: 'none' },
      date: `${day(-1)}T10:00`,
    });
    expect(played.status).toBe(200);

    await selectTab(page.getByRole('tab', { name: 'Matches' }));
    await card(page, planned).waitFor({ timeout: 30_000 });
    await expect.poll(() => card(page, planned).textContent()).toContain('Location: Court 7, Riverside Club');
    const results = page.getByTestId('season-results');
    await results.getByRole('heading', { name: 'Results' }).waitFor();
    await expect
      .poll(
        () =>
          results
            .locator('[data-testid="match-card"]')
            .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-status'))),
        {
          timeout: 30_000,
        },
      )
      .toEqual(expect.arrayContaining(['cancelled', 'completed']));
    await expect.poll(() => card(page, cancelled).getAttribute('data-status')).toBe('cancelled');
    expect(await results.locator(`[data-match-id="${planned}"]`).count()).toBe(0);
    await expectAxeClean(page, `matches tab with results (${viewport})`);
    await shot('results');

    // The location in the card's editor.
    const plannedCard = card(page, planned).first();
    await plannedCard.getByRole('button', { name: 'Edit' }).click();
    const location = plannedCard.getByLabel('Location', { exact: true });
    await expect.poll(() => location.inputValue()).toBe('Court 7, Riverside Club');
    expect(await location.getAttribute('maxlength')).toBe('100');
    await location.fill('Court 8');
    await expectAxeClean(page, `match card editor with a location (${viewport})`);
    await shot('edit-location');
    await plannedCard.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => card(page, planned).first().textContent(), {
        timeout: 30_000,
      })
      .toContain('Location: Court 8');
    const saved = await manager.json<{ location?: string }>('GET', `${MATCHES_API}/matches/${planned}`);
    expect(saved.body.location).toBe('Court 8');
  }, 240_000);
});
