import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DEV_MAILBOX_PATH, TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson, uniqueEmail } from '../support/accounts.ts';
import { documentViolations } from '../support/axe.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { focusIndicatorProblems } from '../support/focus-indicator.ts';
import type { HttpClient } from '../support/http-client.ts';
import { focusStaysOnThePage, tabTo, typeInto } from '../support/keyboard.ts';
import { expectFocusOffBody } from '../support/page-checks.ts';

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  nl: ['jan.', 'feb.', 'mrt.', 'apr.', 'mei', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
};
/** A day as the pages write it ("12 Dec 2026", "12 dec. 2026"), in local time as the browser's (same machine). */
const dayOf = (iso: string, locale: 'en' | 'nl') => {
  const date = new Date(iso);
  return `${date.getDate()} ${MONTHS[locale][date.getMonth()]} ${date.getFullYear()}`;
};
/** Whether `target` has the focus. */
const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === element.ownerDocument.activeElement);

/**
 * DESIGN.md §16 with §9, entries by email from the web: a player enters a doubles knockout with the partner's
 * address on the tournament page at 375 px, finds the request again after a reload and withdraws it, and a manager
 * invites an address from the manager screen's Tournaments section at 1280 px; each address gets its mail. The same
 * in Dutch with the keyboard alone. Each changed state is axe-clean with its focus visible.
 */
