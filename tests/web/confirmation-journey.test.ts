import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { type ViewportName, signInBrowser, selectTab } from '../support/browser.ts';
import type { HttpClient } from '../support/http-client.ts';
import { enteredResult, managerWithSeason } from '../support/club.ts';
import {
  ACCOUNT_API,
  ADMIN_API,
  LADDER_API,
  MATCHES_API,
  PREFERENCES_PATH,
} from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { notificationOf } from '../support/notifications.ts';

/**
 * DESIGN.md §5 in the browser, with the season's default rules (confirmHours 48): a challenge is
 * accepted on My matches, the challenger's result waits for the defender, who confirms it (positions
 * move); a second result is disputed and the manager settles it by saving in the season's Matches tab.
 * Then, in English and Dutch, the loop of a dispute: the prompt names the result to confirm,
 * the player who entered it hears of the dispute, the manager's notification opens the Matches tab,
 * and a player gets no Edit on a disputed or confirmed result.
 */

/** The texts the dispute journey reads, per language. */
const texts = {
  en: {
    prompt: /^Please confirm or dispute this result by .+: Cas Lee won 6-1, 6-2$/,
    bell: /^Notifications/,
    disputesYours: 'Ann Smith disputes your result',
    disputedIn: /^A result is disputed in /,
    matchesTab: 'Matches',
    edit: 'Edit',
    save: 'Save',
    saved: 'Match saved',
  },
  nl: {
    prompt: /^Bevestig of betwist deze uitslag vóór .+: Cas Lee won met 6-1, 6-2$/,
    bell: /^Meldingen/,
    disputesYours: 'Ann Smith betwist je uitslag',
    disputedIn: /^Een uitslag wordt betwist in /,
    matchesTab: 'Wedstrijden',
    edit: 'Bewerken',
    save: 'Opslaan',
    saved: 'Wedstrijd opgeslagen',
  },
} as const;

interface Player {
  http: HttpClient;
  id: string;
  name: string;
  teamId: string;
}

const card = (scope: Page | Locator, matchId: string) =>
  scope.locator(`[data-testid="match-card"][data-match-id="${matchId}"]`);

