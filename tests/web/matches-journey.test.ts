import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR, type ViewportName, signInBrowser, selectTab } from '../support/browser.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day } from '../support/ladder-setup.ts';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { club } from '../support/club.ts';

interface Player {
  http: HttpClient;
  id: string;
  email: string;
  name: string;
  teamId: string;
}

function card(scope: Page | Locator, matchId: string): Locator {
  return scope.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);
}

/** The set scores of one side as shown, e.g. ["4", "7⁷", "[8]"] → "4 77 [8]" (superscripts as digits). */
async function setScores(matchCard: Locator, side: 'defender' | 'challenger'): Promise<string[]> {
  return matchCard
    .locator(`[data-testid="side-${side}"] [data-testid="set-scores"] > span`)
    .allTextContents();
}

async function positions(matchCard: Locator, side: 'defender' | 'challenger'): Promise<string[]> {
  return matchCard.locator(`[data-testid="side-${side}"] [data-testid="member-position"]`).allTextContents();
}

// One width per journey keeps CI in its budget; every page is also checked at 1280 and 375 px by the axe sweep
// (docs/testing.md "One width per journey").
describe.each<ViewportName>(['phone'])('the matches journey on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport });

  /** A manager with a singles ladder, a best-of-three season and three active players at 1, 2, 3. */
  async function ladderWithPlayers() {
    const baseUrl = courtside.url;
    const names = ['Ann Smith', 'Bob Jones', 'Cas Lee'];
    const { manager, company, ladderId, seasonId, teams } = await club(baseUrl, {
      companyName: `TC Matches ${viewport}`,
      ladderName: `Club ladder ${viewport}`,
      // Results count at once here: this journey is about scoring and live updates, not confirmation.
      rules: { confirmHours: 0 },
      players: names,
    });
    const players: Player[] = teams.map(({ http, account, teamId }, index) => ({
      http,
      id: account.id,
      email: account.email,
      name: names[index]!,
      teamId,
    }));
    return { manager, companyId: company.id, ladderId, seasonId, players };
  }

  async function createMatchByApi(
    manager: HttpClient,
    seasonId: string,
    defender: Player,
    challenger: Player,
  ) {
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: defender.teamId,
        challengerId: challenger.teamId,
      },
    );
    expect(created.status).toBe(201);
    return created.body.matchId;
  }

  it('enters a score with a tiebreak and a super tiebreak, shows it live in the widget with the leapfrog, plans, exports and cancels a match', async () => {
    const { manager, companyId, ladderId, seasonId, players } = await ladderWithPlayers();
    const [ann, bob, cas] = players as [Player, Player, Player]; // Ann Smith (#1) is picked in the UI

    // The manager creates #1 Ann (defender) against #3 Cas (challenger) in the season's Matches tab.
    const managerBrowser = await courtside.newBrowser(manager);
    const page = managerBrowser.page;
    await page.goto(
      `${courtside.url}/webapps/manager/en/${companyId}/ladders/${encodeURIComponent(`Club ladder ${viewport}`)}`,
    );
    await selectTab(page.getByRole('tab', { name: 'Matches' }));
    const panel = page.getByTestId('create-match-panel');
    await panel.getByRole('heading', { name: 'Create a match' }).waitFor();
    const save = panel.getByRole('button', { name: 'Save' });
    const defender = panel.getByRole('combobox', { name: 'Defender' });
    const challenger = panel.getByRole('combobox', { name: 'Challenger' });
    expect(await defender.getAttribute('placeholder')).toBe('Pick one');
    await expect(save.isDisabled()).resolves.toBe(true);
    await defender.click();
    await defender.fill('ANN');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['#1 Ann Smith']);
    await page.getByRole('option', { name: '#1 Ann Smith' }).click();
    await expect(save.isDisabled()).resolves.toBe(true);
    await challenger.click();
    // The defender's team is not offered as challenger.
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual(['#2 Bob Jones', '#3 Cas Lee']);
    await challenger.fill('cas');
    await page.getByRole('option', { name: '#3 Cas Lee' }).click();
    await managerBrowser.screenshot(`matches-create-${viewport}`);
    await save.click();
    await page.getByText('Match created').first().waitFor();
    await expect.poll(() => defender.inputValue()).toBe('');
    expect(await challenger.inputValue()).toBe('');
    const created = page.locator('[data-testid="match-card"]');
    await created.first().waitFor();
    const result = (await created.first().getAttribute('data-match-id'))!;
    await created.first().getByRole('button', { name: 'Edit' }).waitFor(); // managers may edit
    await managerBrowser.screenshot(`matches-created-${viewport}`);
    await managerBrowser.close();
    const other = await createMatchByApi(manager, seasonId, bob, cas);

    const player = await courtside.newBrowser();
    const viewer = await courtside.newBrowser(undefined, 'phone');
    const shot = (name: string) => player.screenshot(`matches-${name}-${viewport}`);
    const widgetShot = (name: string) =>
      viewer.page.screenshot({
        path: path.join(SCREENSHOT_DIR, `matches-widget-${name}-${viewport}.png`),
        fullPage: true,
      });
    try {
      const { page } = player;
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      // The widget in a 360 px iframe-like viewport: no app chrome, the planned match with positions.
      await viewer.page.setViewportSize({ width: 360, height: 720 });
      await viewer.page.goto(`${courtside.url}/webapps/widget/en/?event=${ladderId}`);
      const widgetCard = card(viewer.page, result);
      await widgetCard.waitFor();
      await expect(viewer.page.locator('header').count()).resolves.toBeGreaterThan(0);
      await expect(viewer.page.getByRole('link', { name: 'Courtside home' }).count()).resolves.toBe(0);
      await viewer.page.getByRole('heading', { name: `Club ladder ${viewport} · Live scores` }).waitFor();
      expect(await positions(widgetCard, 'defender')).toEqual(['#1']);
      expect(await positions(widgetCard, 'challenger')).toEqual(['#3']);
      expect(await widgetCard.getByRole('link').count()).toBe(0);
      await viewer.page.locator('[data-testid="widget"] [role="status"][data-state="connected"]').waitFor();
      await widgetShot('before');

      // Cas opens their matches: both planned matches, their own entry highlighted. Their account (with the calendar
      // feed in the header) and the code of the cards' Edit are held back until the list shows, as on a slow
      // network: the cards must not move when they arrive (a tap aimed at a card would land where the card was).
      await signInBrowser(player.context, courtside.url, cas.http);
      let releaseAccount = () => {};
      const accountHeld = new Promise<void>((resolve) => (releaseAccount = resolve));
      const accountUrl = `${courtside.url}${ACCOUNT_API}/account`;
      await page.route(accountUrl, async (route) => {
        await accountHeld;
        await route.continue();
      });
      let editCodeAsked = false;
      const editCode = '**/webapps/assets/MatchEditActions-*.js';
      await page.route(editCode, async (route) => {
        editCodeAsked = true;
        await accountHeld;
        await route.continue();
      });
      await page.goto(`${courtside.url}/webapps/matches/en/`);
      await page.getByRole('heading', { level: 1, name: 'My matches' }).waitFor();
      const mine = card(page, result);
      await mine.waitFor();
      await card(page, other).waitFor();
      // The card's text beside its box: a card that grew says what it grew by.
      const placed = async () => ({ box: await mine.boundingBox(), text: await mine.innerText() });
      // The list renders its answers in transitions: the card is measured once two looks agree.
      let before = await placed();
      await expect
        .poll(
          async () => {
            const now = await placed();
            const same = JSON.stringify(now) === JSON.stringify(before);
            before = now;
            return same;
          },
          { interval: 250 },
        )
        .toBe(true);
      expect(editCodeAsked).toBe(true);
      expect(await mine.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      releaseAccount();
      await page.getByRole('link', { name: 'Subscribe in your calendar' }).waitFor();
      await mine.getByRole('button', { name: 'Edit' }).waitFor();
      await page.unroute(accountUrl);
      await page.unroute(editCode);
      // The box must stay; the text (Edit has come) says what grew if it did not.
      const after = await placed();
      expect(after.box, `${before.text}\n→\n${after.text}`).toEqual(before.box);
      // The challenges above the list arrive late too: the list waits for them, hidden under the page's loading veil,
      // so they cannot push it down either.
      let releaseChallenges = () => {};
      const challengesHeld = new Promise<void>((resolve) => (releaseChallenges = resolve));
      const challengesUrl = `${courtside.url}${LADDER_API}/challenges/mine`;
      await page.route(challengesUrl, async (route) => {
        await challengesHeld;
        await route.continue();
      });
      await page.reload();
      await page.getByTestId('loading-overlay').waitFor();
      await expect(mine.isVisible()).resolves.toBe(false);
      await shot('own-loading');
      releaseChallenges();
      await mine.waitFor();
      await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
      await page.unroute(challengesUrl);
      await expect(mine.locator('[data-its-me]').textContent()).resolves.toContain('Cas Lee');
      await expect(mine.getByTestId('match-status').textContent()).resolves.toBe('Planned');
      await shot('own');

      // Edit the score: 4-6, 7-6 (tiebreak 7-5), super tiebreak 8-10 → Cas wins as the challenger.
      await mine.getByRole('button', { name: 'Edit' }).click();
      const score = (set: number, name: string) => mine.getByLabel(`Set ${set} score of ${name}`);
      const tiebreak = (set: number, name: string) => mine.getByLabel(`Set ${set} tiebreak of ${name}`);
      await expect(score(1, 'Ann Smith').isVisible()).resolves.toBe(true);
      await expect(tiebreak(1, 'Ann Smith').count()).resolves.toBe(0); // no tiebreak input without a tiebreak score
      // Digit keys only.
      await score(1, 'Ann Smith').click();
      await score(1, 'Ann Smith').pressSequentially('a4-');
      expect(await score(1, 'Ann Smith').inputValue()).toBe('4');
      await score(1, 'Cas Lee').click();
      await score(1, 'Cas Lee').pressSequentially('6');
      await score(2, 'Ann Smith').click();
      await score(2, 'Ann Smith').pressSequentially('7');
      await score(2, 'Cas Lee').click();
      await score(2, 'Cas Lee').pressSequentially('6');
      await score(3, 'Ann Smith').click(); // leaving the field sends the change
      // 7-6: a tiebreak can be added.
      await mine.getByRole('button', { name: 'Add a tiebreak score to set 2 of Ann Smith' }).click();
      await tiebreak(2, 'Ann Smith').pressSequentially('7');
      await score(3, 'Ann Smith').click();
      await tiebreak(2, 'Cas Lee').click();
      await tiebreak(2, 'Cas Lee').pressSequentially('5');
      await score(3, 'Ann Smith').click();
      await score(3, 'Ann Smith').pressSequentially('8');
      await score(3, 'Cas Lee').click();
      await score(3, 'Cas Lee').pressSequentially('10');
      await page.keyboard.press('Tab');
      // The server's recalculation shows the winner before saving.
      await mine.locator('[data-testid="side-challenger"] [data-testid="winner-mark"]').waitFor();
      await shot('editing');
      await mine.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Match saved').first().waitFor();

      // The result moved to the results; the score reads 4-6, 7⁷-6⁵, [8-10].
      const saved = page.locator('section', { hasText: 'Results' }).locator(`[data-match-id="${result}"]`);
      await saved.waitFor();
      await expect(saved.getByTestId('match-status').textContent()).resolves.toBe('Completed');
      expect(await setScores(saved, 'defender')).toEqual(['4', '77', '[8]']);
      expect(await setScores(saved, 'challenger')).toEqual(['6', '65', '[10]']);
      expect(await saved.locator('[data-won]').count()).toBe(3); // Ann's set 2, Cas's sets 1 and 3
      const stored = await courtside.client().json<{
        status: string;
        challenger: { winner: boolean; matchSets: Array<{ score: number; tiebreakScore?: number }> };
      }>('GET', `${MATCHES_API}/matches/${result}`);
      expect(stored.body.status).toBe('completed');
      expect(stored.body.challenger.winner).toBe(true);
      expect(stored.body.challenger.matchSets.map((set) => [set.score, set.tiebreakScore])).toEqual([
        [6, undefined],
        [6, 5],
        [10, undefined],
      ]);
      await shot('saved');

      // Contact: the opponent's mail link (loaded on demand for the match's players).
      await saved.getByRole('button', { name: 'Contact' }).click();
      await saved.locator(`a[href="mailto:${ann.email}"]`).waitFor({ state: 'visible' });
      await saved.locator(`a[href^="tel:+31612345678"]`).first().waitFor({ state: 'visible' });
      await player.screenshot(`matches-contact-${viewport}`);

      // The widget shows it without a reload, and the challenger leapfrogged to #1 (Ann #2).
      const liveCard = viewer.page
        .locator('section', { hasText: 'Results' })
        .locator(`[data-match-id="${result}"]`);
      await liveCard.waitFor({ timeout: 15_000 });
      await expect.poll(() => setScores(liveCard, 'challenger')).toEqual(['6', '65', '[10]']);
      await expect.poll(() => positions(liveCard, 'challenger')).toEqual(['#1']);
      await expect.poll(() => positions(liveCard, 'defender')).toEqual(['#2']);
      await expect.poll(() => card(viewer.page, result).count()).toBe(1); // gone from upcoming
      await widgetShot('after');

      // Plan the other match past the season's end: clamped to the last day, keeping the time.
      const planned = card(page, other);
      await planned.getByRole('button', { name: 'Edit' }).click();
      await planned.getByLabel('Date and time').fill(`${day(120)}T19:30`);
      await planned.getByText(/The season ends on/).waitFor();
      expect(await planned.getByLabel('Date and time').inputValue()).toBe(`${day(90)}T19:30`);
      await shot('date');
      await planned.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Match saved').first().waitFor();
      const dateButton = planned.getByTestId('match-date');
      await expect.poll(() => dateButton.textContent()).toContain('19:30');

      // Clicking the date downloads the calendar event.
      const [download] = await Promise.all([page.waitForEvent('download'), dateButton.click()]);
      expect(download.suggestedFilename()).toBe('Bob Jones – Cas Lee.ics');
      const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
      const compact = day(90).replaceAll('-', '');
      expect(ics).toContain('VERSION:2.0');
      expect(ics).toContain(`DTSTART:${compact}T193000\r\n`);
      expect(ics.includes('DURATION:PT2H') || ics.includes(`DTEND:${compact}T213000`)).toBe(true);
      expect(ics).toContain('SUMMARY:Bob Jones – Cas Lee');
      expect(ics).toContain(`URL:${courtside.url}/webapps/matches/en/?match=${other}`);
      const description = /^DESCRIPTION:(.*)\r$/m.exec(ics)?.[1];
      expect(description).toContain(`Club ladder ${viewport}`);

      // The match's own page (`?match=`, the address in the event) downloads the same event,
      // description included (spec §3 "Calendar event").
      const single = await player.context.newPage();
      await single.goto(`${courtside.url}/webapps/matches/en/?match=${other}`);
      const singleDate = card(single, other).getByTestId('match-date');
      await expect.poll(() => singleDate.textContent()).toContain('19:30');
      const [singleDownload] = await Promise.all([single.waitForEvent('download'), singleDate.click()]);
      const singleIcs = (await readFile((await singleDownload.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
      expect(singleIcs).toContain('SUMMARY:Bob Jones – Cas Lee');
      expect(/^DESCRIPTION:(.*)\r$/m.exec(singleIcs)?.[1]).toBe(description);
      await single.close();

      // Cancel it through the dialog: 20rem wide, confirm only after typing "cancel".
      await planned.getByRole('button', { name: 'Edit' }).click();
      await planned.getByRole('button', { name: 'Cancel match' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText('Are you sure you want to cancel this match permanently? This cannot be undone.')
        .waitFor();
      const box = await dialog.getByTestId('cancel-match-dialog').boundingBox();
      expect(Math.round(box!.width)).toBe(320);
      const confirm = dialog.getByRole('button', { name: 'Cancel match' });
      await expect(confirm.isDisabled()).resolves.toBe(true);
      await dialog.getByLabel('Type Cancel to confirm').fill('Cance');
      await expect(confirm.isDisabled()).resolves.toBe(true);
      await dialog.getByLabel('Type Cancel to confirm').fill('cancel');
      await shot('cancel-dialog');
      await confirm.click();
      await page.getByText('Match cancelled').first().waitFor();
      const cancelled = page.locator('section', { hasText: 'Results' }).locator(`[data-match-id="${other}"]`);
      await expect.poll(() => cancelled.getAttribute('data-status')).toBe('cancelled');
      await expect(cancelled.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
      await expect.poll(() => card(viewer.page, other).getAttribute('data-status')).toBe('cancelled');
      await shot('cancelled');
      await widgetShot('cancelled');

      // Embedded in a club's page: a 360 px iframe on another page shows the widget.
      const host = await viewer.context.newPage();
      await host.setViewportSize({ width: 400, height: 760 });
      // (served by a little site of its own on another port: another origin, as a club's site would be)
      const clubSite = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(
          `<body style="margin:0;padding:20px;background:#fde7c8;font-family:sans-serif"><h3>TC Club</h3>` +
            `<iframe src="${courtside.url}/webapps/widget/en/?event=${ladderId}&short=1" width="360" height="600" ` +
            `style="border:0;background:transparent" title="Scores"></iframe></body>`,
        );
      });
      await new Promise<void>((resolve) => clubSite.listen(0, '127.0.0.1', resolve));
      const { port } = clubSite.address() as AddressInfo;
      await host.goto(`http://127.0.0.1:${port}/scores`);
      const framed = host.frameLocator('iframe');
      await framed.locator(`[data-match-id="${result}"][data-status="completed"]`).waitFor();
      // `?short=1`: first names with an initial, for a narrow iframe (spec §2 display flag shortname).
      await expect(
        framed.locator(`[data-match-id="${result}"] [data-testid="side-challenger"]`).textContent(),
      ).resolves.toContain('Cas L.');
      await host.screenshot({ path: path.join(SCREENSHOT_DIR, `matches-widget-iframe-${viewport}.png`) });
      await host.close();
      clubSite.close();

      // The player page and the event filter work without signing in.
      const anonymous = viewer.page;
      await anonymous.setViewportSize({ width: 375, height: 740 });
      await anonymous.goto(`${courtside.url}/webapps/player/en/${cas.id}`);
      await anonymous.getByRole('heading', { level: 1, name: 'Cas Lee' }).waitFor();
      await card(anonymous, result).waitFor();
      await anonymous.goto(`${courtside.url}/webapps/matches/nl/?event=${ladderId}`);
      await anonymous
        .getByRole('heading', { level: 1, name: `Wedstrijden van Club ladder ${viewport}` })
        .waitFor();
      await expect(card(anonymous, result).getByTestId('match-status').textContent()).resolves.toBe(
        'Gespeeld',
      );
      // A player's name links to the player's page (spec §2 "Match-score widget", DESIGN.md §19).
      await expect(
        card(anonymous, result).getByRole('link', { name: 'Cas Lee' }).getAttribute('href'),
      ).resolves.toBe(`/webapps/player/nl/${cas.id}`);
      await anonymous.screenshot({
        path: path.join(SCREENSHOT_DIR, `matches-event-nl-${viewport}.png`),
        fullPage: true,
      });
      expect(errors).toEqual([]);
    } catch (error) {
      await shot('failure').catch(() => undefined);
      await widgetShot('failure').catch(() => undefined);
      throw error;
    } finally {
      await player.close();
      await viewer.close();
    }
  }, 180_000);
});
