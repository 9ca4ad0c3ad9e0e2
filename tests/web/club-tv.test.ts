import { describe, expect, it } from 'vitest';
import { TOURNAMENT_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { club, drawnClubNight, enteredResult, plannedMatch } from '../support/club.ts';
import {
  enhancedContrastProblems,
  liveRegionsAndControls,
  pageProblems,
  rawTextKeys,
} from '../support/page-checks.ts';

interface Drawn {
  rounds: Array<{ round: number; games: Array<{ gameId: string; court: number }> }>;
}

/**
 * DESIGN.md §16 the club TV at 1920×1080, signed out: a ladder's standings and latest results in turn (the page's
 * clock moved 20 s instead of waited), a result saved through the API appearing without a reload, then a club night
 * drawn through the API taking the screen with its round's courts and leaderboard, a scored game following live.
 * axe-clean (AAA contrast too), no live region, nothing to focus; in Dutch too.
 */
describe('the club TV, at 1920×1080', () => {
  const courtside = courtsideForBrowsers({ viewport: 'tv' });

  it('shows standings and results in turn, then a club night’s round and leaderboard, all live', async () => {
    const url = courtside.url;
    const { manager, company, seasonId, teams } = await club(url, {
      players: ['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop'],
    });
    const [ann, bo, cy, di] = teams;
    await enteredResult(
      manager,
      await plannedMatch(manager, seasonId, ann!.teamId, bo!.teamId),
      [6, 6],
      [3, 4],
    );

    const browser = await courtside.newBrowser();
    const { page } = browser;
    await page.clock.install();
    await page.goto(`${url}/webapps/tv/en/${company.id}`);
    const tv = page.getByTestId('club-tv');
    await expect.poll(() => tv.getAttribute('data-view')).toBe('standings');
    await page.getByRole('row', { name: /Ann Ace/ }).waitFor();
    expect(await pageProblems(page, 'club TV: standings')).toEqual([]);
    await browser.screenshot('club-tv-standings');
    expect(await enhancedContrastProblems(page)).toEqual([]);
    expect(await liveRegionsAndControls(page)).toEqual([]);

    // Twenty seconds on: the latest results; one saved now appears without a reload.
    await page.clock.fastForward('00:20');
    await expect.poll(() => tv.getAttribute('data-view')).toBe('results');
    await tv.getByText('6–3 6–4').waitFor();
    await enteredResult(
      manager,
      await plannedMatch(manager, seasonId, cy!.teamId, di!.teamId),
      [6, 6],
      [1, 2],
    );
    await tv.getByText('6–1 6–2').waitFor();
    expect(await pageProblems(page, 'club TV: results')).toEqual([]);

    // A club night drawn through the API takes the screen at the next view change: its round, courts, leaderboard.
    const { tournamentId, drawn } = await drawnClubNight<Drawn>(
      manager,
      company.id,
      'Friday padel night',
      teams,
    );
    await page.clock.fastForward('00:20');
    await expect.poll(() => tv.getAttribute('data-view')).toBe('club-night');
    await tv.getByRole('heading', { name: 'Friday padel night · Round 1' }).waitFor();
    await tv.getByText('Court 1').waitFor();
    await tv.getByRole('table', { name: 'Leaderboard' }).waitFor();

    // A game's result reaches the screen live: its points, and the leaderboard's.
    const game = drawn.rounds[0]!.games[0]!;
    const scored = await manager.json(
      'PUT',
      `${TOURNAMENT_API}/tournaments/${tournamentId}/games/${game.gameId}`,
      { pointsA: 15, pointsB: 9 },
    );
    expect(scored.status).toBe(200);
    // Its one court's game had a result: the screen goes on to round 2, the leaderboard with the points.
    await tv.getByRole('heading', { name: 'Friday padel night · Round 2' }).waitFor();
    await tv
      .getByRole('table', { name: 'Leaderboard' })
      .getByRole('cell', { name: '15', exact: true })
      .first()
      .waitFor();
    expect(await pageProblems(page, 'club TV: club night')).toEqual([]);
    await browser.screenshot('club-tv-club-night');
    expect(await enhancedContrastProblems(page)).toEqual([]);
    expect(await liveRegionsAndControls(page)).toEqual([]);

    // The same screen in Dutch.
    await page.goto(`${url}/webapps/tv/nl/${company.id}`);
    await tv.getByRole('heading', { name: 'Friday padel night · Ronde 2' }).waitFor();
    await tv.getByRole('table', { name: 'Klassement' }).waitFor();
    expect(await rawTextKeys(page, 'club TV in Dutch')).toEqual([]);
  });
});
