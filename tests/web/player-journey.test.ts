import { describe, expect, it } from 'vitest';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { expectAxeClean } from '../support/axe.ts';
import { type ViewportName } from '../support/browser.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { named } from '../support/accounts.ts';

const won = { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' };
const lost = { matchSets: [{ score: 2 }, { score: 3 }], special: 'none' };

describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('the player page on %s in %s (DESIGN.md §11)', (viewport, locale) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('shows three explained rating changes, the record and a head-to-head of 3 after two players play three matches', async () => {
    const { manager, seasonId, ladderId, teams } = await seasonWithTeams(courtside.url, 2, {
      companyName: `TC Ratings ${viewport}`,
    });
    const [ann, bob] = teams as [(typeof teams)[0], (typeof teams)[0]];
    await named(ann.http, 'Ann Ace');
    await named(bob.http, 'Bob Baseline');
    for (const annWins of [true, false, true]) {
      const created = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        {
          defenderId: ann.teamId,
          challengerId: bob.teamId,
        },
      );
      const match = await manager.json<Record<string, unknown>>(
        'GET',
        `${MATCHES_API}/matches/${created.body.matchId}`,
      );
      const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
        ...match.body,
        defender: annWins ? won : lost,
        challenger: annWins ? lost : won,
      });
      expect(saved.status).toBe(200);
    }

    const browser = await courtside.newBrowser();
    const { page } = browser;
    await page.goto(`${courtside.url}/webapps/player/${locale}/${ann.account.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ann Ace');
    await expect
      .poll(() =>
        page
          .getByText(locale === 'en' ? 'Played 3, won 2, lost 1.' : '3 gespeeld, 2 gewonnen, 1 verloren.')
          .count(),
      )
      .toBe(1);
    const chart = page.getByRole('img', { name: locale === 'en' ? /after 3 matches/ : /na 3 wedstrijden/ });
    await expect.poll(() => chart.count()).toBe(1);

    await page.getByText(locale === 'en' ? 'How the rating moved' : 'Hoe de rating veranderde').click();
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    const explanations = await rows.locator('td:last-child').allTextContents();
    expect(explanations[0]).toBe(
      locale === 'en'
        ? 'Chance to win 50 % against Bob Baseline (1,500). Winning moved the rating +162.'
        : '50 % kans tegen Bob Baseline (1.500). Winnen veranderde de rating met +162.',
    );
    expect(explanations[1]).toMatch(
      locale === 'en' ? /Losing moved the rating −\d+\.$/ : /Verliezen veranderde de rating met −\d+\.$/,
    );

    const headToHead = page.getByLabel(
      locale === 'en' ? 'Head-to-head against' : 'Onderling resultaat tegen',
    );
    await headToHead.selectOption({ label: 'Bob Baseline' });
    await expect
      .poll(() =>
        page
          .getByText(locale === 'en' ? 'Played 3: won 2, lost 1.' : '3 gespeeld: 2 gewonnen, 1 verloren.')
          .count(),
      )
      .toBe(1);
    await expectAxeClean(page, `the player page (${viewport}, ${locale})`);
    await browser.screenshot(`player-page-${viewport}-${locale}`);
    const rating = (await page.locator('section h3 + p span').first().textContent())!;

    // The standings show each side's rating with its provisional mark (a column phones leave out).
    await page.goto(`${courtside.url}/webapps/ladders/${locale}/${ladderId}`);
    const annRow = page.locator('[data-testid="standings-row"]', { hasText: 'Ann Ace' });
    const ratingCell = annRow.locator('td').nth(2);
    await expect.poll(() => ratingCell.textContent()).toBe(`${rating}?`);
    expect(await ratingCell.isVisible()).toBe(viewport === 'desktop');
    await expectAxeClean(page, `the standings with ratings (${viewport}, ${locale})`);
  });
});