// One width per journey keeps CI in its budget; every page is also checked at 1280 and 375 px by the axe sweep
// (docs/testing.md "One width per journey").
describe.each<ViewportName>(['phone'])('result confirmation on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport, runNotifier: true });

  it('accepts a challenge, waits for the other side, confirms (positions move), and a manager settles a dispute', async () => {
    const baseUrl = courtside.url;
    const ladderName = `Confirm ladder ${viewport}`;
    const { manager, company, seasonId } = await managerWithSeason(baseUrl, {
      companyName: `TC Confirm ${viewport}`,
      ladderName,
    });
    const players: Player[] = [];
    for (const name of ['Ann Smith', 'Bob Jones', 'Cas Lee']) {
      const http = courtside.client();
      const account = await signedInAccount(http, { email: uniqueEmail(name.split(' ')[0]!.toLowerCase()) });
      await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName: name,
        phoneNumber: { countryCode: '31', number: '06 12345678' },
      });
      const team = await http.json<{ teamId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {});
      expect(team.status).toBe(201);
      await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, {
        teamId: team.body.teamId,
      });
      players.push({ http, id: account.id, name, teamId: team.body.teamId });
    }
    const [ann, bob, cas] = players as [Player, Player, Player];
    const position = async (player: Player) => {
      const mine = await player.http.json<Array<{ teamId: string; position: number }>>(
        'GET',
        `${LADDER_API}/teams/mine`,
      );
      return mine.body.find((team) => team.teamId === player.teamId)?.position;
    };

    // Cas (#3) challenges Ann (#1).
    const issued = await cas.http.json<{ challengeId: string }>(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/challenges`,
      { defenderTeamId: ann.teamId },
    );
    expect(issued.status).toBe(201);

    const annBrowser = await courtside.newBrowser();
    const casBrowser = await courtside.newBrowser();
    const managerBrowser = await courtside.newBrowser();
    const annPage = annBrowser.page;
    const casPage = casBrowser.page;
    const errors: string[] = [];
    for (const page of [annPage, casPage, managerBrowser.page])
      page.on('pageerror', (e) => errors.push(e.message));

    // Cas sees the sent challenge with Withdraw; Ann the received one, and accepts it with no date.
    await signInBrowser(casBrowser.context, baseUrl, cas.http);
    await casPage.goto(`${baseUrl}/webapps/matches/en/`);
    const sent = casPage.locator('[data-testid="challenge"][data-state="sent"]');
    await sent.getByText('You challenged Ann Smith').waitFor();
    await sent.getByRole('button', { name: 'Withdraw' }).waitFor();

    await signInBrowser(annBrowser.context, baseUrl, ann.http);
    await annPage.goto(`${baseUrl}/webapps/matches/en/`);
    const received = annPage.locator('[data-testid="challenge"][data-state="received"]');
    await received.getByText('Challenged by Cas Lee').waitFor();
    await annBrowser.screenshot(`confirmation-challenge-${viewport}`);
    await received.getByRole('button', { name: 'Accept' }).click();
    await annPage.getByText('Challenge accepted').first().waitFor();
    await annPage
      .locator('[data-testid="challenge"][data-state="accepted"]')
      .getByText(/Play by/)
      .waitFor();
    const mine = await ann.http.json<Array<{ challengeId: string; matchId?: string }>>(
      'GET',
      `${LADDER_API}/challenges/mine`,
    );
    const matchId = mine.body.find((c) => c.challengeId === issued.body.challengeId)?.matchId;
    expect(matchId).toBeTruthy();
    // Cas's page follows the account room: the sent challenge turns into an accepted one.
    await casPage
      .locator('[data-testid="challenge"][data-state="accepted"]')
      .getByText('You challenged Ann Smith')
      .waitFor({ timeout: 15_000 });

    // Cas enters a win: 1-6 1-6 for Ann. It waits for Ann.
    await casPage.reload();
    const casCard = card(casPage, matchId!);
    await casCard.getByRole('button', { name: 'Edit' }).click();
    for (const [set, annScore, casScore] of [
      [1, '1', '6'],
      [2, '1', '6'],
    ] as const) {
      await casCard.getByLabel(`Set ${set} score of Ann Smith`).fill(annScore);
      await casCard.getByLabel(`Set ${set} score of Cas Lee`).fill(casScore);
    }
    // Half a set is stopped in the form, next to the set, before anything is sent (DESIGN.md §5).
    await casCard.getByLabel('Set 2 score of Cas Lee').fill('');
    await casCard.getByRole('button', { name: 'Save' }).click();
    await casCard.getByRole('alert').getByText('Set 2 needs a score for both sides.').waitFor();
    const missing = casCard.getByLabel('Set 2 score of Cas Lee');
    await expect.poll(() => missing.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => missing.evaluate((input) => input === input.ownerDocument.activeElement))
      .toBe(true);
    await casBrowser.screenshot(`confirmation-half-set-${viewport}`);
    expect(
      (await cas.http.json<{ status: string }>('GET', `${MATCHES_API}/matches/${matchId}`)).body.status,
    ).toBe('planned');
    await missing.fill('6');
    await casPage.keyboard.press('Tab');
    await expect.poll(() => casCard.getByRole('alert').count()).toBe(0);
    await casCard.locator('[data-testid="side-challenger"] [data-testid="winner-mark"]').waitFor();
    await casCard.getByRole('button', { name: 'Save' }).click();
    await casPage.getByText('Match saved').first().waitFor();
    const waiting = card(casPage, matchId!).getByTestId('match-confirmation');
    await waiting.getByText(/^Waiting for Ann Smith to confirm, until \d{1,2} \w{3} \d{4}$/).waitFor();
    expect(await card(casPage, matchId!).getByRole('button', { name: 'Confirm result' }).count()).toBe(0);
    // A player cannot cancel a match with a result.
    await card(casPage, matchId!).getByRole('button', { name: 'Edit' }).click();
    expect(await card(casPage, matchId!).getByRole('button', { name: 'Cancel match' }).count()).toBe(0);
    await card(casPage, matchId!).getByRole('button', { name: 'Cancel', exact: true }).click();
    await casBrowser.screenshot(`confirmation-waiting-${viewport}`);
    expect(await position(cas)).toBe(3); // nothing moves while pending

    // Ann confirms in her browser: the positions move (Cas leapfrogs to #1).
    await annPage.reload();
    const annCard = card(annPage, matchId!);
    await annCard.getByText(/^Please confirm or dispute this result by \d{1,2} \w{3} \d{4}: /).waitFor();
    await annBrowser.screenshot(`confirmation-to-confirm-${viewport}`);
    await annCard.getByRole('button', { name: 'Confirm result' }).click();
    await annPage.getByText('Result confirmed').first().waitFor();
    await expect.poll(() => annCard.getByTestId('match-confirmation').count()).toBe(0);
    await expect.poll(() => position(cas)).toBe(1);
    expect(await position(ann)).toBe(2);

    // A second match: Ann (defender) against Bob; Bob enters a win, Ann disputes it.
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: ann.teamId,
        challengerId: bob.teamId,
      },
    );
    expect(created.status).toBe(201);
    const second = created.body.matchId;
    await enteredResult(bob.http, second, [2, 3], [6, 6]);
    // Bob has his matches open (Cas's browser, now signed in as Bob) while Ann disputes.
    await signInBrowser(casBrowser.context, baseUrl, bob.http);
    await casPage.goto(`${baseUrl}/webapps/matches/en/`);
    const bobsCard = card(casPage, second);
    await bobsCard.getByText(/^Waiting for Ann Smith to confirm/).waitFor();
    await annPage.reload();
    const disputedCard = card(annPage, second);
    await disputedCard.getByRole('button', { name: 'Dispute' }).click();
    const dialog = annPage.getByTestId('dispute-dialog');
    await dialog.getByRole('heading', { name: 'Dispute this result' }).waitFor();
    const send = dialog.getByRole('button', { name: 'Dispute result' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Reason').fill('We never played this match.');
    await annBrowser.screenshot(`confirmation-dispute-dialog-${viewport}`);
    await send.click();
    await disputedCard
      .getByText('Disputed: “We never played this match.” — a manager will settle it')
      .waitFor();
    await annBrowser.screenshot(`confirmation-disputed-${viewport}`);
    // The push says only "disputed"; Bob's open card reads the match again to show why.
    await bobsCard.getByText('Disputed: “We never played this match.” — a manager will settle it').waitFor();
    expect(await position(bob)).toBe(3);

    // The manager sees it first in the season's Matches tab, marked, and settles it by saving.
    await signInBrowser(managerBrowser.context, baseUrl, manager);
    await managerBrowser.page.goto(
      `${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(ladderName)}`,
    );
    await selectTab(managerBrowser.page.getByRole('tab', { name: 'Matches' }));
    const attention = managerBrowser.page.getByTestId('attention');
    const item = attention.locator('[data-testid="attention-item"][data-kind="disputed"]');
    await item.getByText('Disputed result').waitFor();
    // The manager reads why, on the card.
    await item.getByText('Disputed: “We never played this match.” — a manager will settle it').waitFor();
    await managerBrowser.screenshot(`confirmation-manager-${viewport}`);
    const managerCard = card(item, second);
    await managerCard.getByRole('button', { name: 'Edit' }).click();
    await managerCard.getByRole('button', { name: 'Cancel match' }).waitFor(); // managers always may
    await managerCard.getByRole('button', { name: 'Save' }).click();
    await managerBrowser.page.getByText('Match saved').first().waitFor();
    await expect.poll(() => attention.count()).toBe(0);
    const settled = await manager.json<{ confirmation: { state: string } }>(
      'GET',
      `${MATCHES_API}/matches/${second}`,
    );
    expect(settled.body.confirmation.state).toBe('confirmed');
    await expect.poll(() => position(bob)).toBe(2);
    expect(errors).toEqual([]);
  }, 180_000);

  it.each(['en', 'nl'] as const)(
    'closes the loop of a dispute (%s): the score to confirm, the entering player told, the manager led to the Matches tab, no Edit for players',
    async (locale) => {
      const baseUrl = courtside.url;
      const words = texts[locale];
      const ladderName = `Dispute ladder ${viewport} ${locale}`;
      const { manager, company, seasonId } = await managerWithSeason(baseUrl, {
        companyName: `TC Dispute ${viewport} ${locale}`,
        ladderName,
      });
      expect((await manager.json('PUT', PREFERENCES_PATH, { language: locale, mail: {} })).status).toBe(200);
      const players: Player[] = [];
      for (const name of ['Ann Smith', 'Cas Lee']) {
        const http = courtside.client();
        const account = await signedInAccount(http, {
          email: uniqueEmail(name.split(' ')[0]!.toLowerCase()),
        });
        await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
          fullName: name,
          phoneNumber: { countryCode: '31', number: '06 12345678' },
        });
        expect((await http.json('PUT', PREFERENCES_PATH, { language: locale, mail: {} })).status).toBe(200);
        const team = await http.json<{ teamId: string }>(
          'POST',
          `${LADDER_API}/seasons/${seasonId}/teams`,
          {},
        );
        await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, {
          teamId: team.body.teamId,
        });
        players.push({ http, id: account.id, name, teamId: team.body.teamId });
      }
      const [ann, cas] = players as [Player, Player];
      const created = await manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${seasonId}/teams/match`,
        { defenderId: ann.teamId, challengerId: cas.teamId },
      );
      const matchId = created.body.matchId;
      // Cas enters a win, 1-6 2-6 for Ann: it waits for Ann.
      const entered = await cas.http.json('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        defender: { special: 'none', matchSets: [{ score: 1 }, { score: 2 }] },
        challenger: { special: 'none', matchSets: [{ score: 6 }, { score: 6 }] },
      });
      expect(entered.status).toBe(200);

      const annBrowser = await courtside.newBrowser();
      const casBrowser = await courtside.newBrowser();
      const managerBrowser = await courtside.newBrowser();
      const errors: string[] = [];
      for (const page of [annBrowser.page, casBrowser.page, managerBrowser.page])
        page.on('pageerror', (e) => errors.push(e.message));

      // Ann is asked to confirm the result itself, from the winner's side.
      await signInBrowser(annBrowser.context, baseUrl, ann.http);
      await annBrowser.page.goto(`${baseUrl}/webapps/matches/${locale}/`);
      const annCard = card(annBrowser.page, matchId);
      await annCard.getByTestId('match-confirmation').getByText(words.prompt).waitFor();
      await annBrowser.screenshot(`dispute-loop-prompt-${viewport}-${locale}`);
      expect(
        (await ann.http.json('POST', `${MATCHES_API}/matches/${matchId}/dispute`, { reason: 'No.' })).status,
      ).toBe(200);

      // Cas, who entered it, is told of the dispute; the bell leads to the match, with no Edit for him. (Told before
      // his page opens: the bell reads its list once, then hears of new ones in its room.)
      await notificationOf(cas.http, 'result.disputed');
      await notificationOf(manager, 'result.disputed');
      await signInBrowser(casBrowser.context, baseUrl, cas.http);
      await casBrowser.page.goto(`${baseUrl}/webapps/matches/${locale}/`);
      const casCard = card(casBrowser.page, matchId);
      await casCard.getByTestId('match-confirmation').waitFor();
      await casBrowser.page.getByRole('button', { name: words.bell }).click();
      await casBrowser.page
        .getByRole('menuitem', { name: new RegExp(words.disputesYours) })
        .click({ timeout: 20_000 });
      await casBrowser.page.waitForURL(new RegExp(`\\?match=${matchId}$`));
      const casMatch = card(casBrowser.page, matchId);
      await casMatch.locator('[data-testid="match-confirmation"][data-state="disputed"]').waitFor();
      await casBrowser.screenshot(`dispute-loop-entering-player-${viewport}-${locale}`);
      expect(await casMatch.getByRole('button', { name: words.edit }).count()).toBe(0);

      // The manager's notification opens the season's Matches tab, where the manager settles it.
      await signInBrowser(managerBrowser.context, baseUrl, manager);
      const managerPage = managerBrowser.page;
      await managerPage.goto(`${baseUrl}/webapps/matches/${locale}/`);
      await managerPage.getByRole('button', { name: words.bell }).click();
      await managerPage.getByRole('menuitem', { name: words.disputedIn }).click({ timeout: 20_000 });
      await managerPage.waitForURL(
        new RegExp(`/webapps/manager/${locale}/${company.id}/ladders/.+\\?season=${seasonId}&tab=matches$`),
      );
      await managerPage.getByRole('tab', { name: words.matchesTab, selected: true }).waitFor();
      const item = managerPage.locator('[data-testid="attention-item"][data-kind="disputed"]');
      const managerCard = card(item, matchId);
      await managerCard.waitFor();
      await managerBrowser.screenshot(`dispute-loop-manager-tab-${viewport}-${locale}`);
      await managerCard.getByRole('button', { name: words.edit }).click();
      await managerCard.getByRole('button', { name: words.save }).click();
      await managerPage.getByText(words.saved).first().waitFor();

      // Confirmed now: neither player gets Edit.
      for (const page of [annBrowser.page, casBrowser.page]) {
        await page.goto(`${baseUrl}/webapps/matches/${locale}/?match=${matchId}`);
        const confirmed = card(page, matchId);
        await confirmed.getByTestId('match-status').waitFor();
        await expect.poll(() => confirmed.getByTestId('match-confirmation').count()).toBe(0);
        expect(await confirmed.getByRole('button', { name: words.edit }).count()).toBe(0);
      }
      await annBrowser.screenshot(`dispute-loop-confirmed-${viewport}-${locale}`);
      expect(errors).toEqual([]);
    },
    180_000,
  );
});
