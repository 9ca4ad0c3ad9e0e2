import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectAxeClean } from '../support/axe.ts';
import { openBrowser, signInBrowser } from '../support/browser.ts';
import { HttpClient } from '../support/http-client.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { linkIn, type SmtpCollector } from '../support/smtp.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually } from '../support/wait.ts';

/** The words the journey reads and clicks (web/src/locales, English). */
const text = {
  invitePlayers: 'Invite players',
  list: 'Addresses or CSV',
  send: 'Send 2 invitations',
  invited: '2 people invited.',
  signUp: 'Create an account to accept',
  signIn: 'Sign in to accept',
  email: 'Email address',
  password: 'Password',
  createAccount: 'Create account',
  signInButton: 'Sign in',
  accept: 'Accept',
  fullName: 'Full name',
  country: 'Country',
  phone: 'Phone number',
  save: 'Save and continue',
  waiting: 'Waiting for approval',
  managers: 'Managers',
  remove: (name: string) => `Remove ${name} as a manager`,
  confirmRemove: 'Remove',
  cancel: 'Cancel',
  lastManager: (name: string, club: string) =>
    `${name} is the last manager of ${club} and cannot be removed.`,
  sendInvitation: 'Send invitation',
  invitedManager: (email: string) => `An invitation was mailed to ${email}.`,
  removed: (name: string, club: string) => `${name} no longer manages ${club}.`,
  lostAccess: (club: string) => `You no longer manage ${club}`,
  yourLadders: 'Your ladders and teams',
  newClub: 'Create a new club',
  companyName: 'Company name',
};

/** The keyboard focus is inside `section` (not lost to <body>). */
const focusInside = (section: Locator) =>
  section.evaluate((node) => node.contains(node.ownerDocument.activeElement));

/** The invitation link ("Accept: …", English) of the newest mail to `email` whose subject matches `subject`. */
async function mailedLink(smtp: SmtpCollector, email: string, subject: RegExp): Promise<string> {
  const mail = await eventually(
    () => smtp.to(email).findLast((candidate) => subject.test(candidate.subject)),
    {
      message: `an invitation mailed to ${email}`,
    },
  );
  return linkIn(mail.text, /^Accept:/);
}

/** The account of `http` goes by `fullName` (not the helpers' shared "Sam Server"). */
async function rename(http: HttpClient, fullName: string): Promise<void> {
  const named = await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
    fullName,
    phoneNumber: { countryCode: '31', number: '06 12345678' },
  });
  expect(named.status).toBe(200);
}

/** A signed-in account with a name of its own. */
async function person(baseUrl: string, fullName: string) {
  const http = new HttpClient(baseUrl);
  const account = await signedInAccount(http, { email: uniqueEmail(fullName.split(' ')[0]!.toLowerCase()) });
  await rename(http, fullName);
  return { http, ...account };
}

const waitingRow = (page: Page, name: string) =>
  page.getByRole('table', { name: text.waiting }).locator('tr', { hasText: name });

/**
 * DESIGN.md §9 in Chromium at 375 px, mails over a real SMTP server: a manager invites two players, who
 * accept from their mails (one signs up from the link, one signs in) and wait on the Participants tab; a co-manager
 * invited from the Managers section accepts by the mailed link and approves a team; removed by the first manager,
 * the co-manager's open page says so on its next call. (Each step in both languages and at 1280 px has its own
 * journey: invite-players, invitations, participants.)
 */
