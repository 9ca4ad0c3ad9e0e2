import { describe, expect, it } from 'vitest';
import { DEV_MAILBOX_PATH, TOURNAMENT_ADMIN_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson, uniqueEmail } from '../support/accounts.ts';
import { documentViolations } from '../support/axe.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { focusIndicatorProblems } from '../support/focus-indicator.ts';
import type { HttpClient } from '../support/http-client.ts';
import { expectFocusOffBody } from '../support/page-checks.ts';

/**
 * DESIGN.md §16 with §9, entries by email from the web: a player enters a doubles knockout with the partner's
 * address on the tournament page at 375 px, and a manager invites an address from the manager screen's
 * Tournaments section at 1280 px; each address gets its mail. Each changed state is axe-clean with its focus
 * visible.
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
    expect(await asked.innerText()).toBe(
      `We asked ${partner} to play Autumn Doubles with you. Your entry waits for their answer.`,
    );
    // A full-page capture draws the sticky header where the page was scrolled to (the click scrolled it).
    await page.evaluate('window.scrollTo(0, 0)');
    await phone.screenshot('tournament-partner-entry-375');
    expect(await documentViolations(page, 'partner asked')).toEqual([]);
    expect(await focusIndicatorProblems(page, 'partner asked')).toEqual([]);
    await expect.poll(async () => (await mailsTo(manager, partner)).length).toBe(1);
    expect((await mailsTo(manager, partner))[0]!.text).toContain('/webapps/account/en/invitation/');

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
});
