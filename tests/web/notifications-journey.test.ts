import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Browser, type ViewportName, signInBrowser } from '../support/browser.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { ACCOUNT_API, DEV_MAILBOX_PATH, LADDER_API } from '@courtside/events/api-paths';
import { eventually } from '../support/wait.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

const NAMES = ['Ann Ace', 'Bo Baseline', 'Cy Volley'];

/** The bell's accessible name: "Notifications" or "Notifications: N unread". */
const bellName = (page: Page) =>
  page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label');

/** The account's notifications, newest first, as "kind read" or "kind unread". */
async function notificationStates(http: HttpClient): Promise<string[]> {
  const answer = await http.json<Array<{ kind: string; readAt: string | null }>>(
    'GET',
    `${ACCOUNT_API}/notifications`,
  );
  return answer.body.map((item) => `${item.kind} ${item.readAt ? 'read' : 'unread'}`);
}

async function notificationKinds(http: HttpClient): Promise<string[]> {
  const answer = await http.json<Array<{ kind: string }>>('GET', `${ACCOUNT_API}/notifications`);
  return answer.body.map((item) => item.kind);
}

describe.each<ViewportName>(['desktop', 'phone'])('notifications on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport, runNotifier: true });

  it('a challenge rings the challenged player’s bell live, the mail is in the dev mailbox, and its unsubscribe link turns that mail off', async () => {
    const baseUrl = courtside.url;
    const { ladderId, seasonId, teams } = await seasonWithTeams(baseUrl, NAMES, {
      companyName: `TC Bell ${viewport}`,
      ladderName: `Bell ladder ${viewport}`,
    });
    const [ann, , cy] = teams as [(typeof teams)[0], (typeof teams)[0], (typeof teams)[0]];
    // The notifier told Ann her team was accepted; wait for it so the bell starts from a known list.
    await expect.poll(() => notificationKinds(ann.http), { timeout: 20_000 }).toEqual(['team.accepted']);

    let browser: Browser | undefined;
    try {
      browser = await courtside.newBrowser();
      const { page } = browser;
      await signInBrowser(browser.context, baseUrl, ann.http);
      await page.goto(`${baseUrl}/webapps/ladders/en/${ladderId}`);
      await page.getByTestId('standings').waitFor();
      await expect.poll(() => bellName(page)).toBe('Notifications: 1 unread');

      // Mark all read: the count goes.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('menuitem', { name: 'Mark all read' }).click();
      await expect.poll(() => bellName(page)).toBe('Notifications');
      await expect.poll(async () => (await notificationKinds(ann.http)).length).toBe(1);
      const read = await ann.http.json<Array<{ readAt: string | null }>>(
        'GET',
        `${ACCOUNT_API}/notifications`,
      );
      expect(read.body[0]?.readAt).toEqual(expect.any(String));

      // Cy challenges Ann: her bell rings without a reload.
      const challenge = await cy.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
        defenderTeamId: ann.teamId,
      });
      expect(challenge.status).toBe(201);
      await expect.poll(() => bellName(page), { timeout: 20_000 }).toBe('Notifications: 1 unread');
      expect(await page.getByTestId('unread-count').textContent()).toBe('1');

      await page.getByRole('button', { name: /^Notifications/ }).click();
      const item = page.getByRole('menuitem', { name: /^Cy Volley challenges you/ });
      await item.waitFor();
      await browser.screenshot(`notifications-bell-${viewport}`);
      // The item leads to where Ann answers (the ladder's standings) and is read from then on.
      await item.click();
      await page.waitForURL(`${baseUrl}/webapps/ladders/en/${ladderId}`);
      await expect.poll(() => bellName(page)).toBe('Notifications');

      // The mail, as the dev mailbox shows it, with its unsubscribe link. It goes out after the notification (the
      // outbox's sender) and the mailbox page reads its list once: wait until it is there.
      await eventually(
        async () =>
          (
            await ann.http.json<unknown[]>(
              'GET',
              `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(ann.account.email)}`,
            )
          ).body.some((sent) => JSON.stringify(sent).includes('Cy Volley challenges you')),
        { message: 'the challenge mail', timeoutMs: 60_000 },
      );
      await page.goto(`${baseUrl}/webapps/dev/mailbox?to=${encodeURIComponent(ann.account.email)}`);
      const mail = page.getByTestId('mail').filter({ hasText: 'Cy Volley challenges you' });
      await mail.waitFor({ timeout: 20_000 });
      const unsubscribe = mail.getByRole('link', { name: /\/unsubscribe\?token=/ });
      const href = await unsubscribe.getAttribute('href');
      expect(href?.startsWith(`${baseUrl}/webapps/api/accountmanager/api/v1/unsubscribe?token=`)).toBe(true);
      await unsubscribe.click();
      // Following the link only asks (mail scanners follow links too); the button turns the mail off.
      await page.getByText('You will get no more mails about: challenges you receive.').waitFor();
      await browser.screenshot(`notifications-unsubscribe-${viewport}`);
      expect(
        (await ann.http.json<{ mail: Record<string, boolean> }>('GET', `${ACCOUNT_API}/account/preferences`))
          .body.mail['challenge.received'],
      ).toBe(true);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

      // A forged token gets a clear page, not an error of the server.
      const forged = await page.goto(`${href!.replace(/token=.{6}/, 'token=AAAAAA')}`);
      expect(forged?.status()).toBe(400);

      // The preferences page shows that mail off; Ann turns it back on.
      await page.goto(`${baseUrl}/webapps/account/en/preferences`);
      const received = page.getByRole('switch', { name: 'Mail: I am challenged' });
      await received.waitFor();
      expect(await received.getAttribute('aria-checked')).toBe('false');
      expect(
        await page.getByRole('switch', { name: 'Mail: My team was accepted' }).getAttribute('aria-checked'),
      ).toBe('true');
      // DESIGN.md §17: the waiting teams' mail is a digest, and its switch says so.
      await page
        .getByRole('switch', { name: 'Mail: Waiting teams: one daily mail at 18:00 (managers)' })
        .waitFor();
      await received.click();
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await page.getByText('Your preferences are saved.').waitFor();
      await browser.screenshot(`notifications-preferences-${viewport}`);
      const preferences = await ann.http.json<{ mail: Record<string, boolean> }>(
        'GET',
        `${ACCOUNT_API}/account/preferences`,
      );
      expect(preferences.body.mail['challenge.received']).toBe(true);
    } finally {
      await browser?.close();
    }
  }, 180_000);

  it('a manager on Dutch pages reads the bell in Dutch, also what arrives live, whatever the mail language', async () => {
    const baseUrl = courtside.url;
    const { manager, ladderId, seasonId } = await seasonWithTeams(baseUrl, 1, {
      companyName: `TC Bel ${viewport}`,
      ladderName: `Belladder ${viewport}`,
    });
    const waiting = `Een team wacht op goedkeuring in Belladder ${viewport}`;
    expect(
      (await manager.json<{ language: string }>('GET', `${ACCOUNT_API}/account/preferences`)).body,
    ).toMatchObject({ language: 'en' });
    // The accepted team's request is settled (read); a second team then waits, unread.
    await expect.poll(() => notificationStates(manager), { timeout: 20_000 }).toEqual(['team.waiting read']);
    const askToJoin = async () => {
      const player = courtside.client();
      await signedInAccount(player);
      expect((await player.json('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {})).status).toBe(201);
    };
    await askToJoin();
    await expect
      .poll(() => notificationStates(manager), { timeout: 20_000 })
      .toEqual(['team.waiting unread', 'team.waiting read']);

    let browser: Browser | undefined;
    try {
      browser = await courtside.newBrowser();
      const { page } = browser;
      await signInBrowser(browser.context, baseUrl, manager);
      await page.goto(`${baseUrl}/webapps/ladders/nl/${ladderId}`);
      const bell = page.getByRole('button', { name: /^Meldingen/ });
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Meldingen: 1 ongelezen');

      // A new team asks to join: the live push is in the page's language too.
      await askToJoin();
      await expect
        .poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 })
        .toBe('Meldingen: 2 ongelezen');
      await bell.click();
      await expect
        .poll(() => page.getByRole('menuitem', { name: new RegExp(`^${waiting}`) }).count())
        .toBe(3);
      await browser.screenshot(`notifications-bell-nl-${viewport}`);
    } finally {
      await browser?.close();
    }
  }, 180_000);
});
