import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API, DEV_CLOCK_PATH, LADDER_API } from '@courtside/events/api-paths';
import { PASSWORD } from '../support/accounts.ts';
import { expectAxeClean } from '../support/axe.ts';
import { openBrowser, signInBrowser, type ViewportName, selectTab } from '../support/browser.ts';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * DESIGN.md §14, two defects of the manager's season Matches tab: "Needs attention" judged overdue
 * challenges by the browser's clock, not the server's; and the tab did not reload after its live channel came back
 * from a server restart.
 */
describe('the manager’s Matches tab follows the server', () => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  beforeAll(async () => {
    backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend, { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it.each<ViewportName>(['desktop', 'phone'])(
    'lists a challenge as overdue once the server’s clock passed its play-by (%s)',
    async (viewport) => {
      const baseUrl = courtside.url!;
      const { manager, company, seasonId, teams } = await seasonWithTeams(baseUrl, 2, {
        ladderName: `Clock ${viewport}`,
        rules: { playDays: 1 },
      });
      const issued = await teams[1]!.http.json<{ challengeId: string }>(
        'POST',
        `${LADDER_API}/seasons/${seasonId}/challenges`,
        { defenderTeamId: teams[0]!.teamId },
      );
      expect(issued.status).toBe(201);
      const accepted = await teams[0]!.http.json<{ matchId: string }>(
        'POST',
        `${LADDER_API}/challenges/${issued.body.challengeId}/accept`,
        {},
      );
      expect(accepted.status).toBe(200);
      const listed = async () =>
        (
          await new HttpClient(baseUrl).json<Array<{ challengeId: string; overdue: boolean }>>(
            'GET',
            `${LADDER_API}/seasons/${seasonId}/challenges`,
          )
        ).body.find((challenge) => challenge.challengeId === issued.body.challengeId)?.overdue;
      await expect.poll(listed).toBe(false);

      const browser = await openBrowser(viewport);
      try {
        const { page } = browser;
        await signInBrowser(browser.context, baseUrl, manager);
        await page.goto(
          `${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(`Clock ${viewport}`)}`,
        );
        await selectTab(page.getByRole('tab', { name: 'Matches' }));
        const card = page.locator(`[data-testid="match-card"][data-match-id="${accepted.body.matchId}"]`);
        await card.first().waitFor();
        // The browser's clock is today: nothing is overdue yet.
        expect(await page.getByTestId('attention').count()).toBe(0);

        // The server's clock moves past the play-by (a day); the browser's does not.
        const moved = await manager.json('POST', DEV_CLOCK_PATH, { advanceMs: 2 * DAY_MS });
        expect(moved.status).toBe(200);
        await expect.poll(listed).toBe(true);
        // Two days on, the access token has run out by the server's clock while the browser's expiry cookie (the
        // server's clock) still looks two days away: the page's first call is refused, the session refreshes
        // and the manager stays signed in.
        await page.reload();
        expect(new URL(page.url()).pathname).not.toContain('/account/');
        await selectTab(page.getByRole('tab', { name: 'Matches' }));
        const item = page
          .getByTestId('attention')
          .locator('[data-testid="attention-item"][data-kind="overdue"]');
        await item.getByText(/^Overdue — play by .+ has passed$/).waitFor({ timeout: 30_000 });
        expect(await item.locator('[data-testid="match-card"]').getAttribute('data-match-id')).toBe(
          accepted.body.matchId,
        );
        await expectAxeClean(page, `overdue attention ${viewport}`);
        await browser.screenshot(`server-clock-overdue-${viewport}`);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );

  it('reloads the tab after its live channel comes back from a server restart: nothing done meanwhile is missed', async () => {
    const baseUrl = courtside.url!;
    const port = Number(new URL(baseUrl).port);
    const { manager, company, seasonId, teams } = await seasonWithTeams(baseUrl, 3, {
      ladderName: 'Restart',
    });
    const { email } = (await manager.json<{ email: string }>('GET', `${ACCOUNT_API}/account`)).body;
    const browser = await openBrowser('desktop');
    try {
      const { page } = browser;
      await signInBrowser(browser.context, baseUrl, manager);
      await page.goto(`${baseUrl}/webapps/manager/en/${company.id}/ladders/Restart`);
      await selectTab(page.getByRole('tab', { name: 'Matches' }));
      await page.getByText('Create a match').first().waitFor();
      const live = page.locator('[role="status"][data-state]');
      await expect.poll(() => live.getAttribute('data-state'), { timeout: 30_000 }).toBe('connected');
      const cards = page.locator('[data-testid="match-card"]');
      expect(await cards.count()).toBe(0);

      // The server goes down; while this page cannot hear it, another process of the installation creates a match.
      await courtside.stop();
      await expect.poll(() => live.getAttribute('data-state'), { timeout: 30_000 }).toBe('reconnecting');
      const other = await startTestCourtside(backend);
      let matchId: string;
      try {
        const elsewhere = new HttpClient(other.url!);
        expect(
          (await elsewhere.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD }))
            .status,
        ).toBe(200);
        const created = await elsewhere.json<{ matchId: string }>(
          'POST',
          `${ADMIN_API}/seasons/${seasonId}/teams/match`,
          { defenderId: teams[0]!.teamId, challengerId: teams[2]!.teamId },
        );
        expect(created.status).toBe(201);
        matchId = created.body.matchId;
      } finally {
        await other.stop();
      }

      // The server is back at the same address: the tab hears of the match without being reloaded by hand.
      courtside = await startTestCourtside(backend, { webDistDir: defaultWebDistDir, port });
      await expect.poll(() => live.getAttribute('data-state'), { timeout: 60_000 }).toBe('connected');
      await page
        .locator(`[data-testid="match-card"][data-match-id="${matchId}"]`)
        .first()
        .waitFor({ timeout: 30_000 });
      await expectAxeClean(page, 'matches tab after a restart');
    } finally {
      await browser.close();
    }
  }, 180_000);
});
