import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { openBrowser } from '../support/browser.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

/**
 * DESIGN.md §14: a live match's points are announced through the page's one polite live region, once per point
 * (not when the page opens, not twice for a point shown again).
 */
describe('live score announcements', () => {
  let courtside: RunningCourtside;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'), { webDistDir: defaultWebDistDir });
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('says each point once, politely, in the one live region of the page', async () => {
    const baseUrl = courtside.url!;
    const { manager, seasonId, teams } = await seasonWithTeams(baseUrl, 2);
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0]!.teamId,
        challengerId: teams[1]!.teamId,
      },
    );
    const match = `${MATCHES_API}/matches/${created.body.matchId}`;
    const scorer = teams[0]!.http;
    expect((await scorer.json('POST', `${match}/live`, { firstServer: 'defender' })).status).toBe(200);
    expect((await scorer.json('POST', `${match}/points`, { seq: 1, winner: 'defender' })).status).toBe(200);

    const browser = await openBrowser('phone');
    try {
      const { page } = browser;
      await page.goto(`${baseUrl}/webapps/matches/en/?match=${created.body.matchId}`);
      const panel = page.getByTestId('live-panel');
      await expect.poll(() => panel.getAttribute('data-seq')).toBe('1');
      // Every text the region takes from now on.
      await page.evaluate(`(() => {
        const region = document.getElementById('announcer');
        window.said = [];
        new MutationObserver(() => window.said.push(region.textContent)).observe(region, {
          childList: true, characterData: true, subtree: true,
        });
      })()`);
      expect(await page.locator('[aria-live]').evaluateAll((all) => all.map((e) => e.id))).toContain(
        'announcer',
      );

      for (const [seq, winner] of [
        [2, 'defender'],
        [3, 'challenger'],
        [4, 'defender'],
      ] as const) {
        expect((await scorer.json('POST', `${match}/points`, { seq, winner })).status).toBe(200);
        await expect.poll(() => panel.getAttribute('data-seq')).toBe(String(seq));
      }
      const said = () => page.evaluate<string[]>('window.said');
      await expect.poll(async () => (await said()).length).toBeGreaterThanOrEqual(3);
      // 30-0, 30-15, 40-15: three points, three sentences, none twice.
      const sentences = await said();
      expect(sentences).toHaveLength(3);
      expect(sentences[0]).toMatch(/ 30, .* 0$/);
      expect(sentences[1]).toMatch(/ 30, .* 15$/);
      expect(sentences[2]).toMatch(/ 40, .* 15$/);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