describe('tournament entries by email, on the web', () => {
  const courtside = courtsideForBrowsers({ viewport: 'phone' });

  const create = async (manager: HttpClient, companyId: string, name: string, sportsCategory: string) => {
    const created = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${companyId}/tournaments`,
      {
        name,
        format: 'KNOCKOUT',
        sportsCategory,
        startsAt: '2026-12-12T10:00',
        entries: 'OPEN',
        maxEntrants: 8,
      },
    );
    expect(created.status).toBe(201);
    return created.body.tournamentId;
  };
  /** The player's own waiting requests, as the API lists them. */
  const ownRequests = async (http: HttpClient, tournamentId: string) =>
    (
      await http.json<Array<{ entryId: string; partnerEmail: string; lapsesAt: string }>>(
        'GET',
        `${TOURNAMENT_API}/tournaments/${tournamentId}/partner-requests`,
      )
    ).body;
  const mailsTo = async (http: HttpClient, email: string) =>
    (await http.json<Array<{ text: string }>>('GET', `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`))
      .body;

  it('a player asks a partner by email at 375 px; a manager invites by email at 1280 px', async () => {
    const url = courtside.url;
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Padel Club Email');
    const doubles = await create(manager, company.id, 'Autumn Doubles', 'PADEL');
    await create(manager, company.id, 'Autumn Singles', 'TENNISSINGLE');
    const ann = await signedInPerson(url, 'Ann Asker');
    const partner = uniqueEmail('partner');

    // The player, on a phone: the form, a wrong address refused in the browser, then the partner asked.
    const phone = await courtside.newBrowser(ann.http);
    const page = phone.page;
    await page.goto(`${url}/webapps/tournaments/en/${doubles}`);
    const form = page.getByRole('form', { name: 'Enter with a partner' });
    const field = form.getByLabel('Your partner’s email address');
    await field.waitFor();
    await phone.screenshot('tournament-partner-form-375');
    expect(await documentViolations(page, 'partner form')).toEqual([]);
    expect(await focusIndicatorProblems(page, 'partner form')).toEqual([]);
    await field.fill('not an address');
    await form.getByRole('button', { name: 'Ask my partner' }).click();
    await form.getByText('Enter a valid email address').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await documentViolations(page, 'partner form with an error')).toEqual([]);
    await field.fill(partner);
    await form.getByRole('button', { name: 'Ask my partner' }).click();
    const asked = page.getByTestId('partner-asked');
    await asked.waitFor();
    await expectFocusOffBody(page, 'asking the partner');
    const [request] = await ownRequests(ann.http, doubles);
    const askedText = `We asked ${partner} to play Autumn Doubles with you. Your entry waits for their answer until ${dayOf(request!.lapsesAt, 'en')}.`;
    await expect.poll(() => asked.innerText()).toBe(askedText);
    // A full-page capture draws the sticky header where the page was scrolled to (the click scrolled it).
    await page.evaluate('window.scrollTo(0, 0)');
    await phone.screenshot('tournament-partner-entry-375');
    expect(await documentViolations(page, 'partner asked')).toEqual([]);
    expect(await focusIndicatorProblems(page, 'partner asked')).toEqual([]);
    await expect.poll(async () => (await mailsTo(manager, partner)).length).toBe(1);
    expect((await mailsTo(manager, partner))[0]!.text).toContain('/webapps/account/en/invitation/');

    // After a reload the request is still there, as it was said; the form is not (asking again would be ENTERED).
    await page.reload();
    const request375 = page.getByTestId('partner-request');
    await request375.getByRole('heading', { name: 'Your partner request' }).waitFor();
    expect(await page.getByTestId('partner-asked').innerText()).toBe(askedText);
    expect(await page.getByRole('form', { name: 'Enter with a partner' }).count()).toBe(0);
    expect(await documentViolations(page, 'partner request after a reload')).toEqual([]);
    expect(await focusIndicatorProblems(page, 'partner request after a reload')).toEqual([]);
    // Another player sees the form, nothing of Ann's request.
    const cy = await signedInPerson(url, 'Cy Curious');
    const other = await courtside.newBrowser(cy.http);
    await other.page.goto(`${url}/webapps/tournaments/en/${doubles}`);
    await other.page.getByRole('form', { name: 'Enter with a partner' }).waitFor();
    expect(await other.page.getByTestId('partner-request').count()).toBe(0);
    expect(await other.page.getByText(partner).count()).toBe(0);
    // Withdrawn: said so, the form is back with the focus in its field, and the request is gone.
    await request375.getByRole('button', { name: 'Withdraw the request' }).click();
    await page.locator('[data-kind]', { hasText: `You withdrew the request to ${partner}.` }).waitFor();
    await field.waitFor();
    await expect.poll(() => hasFocus(field)).toBe(true);
    expect(await ownRequests(ann.http, doubles)).toEqual([]);

    // The manager, at 1280 px: invites an address to the singles knockout from the section.
    const desk = await courtside.newBrowser(manager, 'desktop');
    await desk.page.goto(`${url}/webapps/manager/en/${company.id}/ladders`);
    await desk.page.getByTestId('tournaments-toggle').click();
    const section = desk.page.getByTestId('tournaments-section');
    const singlesItem = section.getByTestId('managed-tournament').filter({ hasText: 'Autumn Singles' });
    const invite = singlesItem.getByTestId('invite-by-email');
    await invite.getByLabel('Invite by email').waitFor();
    // A doubles knockout's side is two: its item has no invitation by email.
    const doublesItem = section.getByTestId('managed-tournament').filter({ hasText: 'Autumn Doubles' });
    expect(await doublesItem.getByTestId('invite-by-email').count()).toBe(0);
    const invitee = uniqueEmail('invitee');
    await invite.getByLabel('Invite by email').fill(invitee);
    await invite.getByRole('button', { name: 'Invite' }).click();
    await invite
      .getByText(`We mailed ${invitee} an invitation: they are entered once they accept.`)
      .waitFor();
    await desk.page.evaluate('window.scrollTo(0, 0)');
    await desk.screenshot('tournament-invite-by-email-1280');
    expect(await documentViolations(desk.page, 'manager invited')).toEqual([]);
    expect(await focusIndicatorProblems(desk.page, 'manager invited')).toEqual([]);
    await expect.poll(async () => (await mailsTo(manager, invitee)).length).toBe(1);
  }, 120_000);

  it('in Dutch: the partner form at 1280 and 375 px and the manager’s invitation by email, with the keyboard alone', async () => {
    const url = courtside.url;
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Padelclub Zuid');
    const doubles = await create(manager, company.id, 'Najaarsdubbel', 'PADEL');
    await create(manager, company.id, 'Najaarsenkel', 'TENNISSINGLE');
    const ans = await signedInPerson(url, 'Ans Aanvrager');
    const partner = uniqueEmail('partner');

    // The phone first: the Dutch form, clean, every control reached with Tab.
    const phone = await courtside.newBrowser(ans.http);
    await phone.page.goto(`${url}/webapps/tournaments/nl/${doubles}`);
    const phoneForm = phone.page.getByRole('form', { name: 'Inschrijven met een partner' });
    await phoneForm.getByLabel('E-mailadres van je partner').waitFor();
    await phone.screenshot('tournament-partner-form-nl-375');
    expect(await documentViolations(phone.page, 'partner form (nl, 375 px)')).toEqual([]);
    expect(await focusIndicatorProblems(phone.page, 'partner form (nl, 375 px)')).toEqual([]);
    await tabTo(phone.page, phoneForm.getByRole('button', { name: 'Partner vragen' }));

    // At 1280 px, with the keyboard alone: asked, the request in Dutch with its day, withdrawn, the form back.
    const desk = await courtside.newBrowser(ans.http, 'desktop');
    const page = desk.page;
    await page.goto(`${url}/webapps/tournaments/nl/${doubles}`);
    const form = page.getByRole('form', { name: 'Inschrijven met een partner' });
    const field = form.getByLabel('E-mailadres van je partner');
    await field.waitFor();
    await desk.screenshot('tournament-partner-form-nl-1280');
    expect(await documentViolations(page, 'partner form (nl, 1280 px)')).toEqual([]);
    expect(await focusIndicatorProblems(page, 'partner form (nl, 1280 px)')).toEqual([]);
    await typeInto(page, field, 'geen adres');
    await tabTo(page, form.getByRole('button', { name: 'Partner vragen' }));
    await page.keyboard.press('Enter');
    await form.getByText('Vul een geldig e-mailadres in').waitFor();
    expect(await documentViolations(page, 'partner form with an error (nl)')).toEqual([]);
    await typeInto(page, field, partner);
    await page.keyboard.press('Enter');
    const request = page.getByTestId('partner-request');
    await request.getByRole('heading', { name: 'Je partnerverzoek' }).waitFor();
    await focusStaysOnThePage(page, 'asking the partner (nl)');
    const [asked] = await ownRequests(ans.http, doubles);
    await expect
      .poll(() => page.getByTestId('partner-asked').innerText())
      .toBe(
        `We hebben ${partner} gevraagd om Najaarsdubbel met je te spelen. Je inschrijving wacht tot ${dayOf(asked!.lapsesAt, 'nl')} op het antwoord.`,
      );
    await page.evaluate('window.scrollTo(0, 0)');
    await desk.screenshot('tournament-partner-request-nl-1280');
    expect(await documentViolations(page, 'partner request (nl)')).toEqual([]);
    expect(await focusIndicatorProblems(page, 'partner request (nl)')).toEqual([]);
    await tabTo(page, request.getByRole('button', { name: 'Verzoek intrekken' }));
    await page.keyboard.press('Enter');
    await page
      .locator('[data-kind]', { hasText: `Je hebt het verzoek aan ${partner} ingetrokken.` })
      .waitFor();
    await expect.poll(() => hasFocus(field)).toBe(true);
    await focusStaysOnThePage(page, 'withdrawing the request (nl)');
    expect(await ownRequests(ans.http, doubles)).toEqual([]);

    // The manager, at 1280 px in Dutch: the invitation by email with the keyboard alone.
    const office = await courtside.newBrowser(manager, 'desktop');
    await office.page.goto(`${url}/webapps/manager/nl/${company.id}/ladders`);
    await tabTo(office.page, office.page.getByTestId('tournaments-toggle'));
    await office.page.keyboard.press('Enter');
    const section = office.page.getByTestId('tournaments-section');
    const singles = section.getByTestId('managed-tournament').filter({ hasText: 'Najaarsenkel' });
    const invite = singles.getByTestId('invite-by-email');
    const inviteField = invite.getByLabel('Uitnodigen per e-mail');
    await inviteField.waitFor();
    expect(await documentViolations(office.page, 'invite by email (nl)')).toEqual([]);
    expect(await focusIndicatorProblems(office.page, 'invite by email (nl)')).toEqual([]);
    const invitee = uniqueEmail('genodigde');
    await typeInto(office.page, inviteField, invitee);
    await tabTo(office.page, invite.getByRole('button', { name: 'Uitnodigen' }));
    await office.page.keyboard.press('Enter');
    await invite
      .getByText(`We hebben ${invitee} een uitnodiging gemaild: ingeschreven zodra die accepteert.`)
      .waitFor();
    await focusStaysOnThePage(office.page, 'inviting by email (nl)');
    await office.page.evaluate('window.scrollTo(0, 0)');
    await office.screenshot('tournament-invite-by-email-nl-1280');
    expect(await documentViolations(office.page, 'manager invited (nl)')).toEqual([]);
    expect(await focusIndicatorProblems(office.page, 'manager invited (nl)')).toEqual([]);
    await expect.poll(async () => (await mailsTo(manager, invitee)).length).toBe(1);
  }, 180_000);
});
