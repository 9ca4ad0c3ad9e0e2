import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNT_API, ADMIN_API, DEV_MAILBOX_PATH, LADDER_API } from '@courtside/events/api-paths';
import { signedInAccount } from '../support/accounts.ts';
import { expectAxeClean } from '../support/axe.ts';
import { signInBrowser, type ViewportName } from '../support/browser.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

/** The words the journey clicks and reads, per language (web/src/locales). */
const words = {
  en: {
    join: 'Join Winter',
    partnerEmail: 'Partner’s email address',
    register: 'Register',
    asked: 'We asked your partner by email',
    waitingForPartner: 'Waiting for your partner',
    asksYou: 'Cy Asker asks you to play together',
    invitationTitle: 'Ann Asker asks you to play together',
    signIn: 'Sign in to accept',
    accept: 'Accept',
    accepted: 'You accepted',
  },
  nl: {
    join: 'Inschrijven voor Winter',
    partnerEmail: 'E-mailadres van je partner',
    register: 'Inschrijven',
    asked: 'We hebben je partner gemaild',
    waitingForPartner: 'Wacht op je partner',
    asksYou: 'Cy Asker vraagt je om samen te spelen',
    invitationTitle: 'Ann Asker vraagt je om samen te spelen',
    signIn: 'Log in om te accepteren',
    accept: 'Accepteren',
    accepted: 'Je hebt geaccepteerd',
  },
} as const;

async function alertShows(page: Page, text: string): Promise<void> {
  await page.locator('[data-kind]', { hasText: text }).first().waitFor();
}

/** Focus is somewhere sensible, never on the page's body. */
async function focusIsNotLost(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate<string | undefined>('document.activeElement?.tagName'))
    .not.toBe('BODY');
}

describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('partners agree first, on %s in %s', (viewport, locale) => {
  const courtside = courtsideForBrowsers({ viewport });

  async function player(fullName: string) {
    const http = courtside.client();
    const account = await signedInAccount(http);
    await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
      fullName,
      phoneNumber: { countryCode: '31', number: '06 12345678' },
    });
    return { http, ...account };
  }

  it('a player names a partner, who accepts by the link or in the app; only then the club sees the team', async () => {
    const baseUrl = courtside.url;
    const text = words[locale];
    const { manager, seasonId } = await managerWithSeason(baseUrl, {
      sportsCategory: 'PADEL',
      companyName: `TC Partners ${viewport}`,
    });
    const waitingNames = async () =>
      (
        await manager.json<Array<{ members: Array<{ fullName: string }> }>>(
          'GET',
          `${ADMIN_API}/seasons/${seasonId}/teams/waitingforapproval`,
        )
      ).body.map((team) => team.members.map((member) => member.fullName).join(' & '));
    const [ann, bo, cy, dee] = [
      await player('Ann Asker'),
      await player('Bo Partner'),
      await player('Cy Asker'),
      await player('Dee Partner'),
    ];

    // Ann names Bo in the join dialog.
    const annBrowser = await courtside.newBrowser();
    const boBrowser = await courtside.newBrowser();
    const deeBrowser = await courtside.newBrowser();
    await signInBrowser(annBrowser.context, baseUrl, ann.http);
    const annPage = annBrowser.page;
    await annPage.goto(`${baseUrl}/webapps/ladders/${locale}/`);
    await annPage.getByRole('button', { name: text.join }).click();
    await annPage.getByLabel(text.partnerEmail).fill(bo.email);
    await annPage.getByRole('button', { name: text.register, exact: true }).click();
    await alertShows(annPage, text.asked);
    // Both her teams list and the season's row on the ladder card say so (no Join there while the request is open).
    await expect
      .poll(() => annPage.getByTestId('team-status').filter({ hasText: text.waitingForPartner }).count())
      .toBe(2);
    expect(await annPage.getByTestId('ladder-card').getByRole('button', { name: text.join }).count()).toBe(0);
    await expectAxeClean(annPage, `ladders page with a request sent (${locale}, ${viewport})`);
    expect(await waitingNames()).toEqual([]);

    // Bo follows the mailed link: who asks to what; signed out, the sign-in has his address filled in.
    const mail = await ann.http.json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(bo.email)}`,
    );
    const link = new RegExp(`/webapps/account/${locale}/invitation/[^\\s]+`).exec(mail.body[0]!.text)![0];
    const boPage = boBrowser.page;
    await boPage.goto(`${baseUrl}${link}`);
    await boPage.getByRole('heading', { name: text.invitationTitle }).waitFor();
    await expectAxeClean(boPage, `invitation page signed out (${locale}, ${viewport})`);
    await boPage.getByRole('link', { name: text.signIn }).click();
    await boPage.waitForURL(`**/webapps/account/${locale}/login?from=*`);
    expect(await boPage.locator('input[type="email"]').inputValue()).toBe(bo.email);

    await signInBrowser(boBrowser.context, baseUrl, bo.http);
    await boPage.goto(`${baseUrl}${link}`);
    await boPage.getByRole('button', { name: text.accept, exact: true }).waitFor();
    await expectAxeClean(boPage, `invitation page signed in (${locale}, ${viewport})`);
    await boBrowser.screenshot(`partners-invitation-${viewport}-${locale}`);
    await boPage.getByRole('button', { name: text.accept, exact: true }).click();
    await boPage.waitForURL(`**/webapps/ladders/${locale}/*`);
    await alertShows(boPage, text.accepted);
    expect(await waitingNames()).toEqual(['Ann Asker & Bo Partner']);

    // Cy names Dee; Dee accepts in the app, on the ladders page.
    await cy.http.json('POST', `${LADDER_API}/seasons/${seasonId}/teams`, { partnerEmail: dee.email });
    await signInBrowser(deeBrowser.context, baseUrl, dee.http);
    const deePage = deeBrowser.page;
    await deePage.goto(`${baseUrl}/webapps/ladders/${locale}/`);
    await deePage.getByText(text.asksYou).waitFor();
    await expectAxeClean(deePage, `ladders page with a request received (${locale}, ${viewport})`);
    await deePage.getByRole('button', { name: text.accept, exact: true }).click();
    await alertShows(deePage, text.accepted);
    await focusIsNotLost(deePage);
    expect(await waitingNames()).toEqual(['Ann Asker & Bo Partner', 'Cy Asker & Dee Partner']);
    await deeBrowser.screenshot(`partners-in-app-${viewport}-${locale}`);
  }, 180_000);
});
