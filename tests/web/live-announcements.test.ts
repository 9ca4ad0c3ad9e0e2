import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { expectAxeClean } from '../support/axe.ts';
import { type ViewportName } from '../support/browser.ts';
import type { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

/**
 * DESIGN.md §14: a live match's points are announced through the page's one polite live region, once per point
 * (not when the page opens, not twice for a point shown again).
 */
describe('live score announcements', () => {
  const courtside = courtsideForBrowsers();

  it('says each point once, politely, in the one live region of the page', async () => {
    const baseUrl = courtside.url;
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

    const browser = await courtside.newBrowser(undefined, 'phone');
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
  }, 120_000);

  it('says a live standings change once, in English and Dutch, never on the first load', async () => {
    const baseUrl = courtside.url;
    const { manager, ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, 3);
    const rename = async (http: HttpClient, fullName: string) =>
      expect(
        (
          await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
            fullName,
            phoneNumber: { countryCode: '31', number: '06 12345678' },
          })
        ).status,
      ).toBe(200);
    await rename(teams[2]!.http, 'Cas Climber');
    await rename(teams[1]!.http, 'Bo Berg');
    const games = (...scores: number[]) => ({
      matchSets: scores.map((score) => ({ score })),
      special: 'none',
    });
    /** The manager records that the challenger beat the defender (it counts at once: a leapfrog). */
    const challengerWins = async (defender: number, challenger: number) => {
      const created = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        { defenderId: teams[defender]!.teamId, challengerId: teams[challenger]!.teamId },
      );
      expect(created.status).toBe(201);
      const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
        id: created.body.matchId,
        defender: games(2, 3),
        challenger: games(6, 6),
      });
      expect(saved.status).toBe(200);
    };

    for (const [locale, viewport, defender, challenger, sentence] of [
      ['en', 'phone', 0, 2, 'Standings updated: Cas Climber moved to 1st'],
      ['nl', 'desktop', 2, 1, 'Stand bijgewerkt: Bo Berg staat nu 1e'],
    ] as Array<[string, ViewportName, number, number, string]>) {
      const browser = await courtside.newBrowser(undefined, viewport);
      const { page } = browser;
      await page.goto(`${baseUrl}/webapps/ladders/${locale}/${ladderId}`);
      await expect.poll(() => page.getByTestId('standings-row').count()).toBe(3);
      // The region is there before the first change, inside the page's main landmark, and says nothing yet.
      await page.locator('#main #announcer[aria-live="polite"]').waitFor({ state: 'attached' });
      expect(await page.locator('#announcer').textContent()).toBe('');
      await page.evaluate(`(() => {
          const region = document.getElementById('announcer');
          window.said = [];
          new MutationObserver(() => window.said.push(region.textContent)).observe(region, {
            childList: true, characterData: true, subtree: true,
          });
        })()`);
      await challengerWins(defender, challenger);
      const said = () => page.evaluate<string[]>('window.said');
      await expect.poll(said, { timeout: 30_000 }).toEqual([sentence]);
      await expect
        .poll(() => page.getByTestId('standings-row').first().getByTestId('team-name').textContent())
        .toContain(sentence.includes('Cas') ? 'Cas Climber' : 'Bo Berg');
      await expectAxeClean(page, `standings announced ${locale} ${viewport}`);
      // The pushes that follow (a reading again) say nothing more.
      expect(await said()).toEqual([sentence]);
      await browser.close();
    }
  }, 180_000);
});
