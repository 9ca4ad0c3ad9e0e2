import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameLocator } from 'playwright-core';
import { liveScore, type LiveConfig, type Side } from '@courtside/events/live/engine';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { signedInAccount } from '../support/accounts.ts';
import { SCREENSHOT_DIR, signInBrowser, type Browser } from '../support/browser.ts';
import { managerWithSeason, plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

/**
 * DESIGN.md §7 in the browser at 375 px: a player scores a match live from the scorer page: a first set decided by a
 * tiebreak and a super tiebreak as the deciding set. Most games go through the API (a second scorer), a good part of
 * the points are taps on the real buttons, with undo, a reload in the middle of the tiebreak, a point the other
 * scorer counted first (409, the server's score kept in the dialog) and a dropped connection. A viewer follows every tapped point on the live
 * match page and in the widget embedded in another site's iframe.
 */

const D: Side = 'defender';
const C: Side = 'challenger';
/** Waits for a condition (a loaded machine may take a while; no fixed sleeps). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 50 });
const RULES: LiveConfig = {
  matchType: 'BESTOFTHREE',
  firstServer: D,
  noAd: false,
  finalSet: 'SUPER_TIEBREAK',
};

describe('live scoring in the browser', () => {
  const courtside = courtsideForBrowsers();

  it('a player scores a tiebreak set and a super tiebreak on a phone; the live page and the embedded widget follow every point', async () => {
    const baseUrl = courtside.url;
    const { manager, seasonId, teams } = await seasonWithTeams(baseUrl, ['Ann Smith', 'Cas Lee'], {
      companyName: 'TC Live',
      ladderName: 'Live ladder',
    });
    const [ann, cas] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const matchId = await plannedMatch(manager, seasonId, ann.teamId, cas.teamId);
    const matchUrl = `${MATCHES_API}/matches/${matchId}`;

    // The points as the test knows them; the engine says what every page must show.
    const points: Side[] = [];
    const expected = () => liveScore(RULES, points);
    /** Points through the API, as a second scorer on Ann's account. */
    const viaApi = async (winners: Side[]) => {
      for (const winner of winners) {
        const answer = await ann.http.json('POST', `${matchUrl}/points`, { seq: points.length + 1, winner });
        expect(answer.status).toBe(200);
        points.push(winner);
      }
    };

    const scorerBrowser = await courtside.newBrowser(undefined, 'phone');
    const viewerBrowser = await courtside.newBrowser(undefined, 'phone');
    const desktop = await courtside.newBrowser(undefined, 'desktop');
    const clubSite = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        `<body style="margin:0;padding:8px;background:#fde7c8;font-family:sans-serif"><h3>TC Live</h3>` +
          // By the season's id (the other journeys embed by the ladder's): it follows live all the same.
          `<iframe src="${baseUrl}/webapps/widget/en/?event=${seasonId}" width="359" height="640" ` +
          `style="border:0;background:transparent" title="Scores"></iframe></body>`,
      );
    });
    await new Promise<void>((resolve) => clubSite.listen(0, '127.0.0.1', resolve));
    const errors: string[] = [];
    try {
      const scorer = scorerBrowser.page;
      const viewer = viewerBrowser.page;
      for (const page of [scorer, viewer, desktop.page]) page.on('pageerror', (e) => errors.push(e.message));
      const shot = (browser: Browser, name: string) => browser.screenshot(`live-${name}`);

      // The viewer: the live match page, and the widget on the club's site in another tab.
      await viewer.goto(`${baseUrl}/webapps/matches/en/?match=${matchId}`);
      await viewer.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`).waitFor();
      expect(await viewer.getByRole('link', { name: 'Score live' }).count()).toBe(0); // viewers do not score
      const host = await viewerBrowser.context.newPage();
      host.on('pageerror', (e) => errors.push(e.message));
      await host.goto(`http://127.0.0.1:${(clubSite.address() as AddressInfo).port}/`);
      const widget: FrameLocator = host.frameLocator('iframe');
      const widgetCard = widget.locator(`[data-match-id="${matchId}"]`);
      await widgetCard.waitFor();

      // Ann finds "Score live" on her match's card; the scorer starts with DESIGN's defaults for tennis.
      await signInBrowser(scorerBrowser.context, baseUrl, ann.http);
      await scorer.goto(`${baseUrl}/webapps/matches/en/`);
      const annCard = scorer.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);
      await annCard.getByRole('link', { name: 'Score live' }).click();
      await scorer.getByRole('heading', { name: 'Start live scoring' }).waitFor();
      expect(scorer.url()).toBe(`${baseUrl}/webapps/matches/en/score/${matchId}`);
      await expect(scorer.getByLabel('Super tiebreak to 10').isChecked()).resolves.toBe(true);
      await expect(scorer.getByLabel(/^No-ad/).isChecked()).resolves.toBe(false);
      await expect(scorer.getByLabel('Ann Smith').isChecked()).resolves.toBe(true);
      await shot(scorerBrowser, 'scorer-start-375');
      await scorer.getByRole('button', { name: 'Start scoring' }).click();
      const pointFor = (side: Side) => scorer.getByTestId(`point-${side}`);
      await pointFor(D).waitFor();

      // The live page and the widget show the match as live once it starts (no reload).
      const panel = viewer.getByTestId('live-panel');
      await panel.waitFor();
      await widgetCard.getByTestId('live-badge').waitFor();

      const scorerRoot = scorer.getByTestId('scorer');
      /** Waits until the scorer has sent everything and shows `seq`, then until both viewers show it. */
      const everyoneAt = async () => {
        const state = expected();
        await poll(() => scorerRoot.getAttribute('data-pending')).toBe('0');
        await poll(() => scorerRoot.getAttribute('data-seq')).toBe(String(state.seq));
        await poll(() => panel.getAttribute('data-seq')).toBe(String(state.seq));
        if (state.finished) return;
        const game = (side: Side) =>
          widgetCard.locator(`[data-testid="side-${side}"] [data-testid="live-game"]`).textContent();
        await poll(() => game(D)).toBe(state.game.defender);
        await poll(() => game(C)).toBe(state.game.challenger);
        await expect
          .poll(() =>
            widgetCard.locator(`[data-testid="side-${state.server}"] [data-testid="live-server"]`).count(),
          )
          .toBe(1);
        await poll(() => panel.getByTestId(`game-${D}`).textContent()).toBe(state.game.defender);
      };
      const tap = async (side: Side) => {
        await pointFor(side).click();
        points.push(side);
        await everyoneAt();
      };
      const undo = async () => {
        await scorer.getByRole('button', { name: 'Undo' }).click();
        points.pop();
        await everyoneAt();
      };

      // Game 1 by taps, with an undo: Ann holds.
      await tap(D);
      await tap(C);
      await undo();
      for (let i = 0; i < 3; i++) await tap(D);
      expect(expected().sets).toEqual([{ defender: 1, challenger: 0 }]);
      await shot(viewerBrowser, 'page-game1-375');

      // To 6–6 through the API (holds), while the scorer page stays open and follows.
      const holds: Side[] = [];
      for (let game = 2; game <= 12; game++) holds.push(...Array<Side>(4).fill(game % 2 === 0 ? C : D));
      await viaApi(holds);
      await everyoneAt();
      expect(expected().sets).toEqual([
        { defender: 6, challenger: 6, tiebreak: { defender: 0, challenger: 0 } },
      ]);
      // The scorer says what is played now.
      await poll(() => scorer.getByTestId('scorer-phase').textContent()).toBe('Tiebreak');

      // The tiebreak by taps; the scorer is reloaded in the middle and goes on from the state it reads.
      for (const side of [D, C, D, D]) await tap(side);
      await shot(scorerBrowser, 'scorer-tiebreak-375');
      await scorer.reload();
      await pointFor(D).waitFor();
      await poll(() => scorerRoot.getAttribute('data-seq')).toBe(String(points.length));
      await expect(scorer.getByTestId('game-defender').textContent()).resolves.toBe('3');
      for (const side of [C, D, D, D, D]) await tap(side);
      expect(expected().sets[0]).toEqual({
        defender: 7,
        challenger: 6,
        tiebreak: { defender: 7, challenger: 2 },
      });

      // A second scorer (Cas, on his phone) sees the same state.
      const second = await courtside.newBrowser(cas.http, 'phone');
      await second.page.goto(`${baseUrl}/webapps/matches/en/score/${matchId}`);
      await second.page.getByTestId('point-challenger').waitFor();
      await poll(() => second.page.getByTestId('scorer').getAttribute('data-seq')).toBe(
        String(points.length),
      );
      await second.close();

      // Ann taps a point for herself, but the other scorer counted a point for Cas with that number first:
      // the server answers 409 with its state; the scorer shows both scores and Ann keeps the server's.
      await scorer.route('**/points', async (route) => {
        await viaApi([C]);
        await route.continue();
      });
      await pointFor(D).click();
      const conflict = scorer.getByRole('dialog', { name: 'Another scorer changed this match' });
      const keepTheirs = conflict.getByRole('button', { name: 'Keep the server’s score' });
      await keepTheirs.waitFor();
      await scorer.unroute('**/points');
      await keepTheirs.click();
      await everyoneAt();
      expect(expected().game).toEqual({ defender: '0', challenger: '15' });

      // The rest of set 2 through the API: 0–6.
      await viaApi(Array<Side>(23).fill(C));
      await everyoneAt();
      expect(expected().sets.slice(0, 2)).toEqual([
        { defender: 7, challenger: 6, tiebreak: { defender: 7, challenger: 2 } },
        { defender: 0, challenger: 6 },
      ]);

      // The super tiebreak by taps, with a dropped connection and an undo: 10–8 for Ann.
      for (let i = 0; i < 6; i++) await tap(i % 2 === 0 ? D : C);
      await scorerBrowser.context.setOffline(true);
      await pointFor(C).click();
      await pointFor(D).click();
      await scorer.getByText('No connection: your points are kept').waitFor();
      await poll(() => scorerRoot.getAttribute('data-seq')).toBe(String(points.length + 2));
      await shot(scorerBrowser, 'scorer-offline-375');
      await scorerBrowser.context.setOffline(false);
      points.push(C, D);
      await everyoneAt();

      // Taps without an answer survive a reload of the scorer: the first reached the server but its answer was
      // lost, the second never left. After the reload the page sends only the second, so each counts once.
      let posts = 0;
      await scorer.route('**/points', async (route) => {
        if (++posts === 1) await route.fetch();
        await route.abort('internetdisconnected');
      });
      await pointFor(D).click();
      await pointFor(C).click();
      await scorer.getByText('No connection: your points are kept').waitFor();
      await scorer.unroute('**/points');
      await scorer.reload();
      points.push(D, C);
      await everyoneAt();
      for (let i = 0; i < 6; i++) await tap(i % 2 === 0 ? C : D);
      expect(expected().sets[2]).toEqual({ defender: 8, challenger: 8, superTiebreak: true });
      await poll(() => scorer.getByTestId('scorer-phase').textContent()).toBe('Super tiebreak');
      // The widget's third set shows the super tiebreak's points in brackets while it is played.
      await poll(() => widgetCard.locator('[data-testid="side-defender"] [data-set="3"]').textContent()).toBe(
        '[8]',
      );
      await tap(C);
      await undo();
      await shot(viewerBrowser, 'page-super-tiebreak-375');
      await host.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-widget-iframe-375.png') });
      await desktop.page.goto(`${baseUrl}/webapps/matches/en/?match=${matchId}`);
      await desktop.page.getByTestId('live-panel').waitFor();
      await shot(desktop, 'page-super-tiebreak-1280');
      await tap(D);
      await tap(D);

      // Over: 7–6(2) 0–6 [10–8] for Ann; the result waits for Cas (DESIGN.md §5).
      expect(expected()).toMatchObject({ finished: true, winner: D });
      await scorer.getByText('Match over · Ann Smith wins').waitFor();
      await shot(scorerBrowser, 'scorer-over-375');
      // A mis-tapped match point is taken back while Cas has not confirmed (DESIGN.md §13), and scored again.
      await undo();
      await pointFor(D).waitFor();
      expect(await scorer.getByText('Match over').count()).toBe(0);
      await tap(D);
      await scorer.getByText('Match over · Ann Smith wins').waitFor();
      await panel.getByText('Finished').waitFor();
      await expect(panel.getByTestId('momentum').getAttribute('data-points')).resolves.toBe(
        String(points.length),
      );
      await expect(panel.getByTestId('timeline').locator('[data-set]').count()).resolves.toBe(3);
      const stats = panel.getByTestId('live-stats');
      const pointsWon = stats.getByRole('row', { name: /Points won/ });
      await expect(pointsWon.getByRole('cell').allTextContents()).resolves.toEqual([
        String(points.filter((p) => p === D).length),
        String(points.filter((p) => p === C).length),
      ]);
      await shot(viewerBrowser, 'page-over-375');
      const done = widget.locator(`[data-match-id="${matchId}"][data-status="completed"]`);
      await done.waitFor();
      await expect(done.getByTestId('live-badge').count()).resolves.toBe(0);
      // The same page in Dutch.
      await desktop.page.goto(`${baseUrl}/webapps/matches/nl/?match=${matchId}`);
      await desktop.page.getByRole('heading', { name: 'Punt voor punt' }).waitFor();
      await desktop.page.getByRole('heading', { name: 'Statistieken' }).waitFor();
      await shot(desktop, 'page-over-nl-1280');
      const match = await cas.http.json<{ status: string; confirmation: { state: string } }>('GET', matchUrl);
      expect(match.body).toMatchObject({ status: 'completed', confirmation: { state: 'pending' } });
      expect(errors).toEqual([]);
    } finally {
      clubSite.close();
      await scorerBrowser.close();
      await viewerBrowser.close();
      await desktop.close();
    }
  }, 600_000);

  it('a manager scores a games-only padel match (golden point by default) and ends it with End', async () => {
    const baseUrl = courtside.url;
    const { manager, seasonId } = await managerWithSeason(baseUrl, {
      companyName: 'TC Padel',
      ladderName: 'Padel ladder',
      sportsCategory: 'PADEL',
      matchType: 'GAMESONLY',
    });
    // Padel is doubles: each team registers with a partner.
    const teams: string[] = [];
    for (let i = 0; i < 2; i++) {
      const partnerHttp = courtside.client();
      const partner = await signedInAccount(partnerHttp);
      const http = courtside.client();
      await signedInAccount(http);
      const team = await http.json<{ teamId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {
        partnerEmail: partner.email,
      });
      expect(team.status).toBe(201);
      // DESIGN.md §9: the partner agrees first.
      await partnerHttp.json('POST', `${LADDER_API}/teams/${team.body.teamId}/partner`, { accept: true });
      await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, {
        teamId: team.body.teamId,
      });
      teams.push(team.body.teamId);
    }
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0],
        challengerId: teams[1],
      },
    );
    expect(created.status).toBe(201);
    const matchId = created.body.matchId;
    const browser = await courtside.newBrowser(manager, 'phone');
    const page = browser.page;
    await page.goto(`${baseUrl}/webapps/matches/en/score/${matchId}`);
    await page.getByRole('heading', { name: 'Start live scoring' }).waitFor();
    // Padel: golden point by default; a games-only match has no deciding set to choose.
    await expect(page.getByLabel(/^No-ad/).isChecked()).resolves.toBe(true);
    await expect(page.getByText('Deciding set').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Start scoring' }).click();
    const root = page.getByTestId('scorer');
    // 40–40 then the golden point: one game for the defender.
    for (const side of [D, D, D, C, C, C, D]) await page.getByTestId(`point-${side}`).click();
    await poll(() => root.getAttribute('data-pending')).toBe('0');
    await poll(() => root.getAttribute('data-seq')).toBe('7');
    await expect(page.getByTestId('board-defender').locator('[data-set="1"]').textContent()).resolves.toBe(
      '1',
    );
    await page.getByRole('button', { name: 'End match' }).click();
    await page.getByRole('dialog').getByText('End the match with the games as they stand?').waitFor();
    await browser.screenshot('live-scorer-end-375');
    await page.getByRole('dialog').getByRole('button', { name: 'End match' }).click();
    await page.getByText('Match over · ').waitFor();
    await poll(() => root.getAttribute('data-pending')).toBe('0'); // shown at once, then answered
    const match = await manager.json<{ status: string; live: { finished: boolean } }>(
      'GET',
      `${MATCHES_API}/matches/${matchId}`,
    );
    expect(match.body).toMatchObject({ status: 'completed', live: { finished: true } });
  }, 300_000);
});
