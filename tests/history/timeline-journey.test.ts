import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type ViewportName } from '../support/browser.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { ACCOUNT_API, ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

/** The timeline's standings, top to bottom, as "position names", and which rows are highlighted. */
async function timelineRows(page: Page) {
  const rows = page.getByTestId('timeline-standings').locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      text: (tr.textContent ?? '').replace(/\s+/g, ' ').trim(),
      changed: tr.getAttribute('data-changed') === 'true',
    })),
  );
}

describe.each<ViewportName>(['desktop', 'phone'])('the season timeline on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('steps through the season: standings as they stood, moved rows highlighted, filters, and new events live', async () => {
    const { manager, company, seasonId, teams } = await seasonWithTeams(courtside.url, 3);
    for (const [index, fullName] of ['Ann Ace', 'Bo Base', 'Cy Volley'].entries()) {
      const renamed = await teams[index]!.http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName,
        phoneNumber: { countryCode: '31', number: '06 12345678' },
      });
      expect(renamed.status).toBe(200);
    }
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0]!.teamId,
        challengerId: teams[2]!.teamId,
      },
    );
    const played = await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: created.body.matchId,
      defender: sets(4, 4),
      challenger: sets(6, 6),
    });
    expect(played.status).toBe(200);

    const browser = await courtside.newBrowser(manager);
    const { page } = browser;
    // The page folds the season itself: stepping asks the api nothing (the history is read once, then on news).
    const reads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes(`/seasons/${seasonId}/`)) reads.push(path.replace(`/seasons/${seasonId}/`, ' '));
    });
    await page.goto(`${courtside.url}/webapps/audit/en/${company.id}`);
    // The tamper check (DESIGN.md §8) on the page: the chain recomputed by the api, and the exports.
    const check = page.getByTestId('history-check');
    await check.getByRole('button', { name: 'Check the history' }).click();
    await check.getByText(/^The history is intact: \d+ changes, last fingerprint [0-9a-f]{12}…$/).waitFor();
    const download = page.waitForEvent('download');
    await check.getByRole('link', { name: 'Download every result (CSV)' }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toBe(`results-${company.id}.csv`);
    await page.getByLabel('Show').selectOption({ label: 'Club Ladder · season Winter' });
    const timeline = page.getByTestId('season-timeline');
    const event = page.getByTestId('timeline-event');

    await event.getByText('Cy Volley moved from 3 to 1 after beating Ann Ace 6-4 6-4').waitFor();
    await page.getByTestId('timeline-standings').waitFor();
    await expect
      .poll(() => timelineRows(page))
      .toEqual([
        { text: '1Cy Volley(was 3)1–0', changed: true },
        { text: '2Ann Ace(was 1)0–1', changed: true },
        { text: '3Bo Base(was 2)0–0', changed: true },
      ]);
    await timeline.getByText('following new events').waitFor();
    await browser.screenshot(`history-timeline-${viewport}`);

    await timeline.getByRole('button', { name: 'Previous event' }).click();
    await event.getByText('Result Ann Ace vs Cy Volley: 4-6 4-6').waitFor();
    await page.getByTestId('timeline-standings').locator('tbody tr').first().getByText('Ann Ace').waitFor();
    // The result counts already; the challenger moves up with the next event.
    await expect
      .poll(() => timelineRows(page))
      .toEqual([
        { text: '1Ann Ace0–1', changed: false },
        { text: '2Bo Base0–0', changed: false },
        { text: '3Cy Volley1–0', changed: false },
      ]);
    await expect.poll(() => timeline.getByTestId('timeline-matches').textContent()).toContain('4-6 4-6');

    await timeline.getByLabel('What').selectOption({ label: 'Teams' });
    await event.getByText('Cy Volley accepted at position 3').waitFor();
    await expect
      .poll(() => timelineRows(page))
      .toEqual([
        { text: '1Ann Ace0–0', changed: false },
        { text: '2Bo Base0–0', changed: false },
        { text: '3Cy Volley(new)0–0', changed: true },
      ]);
    await timeline.getByLabel('What').selectOption({ label: 'Everything' });

    // A match's and a team's own history, one click away.
    await event.getByText('Cy Volley moved from 3 to 1 after beating Ann Ace 6-4 6-4').waitFor();
    await timeline.getByTitle('History of this match').click();
    await timeline.getByText('Only: Ann Ace – Cy Volley').waitFor();
    await timeline.getByText(/^Event 3 of 3 · /).waitFor();
    await timeline.getByRole('button', { name: 'Previous event' }).click();
    await timeline.getByRole('button', { name: 'Previous event' }).click();
    await event.getByText('Match Ann Ace vs Cy Volley planned').waitFor();
    await timeline.getByRole('button', { name: 'Show all events' }).click();
    await timeline.getByTitle('History of Bo Base').click();
    await timeline.getByText(/^Event 3 of 3 · /).waitFor();
    await timeline.getByRole('button', { name: 'Previous event' }).click();
    await event.getByText('Bo Base accepted at position 2').waitFor();
    await timeline.getByRole('button', { name: 'Show all events' }).click();

    // A new event while the timeline is at its last step: it follows.
    const next = await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
      defenderId: teams[1]!.teamId,
      challengerId: teams[0]!.teamId,
    });
    expect(next.status).toBe(201);
    await event.getByText('Match Bo Base vs Ann Ace planned').waitFor();
    expect(reads.filter((read) => read.includes('standings'))).toEqual([]);
    expect(reads.filter((read) => read.endsWith(' history/events')).length).toBeGreaterThanOrEqual(2);

    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(viewport === 'phone' ? 375 : 1280);
    await browser.screenshot(`history-timeline-live-${viewport}`);

    // The same timeline in Dutch tells the events in Dutch.
    await page.goto(`${courtside.url}/webapps/audit/nl/${company.id}`);
    await page.getByLabel('Toon').selectOption({ label: 'Club Ladder · seizoen Winter' });
    await event.getByText('Wedstrijd Bo Base tegen Ann Ace gepland').waitFor();
    await timeline.getByRole('button', { name: /vorige/i }).click();
    await event.getByText('Cy Volley van 3 naar 1 na winst op Ann Ace 6-4 6-4').waitFor();
    await browser.screenshot(`history-timeline-nl-${viewport}`);
  }, 120_000);
});
