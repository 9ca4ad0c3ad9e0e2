import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEV_CLOCK_PATH, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { club, day, plannedMatch } from '../support/club.ts';
import type { HttpClient } from '../support/http-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const card = (page: Page, matchId: string) =>
  page.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);

/** A day as the pages write it in English ("30 Nov 2026"). */
const written = (isoDay: string) => format(new Date(`${isoDay}T12:00`), 'd MMM yyyy');

/** The manager dates a planned match (no result) `at` (local `YYYY-MM-DDTHH:mm`). */
async function dated(manager: HttpClient, matchId: string, at: string) {
  const none = { special: 'none', matchSets: [] };
  const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
    id: matchId,
    date: at,
    defender: none,
    challenger: none,
  });
  expect(saved.status).toBe(200);
}

/** `games` typed into a score input as a person types it: the card takes a score on its key up, or on leaving it. */
async function typed(input: Locator, games: string) {
  await input.fill('');
  await input.pressSequentially(games);
}

/** Both sides' games (6-3) of `sets` on a card being edited. */
async function scored(matchCard: Locator, sets: number[], [first, second]: [string, string]) {
  for (const set of sets) {
    await typed(matchCard.getByLabel(`Set ${set} score of ${first}`), '6');
    await typed(matchCard.getByLabel(`Set ${set} score of ${second}`), '3');
  }
}

/**
 * DESIGN.md §5 "last played": a result entered before its match's date, with the server's clock (the dev clock route)
 * two days ahead of the browser's. The card's date field moves to the server's today once the scores make a result,
 * so the card then shows the day the standings' Last played shows; a date the person chooses is saved as chosen.
 */
describe('a result entered before its match’s date, by the server’s clock', () => {
  const courtside = courtsideForBrowsers({ viewport: 'desktop' });

  it('shows the result’s day on the card and in Last played, not the planned day; a chosen date stays', async () => {
    const url = courtside.url;
    // The server's clock two days ahead of the browser's (and of this process's): its today is not the browser's.
    const moved = await courtside.client().json<{ now: string }>('POST', DEV_CLOCK_PATH, {
      advanceMs: 2 * DAY_MS,
    });
    expect(moved.status).toBe(200);
    const serverToday = format(new Date(moved.body.now), 'yyyy-MM-dd');
    expect(serverToday).toBe(day(2));

    const { manager, ladderId, seasonId, teams } = await club(url, {
      companyName: 'TC Result Date',
      players: ['Ann Ace', 'Bo Break', 'Cy Volley'],
      rules: { confirmHours: 0 },
    });
    const [ann, bo, cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    // Two matches planned ahead of the server's today too.
    const first = await plannedMatch(manager, seasonId, ann.teamId, bo.teamId);
    await dated(manager, first, `${day(6)}T18:00`);
    const second = await plannedMatch(manager, seasonId, ann.teamId, cy.teamId);
    await dated(manager, second, `${day(7)}T18:00`);

    const { page } = await courtside.newBrowser(ann.http);
    await page.goto(`${url}/webapps/matches/en/`);

    // Edit alone keeps the planned date (a manager rescheduling a match); once the scores make a result, the date
    // field moves to the server's today, and the card says so.
    const one = card(page, first);
    await one.getByRole('button', { name: 'Edit' }).click();
    const date = one.getByLabel('Date and time');
    expect(await date.inputValue()).toBe(`${day(6)}T18:00`);
    expect(await one.getByTestId('date-moved-to-now').count()).toBe(0);
    await scored(one, [1, 2], ['Ann Ace', 'Bo Break']);
    await expect.poll(() => date.inputValue()).toMatch(new RegExp(`^${serverToday}T\\d\\d:\\d\\d$`));
    await one.getByTestId('date-moved-to-now').getByText('Set to today').waitFor();
    await one.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Match saved').first().waitFor();
    await expect.poll(() => one.getByTestId('match-date').textContent()).toContain(written(serverToday));
    expect(await one.getByTestId('match-date').textContent()).not.toContain(written(day(6)));

    // A date the person chooses is saved as chosen, however the scores change after it.
    const two = card(page, second);
    await two.getByRole('button', { name: 'Edit' }).click();
    await scored(two, [1, 2], ['Ann Ace', 'Cy Volley']);
    await two.getByTestId('date-moved-to-now').waitFor();
    await two.getByLabel('Date and time').fill(`${day(5)}T09:30`);
    await two.getByTestId('date-moved-to-now').waitFor({ state: 'detached' });
    // The server's recalculation of the changed score keeps the chosen date too.
    const recalculated = page.waitForResponse((answer) => answer.url().includes('/matches/recalculate'));
    await typed(two.getByLabel('Set 2 score of Cy Volley'), '4');
    await recalculated;
    expect(await two.getByLabel('Date and time').inputValue()).toBe(`${day(5)}T09:30`);
    await two.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => two.getByTestId('match-date').textContent()).toContain(written(day(5)));

    // The standings' Last played of Bo (the first match only) is the day the card shows.
    await page.goto(`${url}/webapps/ladders/en/${ladderId}`);
    const bosRow = page.getByTestId('standings-row').filter({ hasText: 'Bo Break' });
    await expect.poll(() => bosRow.textContent()).toContain(written(serverToday));
  }, 180_000);
});
