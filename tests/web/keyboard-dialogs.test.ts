import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Side } from '@courtside/events/live/engine';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { documentViolations } from '../support/axe.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { day, plannedMatch, seasonWithTeams, type SeasonOptions } from '../support/ladder-setup.ts';
import { dialogGivesFocusBack, focusStaysOnThePage, shiftTabTo, tabTo } from '../support/keyboard.ts';

/**
 * DESIGN.md §14 with the keyboard alone (no mouse call, no element.focus()), the dialogs keyboard-journeys*.test.ts
 * leave: the manager's Delete dialogs (ladder, season) and remove-team confirmation, the player's accept-challenge
 * dialog and leave-season confirmation, the account deletion dialog, and the scorer's End confirmation. Each opens
 * with Enter and closes with Escape; the focus is then back on what opened it, visible, never on <body>. And the
 * live scorer's conflict dialog, which no key opens (the server's state meets points kept on the phone) and Escape
 * does not close (a choice is needed): the focus goes into it, stays in it, and lands on a control once chosen.
 */

const NAMES = ['Ann Ace', 'Bo Baseline', 'Cy Volley'];

describe('keyboard-only dialogs', () => {
  const courtside = courtsideForBrowsers();
  const { openAs } = courtside;

  /** Ann Ace (defender) and Bo Baseline (challenger) of a new club: their match, which Bo scores live from the start. */
  const liveMatch = async (club: string, options: SeasonOptions = {}) => {
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url, NAMES.slice(0, 2), {
      companyName: `TC Keys ${club}`,
      ladderName: `Keys ${club}`,
      ...options,
    });
    const [ann, bo] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const matchId = await plannedMatch(manager, seasonId, ann.teamId, bo.teamId);
    const started = await bo.http.json('POST', `${MATCHES_API}/matches/${matchId}/live`, {
      firstServer: 'defender',
    });
    expect(started.status).toBe(200);
    return { ann, bo, matchId };
  };
  /** Reaches `opener` (Tab, or Shift+Tab when it is near the page's end), opens with Enter, closes with Escape. */
  const escapeGivesFocusBack = async (page: Page, opener: Locator, name: string, backwards = false) => {
    if (backwards) await shiftTabTo(page, opener);
    await dialogGivesFocusBack(page, opener);
    await focusStaysOnThePage(page, `close ${name}`);
  };

  it('a manager opens and closes the remove-team confirmation and the season and ladder Delete dialogs', async () => {
    const baseUrl = courtside.url;
    const ladderName = 'Keys Dialogs';
    const { manager, company } = await seasonWithTeams(baseUrl, NAMES, {
      companyName: 'TC Keys Dialogs',
      ladderName,
    });
    const managerPage = (name: string) =>
      `${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(name)}`;
    const page = await openAs(manager);

    // The Participants tab: Remove #1 Ann Ace, its confirmation closed with Escape.
    await page.goto(managerPage(ladderName));
    await escapeGivesFocusBack(
      page,
      page.getByRole('table', { name: 'Active teams' }).getByRole('button', { name: 'Remove #1 Ann Ace' }),
      'remove team',
    );

    // A second ladder whose only season starts later: both may be deleted, so both Delete buttons are enabled.
    const laterName = 'Keys Later';
    const ladder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders`,
      {
        name: laterName,
        email: 'later@club.test',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    expect(ladder.status).toBe(201);
    const season = await manager.json(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders/${ladder.body.uuid}/seasons`,
      {
        name: 'Spring',
        startDate: day(20),
        endDate: day(110),
        minimumPlayedMatches: 3,
        openForRegistration: true,
        matchType: 'BESTOFTHREE',
      },
    );
    expect(season.status).toBe(201);
    await page.goto(managerPage(laterName));
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });

    // The season's Season tab (its tabs are one Tab stop, the arrow keys move): its Delete dialog.
    await tabTo(page, tab('Participants'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Season').last().getAttribute('aria-selected')).toBe('true');
    await escapeGivesFocusBack(
      page,
      page
        .getByRole('region', { name: 'Spring', exact: true })
        .getByRole('button', { name: 'Delete', exact: true }),
      'delete season',
    );

    // The page's Ladder tab: the ladder's Delete dialog.
    await shiftTabTo(page, tab('Season').first());
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Ladder').getAttribute('aria-selected')).toBe('true');
    await escapeGivesFocusBack(
      page,
      page
        .getByRole('region', { name: laterName, exact: true })
        .getByRole('button', { name: 'Delete', exact: true }),
      'delete ladder',
    );
  }, 150_000);

  it('a player opens and closes the accept-challenge dialog, the leave-season confirmation and the account deletion dialog', async () => {
    const baseUrl = courtside.url;
    const { ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, NAMES, {
      companyName: 'TC Keys Player',
      ladderName: 'Keys Player',
    });
    const [, bo, cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    const challenged = await cy.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
      defenderTeamId: bo.teamId,
    });
    expect(challenged.status).toBe(201);
    const page = await openAs(bo.http);

    await page.goto(`${baseUrl}/webapps/ladders/en/${ladderId}`);
    await escapeGivesFocusBack(
      page,
      page.getByTestId('standings').getByRole('button', { name: 'Accept' }),
      'accept challenge',
    );

    await page.goto(`${baseUrl}/webapps/ladders/en/`);
    await escapeGivesFocusBack(page, page.getByRole('button', { name: 'Leave season' }), 'leave season');

    await page.goto(`${baseUrl}/webapps/account/en/settings`);
    const deleteAccount = page.getByRole('button', { name: 'Delete my account' });
    await deleteAccount.waitFor();
    await escapeGivesFocusBack(page, deleteAccount, 'delete account', true);
  }, 150_000);

  it('a scorer opens and closes the End confirmation of a games-only match', async () => {
    const { bo, matchId } = await liveMatch('End', { matchType: 'GAMESONLY' });
    const page = await openAs(bo.http);
    await page.goto(`${courtside.url}/webapps/matches/en/score/${matchId}`);
    await page.getByTestId('scorer').waitFor();
    await escapeGivesFocusBack(page, page.getByRole('button', { name: 'End match' }), 'end match');
  }, 150_000);

  it('a scorer meets another scorer’s points in the conflict dialog: reached, chosen and left with the keyboard', async () => {
    const { ann, bo, matchId } = await liveMatch('Conflict');
    const live = `${MATCHES_API}/matches/${matchId}/live`;
    const server = async () =>
      (await bo.http.json<{ seq: number; points: Side[]; finished: boolean }>('GET', live)).body;
    // Bo is the other scorer, on the API.
    const boScores = async (winner: Side) => {
      const { seq } = await server();
      const scored = await bo.http.json('POST', `${MATCHES_API}/matches/${matchId}/points`, {
        seq: seq + 1,
        winner,
      });
      expect(scored.status).toBe(200);
    };

    const annBrowser = await courtside.newBrowser(ann.http);
    const page = annBrowser.page;
    const scorerUrl = `${courtside.url}/webapps/matches/en/score/${matchId}`;
    await page.goto(scorerUrl);
    const root = page.getByTestId('scorer');
    const pointForAnn = page.getByTestId('point-defender');
    const dialog = page.getByRole('dialog', { name: 'Another scorer changed this match' });
    const keepTheirs = dialog.getByRole('button', { name: 'Keep the server’s score' });
    const keepMine = dialog.getByRole('button', { name: 'Keep this phone’s score' });
    const hasFocus = (element: Locator) =>
      element.evaluate((node) => node === node.ownerDocument.activeElement);
    const focusInDialog = () => dialog.evaluate((node) => node.contains(node.ownerDocument.activeElement));
    /** Ann loses her signal and scores a point for herself with Enter on her button: it waits on the phone. */
    const annScoresOffline = async () => {
      await annBrowser.context.setOffline(true);
      await expect.poll(() => page.getByTestId('scorer-connection').textContent()).toBe('Offline');
      await page.keyboard.press('Enter');
      await expect.poll(() => root.getAttribute('data-unsent')).toBe('1');
    };

    // Two points online with Enter on Ann's button.
    await tabTo(page, pointForAnn);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => root.getAttribute('data-pending')).toBe('0');
    expect((await server()).points).toEqual(['defender', 'defender']);

    // Offline, each counts the third point for themselves: back online, the dialog has the focus (its first
    // choice); Tab and Shift+Tab move between its two choices and never leave it.
    await annScoresOffline();
    await boScores('challenger');
    await annBrowser.context.setOffline(false);
    await keepMine.waitFor();
    await expect.poll(() => hasFocus(keepTheirs)).toBe(true);
    await focusStaysOnThePage(page, 'the conflict dialog opens');
    await tabTo(page, keepMine);
    for (let presses = 0; presses < 3; presses++) {
      await page.keyboard.press('Tab');
      expect([`Tab ${presses + 1}`, await focusInDialog()]).toEqual([`Tab ${presses + 1}`, true]);
    }
    await shiftTabTo(page, keepTheirs);
    await tabTo(page, keepMine);
    expect(await documentViolations(page, 'the conflict dialog')).toEqual([]);

    // Escape chooses nothing: the dialog stays with the focus where it was, nothing is sent.
    await page.keyboard.press('Escape');
    expect(await keepMine.isVisible()).toBe(true);
    expect(await hasFocus(keepMine)).toBe(true);
    expect((await server()).points).toEqual(['defender', 'defender', 'challenger']);

    // Enter on Keep this phone's score: Bo's point is taken back and Ann's goes in; the focus is back on her
    // button, where it was when the dialog opened.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => root.getAttribute('data-pending')).toBe('0');
    expect((await server()).points).toEqual(['defender', 'defender', 'defender']);
    await expect.poll(() => hasFocus(pointForAnn)).toBe(true);
    await focusStaysOnThePage(page, 'keep this phone’s score');

    // Again, but Ann's tab is closed with her point kept on the phone and opened once Bo's point is in: the
    // dialog opens on a page where nothing had the focus. Once the server's score is kept, her button has it.
    await annScoresOffline();
    await boScores('challenger');
    await expect
      .poll(() =>
        page.evaluate<number>(`new Promise((resolve) => {
          const opened = indexedDB.open('courtside-scorer');
          opened.onsuccess = () => {
            const read = opened.result.transaction('queues').objectStore('queues').get(${JSON.stringify(matchId)});
            read.onsuccess = () => resolve(read.result?.queue.actions.length ?? 0);
          };
        })`),
      )
      .toBe(1);
    await page.goto('about:blank');
    await annBrowser.context.setOffline(false);
    await page.goto(scorerUrl);
    await keepTheirs.waitFor();
    await expect.poll(() => hasFocus(keepTheirs)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => root.getAttribute('data-seq')).toBe('4');
    await expect.poll(() => hasFocus(pointForAnn)).toBe(true);
    await focusStaysOnThePage(page, 'keep the server’s score on a page opened again');
    expect((await server()).points).toEqual(['defender', 'defender', 'defender', 'challenger']);

    // Bo scores the match to its end while Ann's point waits: only the server's score is offered, and once it is
    // kept the point buttons are gone; the focus lands on the live match page's link.
    await annScoresOffline();
    while (!(await server()).finished) await boScores('challenger');
    await annBrowser.context.setOffline(false);
    await keepTheirs.waitFor();
    await dialog.getByText('The match is over on the server: its score stays.').waitFor();
    expect(await keepMine.count()).toBe(0);
    await expect.poll(() => hasFocus(keepTheirs)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await hasFocus(keepTheirs)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => pointForAnn.count()).toBe(0);
    await expect.poll(() => hasFocus(page.getByRole('link', { name: 'Live match page' }))).toBe(true);
    await focusStaysOnThePage(page, 'keep the server’s finished score');
  }, 150_000);
});
