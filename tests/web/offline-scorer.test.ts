import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Side } from '@courtside/events/live/engine';
import { MATCHES_API } from '@courtside/events/api-paths';
import { documentViolations } from '../support/axe.ts';
import { signInBrowser } from '../support/browser.ts';
import { plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

/**
 * DESIGN.md §13 in Chromium at 375 px: the scorer with no signal. Points scored offline are kept on the phone, shown
 * at once as not sent yet, survive a reload with no network (the service worker serves the app, IndexedDB the
 * queue) and reach the server in order once the connection is back; a second scorer's points are a conflict
 * decided in a dialog.
 */

const D: Side = 'defender';
const C: Side = 'challenger';
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 100 });

describe('the scorer with no signal', () => {
  const courtside = courtsideForBrowsers();

  /** A season with Ann (defender) and Cas (challenger), their match scored live from the start. */
  async function liveMatch(companyName: string) {
    const baseUrl = courtside.url;
    const { manager, seasonId, teams } = await seasonWithTeams(baseUrl, ['Ann Smith', 'Cas Lee'], {
      companyName,
      ladderName: 'Court 7',
    });
    const [ann, cas] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const matchId = await plannedMatch(manager, seasonId, ann.teamId, cas.teamId);
    const started = await ann.http.json('POST', `${MATCHES_API}/matches/${matchId}/live`, { firstServer: D });
    expect(started.status).toBe(200);
    const serverPoints = async () =>
      (await ann.http.json<{ points: Side[] }>('GET', `${MATCHES_API}/matches/${matchId}/live`)).body.points;
    return { baseUrl, ann, cas, matchId, serverPoints };
  }

  /** The scorer page, controlled by the service worker (which has the app precached). */
  async function openScorer(page: Page, url: string) {
    await page.goto(url);
    await page.getByTestId('point-defender').waitFor();
    // Evaluated as text: the tests are type-checked without the DOM's types.
    await page.evaluate(`navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ||
      new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })))`);
  }

  it('15 points scored, 12 of them with no connection and one undone, a reload offline: the server gets the 14 in order', async () => {
    const { baseUrl, ann, matchId, serverPoints } = await liveMatch('TC No Signal');
    const scorerBrowser = await courtside.newBrowser(undefined, 'phone');
    const viewerBrowser = await courtside.newBrowser(undefined, 'phone');
    const errors: string[] = [];
    const page = scorerBrowser.page;
    page.on('pageerror', (error) => errors.push(error.message));
    await signInBrowser(scorerBrowser.context, baseUrl, ann.http);
    await openScorer(page, `${baseUrl}/webapps/matches/en/score/${matchId}`);
    const root = page.getByTestId('scorer');
    const badge = page.getByTestId('scorer-connection');
    const tap = (side: Side) => page.getByTestId(`point-${side}`).click();

    // Three points online: each answered, "All points sent".
    for (const side of [D, C, D]) await tap(side);
    await poll(() => root.getAttribute('data-pending')).toBe('0');
    await page.getByText('All points sent').waitFor();
    await expect(badge.textContent()).resolves.toBe('Online');
    await poll(serverPoints).toEqual([D, C, D]);

    // No signal: 12 more points (Ann's game, Cas's game) and an undo of a point not sent yet.
    await scorerBrowser.context.setOffline(true);
    await poll(() => badge.textContent()).toBe('Offline');
    const offline: Array<Side | 'undo'> = [D, D, C, C, C, C, D, C, D, 'undo', C, D, D];
    for (const step of offline) {
      if (step === 'undo') await page.getByRole('button', { name: 'Undo' }).click();
      else await tap(step);
    }
    const expected: Side[] = [D, C, D, D, D, C, C, C, C, D, C, C, D, D];
    await poll(() => root.getAttribute('data-seq')).toBe('14');
    await poll(() => root.getAttribute('data-unsent')).toBe('11');
    await page.getByText('Not sent yet: 11').waitFor();
    await expect(page.getByTestId('unsent-point').last().textContent()).resolves.toBe(
      'Point 14: Ann Smith · Not sent yet',
    );
    await page.getByText('No connection: your points are kept on this phone').waitFor();
    // Games 1–1, 40–30 (the board shows the queued points at once).
    await expect(page.getByTestId('board-defender').locator('[data-set="1"]').textContent()).resolves.toBe(
      '1',
    );
    await expect(page.getByTestId('game-defender').textContent()).resolves.toBe('40');
    await expect(page.getByTestId('game-challenger').textContent()).resolves.toBe('30');
    expect(await serverPoints()).toEqual([D, C, D]);
    await scorerBrowser.screenshot('offline-scorer-queued-375');
    expect(await documentViolations(page, 'scorer offline')).toEqual([]);

    // A reload with no network: the service worker serves the app, the phone its queue.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByTestId('point-defender').waitFor();
    await poll(() => root.getAttribute('data-seq')).toBe('14');
    await poll(() => root.getAttribute('data-unsent')).toBe('11');
    await expect(badge.textContent()).resolves.toBe('Offline');
    expect(await serverPoints()).toEqual([D, C, D]);
    await scorerBrowser.screenshot('offline-scorer-reloaded-375');

    // The signal is back: the queue goes out in order, the scorer says all is sent.
    await scorerBrowser.context.setOffline(false);
    await poll(() => root.getAttribute('data-pending')).toBe('0');
    await page.getByText('All points sent').waitFor();
    await poll(() => badge.textContent()).toBe('Online');
    await poll(serverPoints).toEqual(expected);
    expect(await documentViolations(page, 'scorer online')).toEqual([]);
    await scorerBrowser.screenshot('offline-scorer-sent-375');

    // A viewer's page shows the 14 points.
    const viewer = viewerBrowser.page;
    await viewer.goto(`${baseUrl}/webapps/matches/en/?match=${matchId}`);
    const panel = viewer.getByTestId('live-panel');
    await panel.waitFor();
    await poll(() => panel.getAttribute('data-seq')).toBe('14');
    await expect(panel.getByTestId('momentum').getAttribute('data-points')).resolves.toBe('14');
    expect(errors).toEqual([]);
  }, 300_000);

  it('two scorers, one offline: the other’s points are shown beside the queued ones and the choice decides; nothing doubled or lost', async () => {
    const { baseUrl, ann, cas, matchId, serverPoints } = await liveMatch('TC Two Phones');
    const annBrowser = await courtside.newBrowser(undefined, 'phone');
    const casBrowser = await courtside.newBrowser(undefined, 'phone');
    await signInBrowser(annBrowser.context, baseUrl, ann.http);
    await signInBrowser(casBrowser.context, baseUrl, cas.http);
    const annPage = annBrowser.page;
    const casPage = casBrowser.page;
    const url = `${baseUrl}/webapps/matches/en/score/${matchId}`;
    await openScorer(annPage, url);
    await openScorer(casPage, url);
    const annRoot = annPage.getByTestId('scorer');
    const casRoot = casPage.getByTestId('scorer');

    // Both see the same two points; then Ann loses her signal.
    await annPage.getByTestId('point-defender').click();
    await annPage.getByTestId('point-defender').click();
    await poll(() => annRoot.getAttribute('data-pending')).toBe('0');
    await poll(() => casRoot.getAttribute('data-seq')).toBe('2');
    await annBrowser.context.setOffline(true);
    await poll(() => annPage.getByTestId('scorer-connection').textContent()).toBe('Offline');

    // Cas counts the same next point as Ann and one more; Ann counts the same point, then another.
    await casPage.getByTestId('point-challenger').click();
    await casPage.getByTestId('point-challenger').click();
    await poll(() => casRoot.getAttribute('data-pending')).toBe('0');
    await annPage.getByTestId('point-challenger').click();
    await annPage.getByTestId('point-defender').click();
    await poll(() => annRoot.getAttribute('data-unsent')).toBe('2');
    await poll(serverPoints).toEqual([D, D, C, C]);

    // Back online: the point both counted is the server's already; Ann's next one differs: the dialog.
    const undoButton = annPage.getByRole('button', { name: 'Undo' });
    await undoButton.focus();
    await annBrowser.context.setOffline(false);
    const dialog = annPage.getByRole('dialog', { name: 'Another scorer changed this match' });
    const keepMine = dialog.getByRole('button', { name: 'Keep this phone’s score' });
    await keepMine.waitFor();
    await expect(dialog.getByTestId('conflict-theirs').textContent()).resolves.toContain(
      'On the server · 4 points',
    );
    await expect(dialog.getByTestId('conflict-mine').textContent()).resolves.toContain(
      'On this phone · 4 points',
    );
    expect(await documentViolations(annPage, 'conflict dialog')).toEqual([]);
    await annBrowser.screenshot('offline-scorer-conflict-375');
    expect(await serverPoints()).toEqual([D, D, C, C]);

    // Ann keeps hers: Cas's last point is taken back and hers goes in; the focus returns where it was.
    await keepMine.click();
    await poll(() => annRoot.getAttribute('data-pending')).toBe('0');
    await poll(serverPoints).toEqual([D, D, C, D]);
    await poll(() => annPage.evaluate<string>(`document.activeElement?.textContent ?? ''`)).toContain('Undo');
    // Cas's page was at 4 points before too: wait for the score Ann's choice made, pushed to it.
    await poll(() => casPage.getByTestId('game-defender').textContent()).toBe('40');
    await poll(() => casPage.getByTestId('game-challenger').textContent()).toBe('15');
    await poll(() => casRoot.getAttribute('data-seq')).toBe('4');
  }, 300_000);
});