describe('a club moves in, on a phone', () => {
  const running = courtsideWithSmtp({ webDistDir: defaultWebDistDir });

  it('players and a co-manager come in by mail; the removed co-manager’s page loses access', async () => {
    const { smtp } = running;
    const baseUrl = running.courtside.url!;
    const club = 'TC Moves In';
    const ladderName = 'Club Ladder';
    const { manager, company, ladderId } = await managerWithSeason(baseUrl, {
      companyName: club,
      ladderName,
    });
    await rename(manager, 'Mia Manager');
    const nina = uniqueEmail('nina');
    const eve = await person(baseUrl, 'Eve Existing');
    const co = await person(baseUrl, 'Cor Comanager');
    const ladderPage = `${baseUrl}/webapps/manager/en/${company.id}/ladders/${encodeURIComponent(ladderName)}`;

    const managerBrowser = await openBrowser('phone');
    const guestBrowser = await openBrowser('phone');
    const { page } = managerBrowser;
    const guest = guestBrowser.page;
    try {
      // The manager invites two players by CSV, to the waiting list.
      await signInBrowser(managerBrowser.context, baseUrl, manager);
      await page.goto(ladderPage);
      await page.getByRole('button', { name: text.invitePlayers }).click();
      const invite = page.getByTestId('invite-players');
      await invite
        .getByLabel(text.list)
        .fill(`email,fullName\n${nina},Nina New\n${eve.email},Eve Existing\n`);
      await invite.getByRole('button', { name: text.send }).click();
      await invite.getByTestId('invite-result').getByText(text.invited).waitFor();

      // Nina has no account: she signs up from the link (no code), accepts, gives her phone, and is in: no second
      // Accept.
      await guest.goto(await mailedLink(smtp, nina, new RegExp(`${club} invites you`)));
      await guest.getByRole('link', { name: text.signUp }).click();
      expect(await guest.getByLabel(text.email).inputValue()).toBe(nina);
      await guest.getByLabel(text.password, { exact: true }).fill(PASSWORD);
      await guest.getByRole('button', { name: text.createAccount }).click();
      await guest.getByRole('button', { name: text.accept }).click({ timeout: 30_000 });
      await guest.waitForURL('**/webapps/account/en/onboarding?from=*', { timeout: 30_000 });
      // The name the club gave her in the CSV is filled in (DESIGN.md §15).
      await expect.poll(() => guest.getByLabel(text.fullName).inputValue()).toBe('Nina New');
      await guest.getByLabel(text.country).selectOption('NL');
      await guest.getByLabel(text.phone).fill('06 12345678');
      await guest.getByRole('button', { name: text.save }).click();
      await guest.waitForURL(`**/webapps/ladders/en/${ladderId}`, { timeout: 30_000 });

      // Eve has an account: she signs in from the link and accepts.
      await guestBrowser.context.clearCookies();
      await guest.goto(await mailedLink(smtp, eve.email, new RegExp(`${club} invites you`)));
      await guest.getByRole('link', { name: text.signIn }).click();
      expect(await guest.getByLabel(text.email).inputValue()).toBe(eve.email);
      await guest.getByLabel(text.password, { exact: true }).fill(PASSWORD);
      await guest.getByRole('button', { name: text.signInButton, exact: true }).click();
      await guest.getByRole('button', { name: text.accept }).click({ timeout: 30_000 });
      await guest.waitForURL(`**/webapps/ladders/en/${ladderId}`, { timeout: 30_000 });

      // The manager's Participants tab shows both waiting (live, no reload).
      await waitingRow(page, 'Nina New').waitFor({ timeout: 30_000 });
      await waitingRow(page, 'Eve Existing').waitFor();

      // The Managers section: the only manager cannot be removed; a co-manager is invited.
      await page.getByRole('button', { name: text.managers }).click();
      const managers = page.getByTestId('managers');
      await managers.getByTestId('manager-list').getByText('Mia Manager').waitFor();
      await expectAxeClean(page, 'the Managers section, one manager (phone)');
      await managers.getByRole('button', { name: text.remove('Mia Manager') }).click();
      await page.getByRole('dialog').getByRole('button', { name: text.confirmRemove, exact: true }).click();
      await managers.getByText(text.lastManager('Mia Manager', club)).waitFor();
      // By keyboard: the address, then Enter sends it.
      await managers.getByLabel(text.email).focus();
      await page.keyboard.type(co.email);
      await page.keyboard.press('Enter');
      await page.getByText(text.invitedManager(co.email)).first().waitFor();
      await expect.poll(() => focusInside(managers)).toBe(true);
      await managers.getByTestId('manager-invitations').getByText(co.email).waitFor();
      await expectAxeClean(page, 'the Managers section, an invitation pending (phone)');
      await managerBrowser.screenshot('club-moves-in-managers-phone-en');

      // The co-manager accepts by the mailed link, lands on the manager screen and approves Nina's team.
      await guestBrowser.context.clearCookies();
      await signInBrowser(guestBrowser.context, baseUrl, co.http);
      await guest.goto(await mailedLink(smtp, co.email, new RegExp(`invites you to manage ${club}`)));
      await guest.getByRole('button', { name: text.accept }).click({ timeout: 30_000 });
      await guest.waitForURL(`**/webapps/manager/en/${company.id}/ladders/**`, { timeout: 30_000 });
      await waitingRow(guest, 'Nina New').getByRole('button', { name: text.accept }).click();
      await expect.poll(() => waitingRow(guest, 'Nina New').count()).toBe(0);
      await expect.poll(() => waitingRow(page, 'Nina New').count()).toBe(0);

      // The first manager removes the co-manager (the section reads the list afresh when opened again).
      const toggle = page.getByRole('button', { name: text.managers });
      await toggle.click();
      await toggle.focus();
      await page.keyboard.press('Enter');
      // By keyboard: Enter on Remove, the dialog opens on Cancel, Tab to its Remove, Enter.
      await managers.getByRole('button', { name: text.remove('Cor Comanager') }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      const focused = (name: string) =>
        dialog
          .getByRole('button', { name, exact: true })
          .evaluate((button) => button === button.ownerDocument.activeElement);
      await expect.poll(() => focused(text.cancel)).toBe(true);
      await page.keyboard.press('Tab');
      await expect.poll(() => focused(text.confirmRemove)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByText(text.removed('Cor Comanager', club)).first().waitFor();
      await expect.poll(() => focusInside(managers)).toBe(true);
      await expect.poll(() => managers.getByTestId('manager-list').locator('li').count()).toBe(1);
      await expectAxeClean(page, 'the Managers section, after a removal (phone)');

      // The co-manager's open page: the next call is refused, and the page says why.
      await waitingRow(guest, 'Eve Existing').getByRole('button', { name: text.accept }).click();
      await guest.getByRole('heading', { name: text.lostAccess(club) }).waitFor({ timeout: 30_000 });
      await expectAxeClean(guest, 'a removed manager’s page (phone)');
      expect(await waitingRow(page, 'Eve Existing').count()).toBe(1);

      // Opening the manager screen again, with no club left to manage: told by name, not the bare "Create your
      // company" form; the ways on are their ladders and teams, or a new club (whose form then has the focus).
      await guest.goto(`${baseUrl}/webapps/manager/en/`);
      await guest.waitForURL('**/webapps/company/en/onboarding');
      await guest.getByRole('heading', { name: text.lostAccess(club) }).waitFor({ timeout: 30_000 });
      await guest.getByRole('link', { name: text.yourLadders }).waitFor();
      await expectAxeClean(guest, 'a removed manager opens the manager screen (phone)');
      await guest.getByRole('button', { name: text.newClub }).click();
      const clubName = guest.getByLabel(text.companyName);
      await expect
        .poll(() => clubName.evaluate((field) => field === field.ownerDocument.activeElement))
        .toBe(true);
      // Told once: the next visit is the form itself.
      await guest.reload();
      await guest.getByLabel(text.companyName).waitFor();
      expect(await guest.getByRole('heading', { name: text.lostAccess(club) }).count()).toBe(0);
    } finally {
      await guestBrowser.close();
      await managerBrowser.close();
    }
  }, 300_000);
});
