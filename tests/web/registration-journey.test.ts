import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import nl from '../../web/src/locales/nl.ts';
import { signedInAccount } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { signInBrowser, type ViewportName, selectTab } from '../support/browser.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { ADMIN_API } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { focusIsInTheDialog } from '../support/keyboard.ts';
import { quarantineClub, releaseClub } from '../support/quarantine.ts';

const texts = {
  en: {
    participants: 'Participants',
    season: 'Season',
    registrationSwitch: 'Registration possible',
    off: 'Registration is off: nobody can join this season until “Registration possible” is on in the Season tab.',
    offHint: 'Off: nobody can join this season until you turn it on.',
    onHint: 'Players can sign up for this season on the ladders page.',
    save: 'Save',
    changed: 'Season changed',
    signInToJoin: 'Sign in to join',
    join: 'Join Winter',
    register: 'Register',
    registered: 'You are registered. The club manager will approve your team.',
  },
  nl: {
    participants: 'Deelnemers',
    season: 'Seizoen',
    registrationSwitch: 'Inschrijven mogelijk',
    off: 'Inschrijven staat uit: niemand kan zich voor dit seizoen inschrijven tot “Inschrijven mogelijk” aan staat op het tabblad Seizoen.',
    offHint: 'Uit: niemand kan zich voor dit seizoen inschrijven tot je het aanzet.',
    onHint: 'Spelers kunnen zich op de ladderpagina voor dit seizoen inschrijven.',
    save: 'Opslaan',
    changed: 'Seizoen gewijzigd',
    signInToJoin: 'Log in om in te schrijven',
    join: 'Inschrijven voor Winter',
    register: 'Inschrijven',
    registered: 'Je bent ingeschreven. De beheerder van de club keurt je team goed.',
  },
} as const;

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
}

describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('registration of a season on %s (%s)', (viewport, locale) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('says nobody can join while it is off; once on, a player joins from the standings', async () => {
    const baseUrl = courtside.url;
    const t = texts[locale];
    // A new season's default (spec): registration off.
    const { manager, company, ladderId, seasonId } = await managerWithSeason(baseUrl, {
      companyName: `TC Register ${viewport}`,
      openForRegistration: false,
    });
    const managerBrowser = await courtside.newBrowser();
    const playerBrowser = await courtside.newBrowser();
    // The manager sees why the participants list stays empty, and where to change it.
    const { page } = managerBrowser;
    await signInBrowser(managerBrowser.context, baseUrl, manager);
    await page.goto(`${baseUrl}/webapps/manager/${locale}/${company.id}/ladders/Club%20Ladder`);
    await page.getByRole('tab', { name: t.participants }).waitFor();
    await page.getByText(t.off).waitFor();
    await expectAxeClean(page, 'participants, registration off');
    await managerBrowser.screenshot(`registration-off-participants-${viewport}`);

    await selectTab(page.getByRole('tab', { name: t.season }).last());
    const registration = page.getByRole('switch', { name: t.registrationSwitch });
    expect(await registration.getAttribute('aria-checked')).toBe('false');
    expect(await registration.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByText(t.offHint).waitFor();
    await expectAxeClean(page, 'season form, registration off');
    await managerBrowser.screenshot(`registration-off-season-${viewport}`);
    await registration.click();
    await page.getByText(t.onHint).waitFor();
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await page.locator('[data-kind]', { hasText: t.changed }).first().waitFor();
    await selectTab(page.getByRole('tab', { name: t.participants }));
    await page.getByRole('tab', { name: t.participants, selected: true }).waitFor();
    expect(await page.getByText(t.off).count()).toBe(0);

    // Someone signed out is asked to sign in first.
    const player = playerBrowser.page;
    const standings = `${baseUrl}/webapps/ladders/${locale}/${ladderId}`;
    await player.goto(standings);
    await player.getByRole('button', { name: t.signInToJoin }).waitFor();

    // A signed-in player who is not in the season joins it from the standings.
    const playerHttp = courtside.client();
    await signedInAccount(playerHttp);
    await signInBrowser(playerBrowser.context, baseUrl, playerHttp);
    await player.reload();
    const join = player.getByRole('button', { name: t.join });
    await join.waitFor();
    await expectAxeClean(player, 'standings with Join');
    await playerBrowser.screenshot(`registration-standings-join-${viewport}`);
    await join.click();
    // The join dialog, titled with the season.
    await player.getByRole('heading', { name: t.join }).waitFor();
    await expectAxeClean(player, 'join dialog');
    await playerBrowser.screenshot(`registration-join-dialog-${viewport}`);
    await player.getByRole('button', { name: t.register, exact: true }).click();
    await player.locator('[data-kind]', { hasText: t.registered }).first().waitFor();
    await player.getByRole('heading', { name: t.join }).waitFor({ state: 'detached' });
    // Registered: no Join any more, the team waits for approval.
    await expect.poll(() => player.getByTestId('join-season').count()).toBe(0);
    await playerBrowser.screenshot(`registration-standings-joined-${viewport}`);
    const waiting = await manager.json<unknown[]>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams/waitingforapproval`,
    );
    expect(waiting.body).toHaveLength(1);
  });
});

/**
 * A join that a club cannot take right now (its events stopped at one the projector cannot apply: the command's `503`
 * says why, in English) shows in the page's language that nothing was changed, and goes through once sent again.
 */
describe('joining while the club cannot take it, on a phone (nl)', () => {
  const courtside = courtsideForBrowsers({ viewport: 'phone' });

  it('says in Dutch that nothing was changed, keeps the dialog and its focus, and joins when sent again', async () => {
    const baseUrl = courtside.url;
    const t = texts.nl;
    const { company, ladderId } = await managerWithSeason(baseUrl, { openForRegistration: true });
    const playerHttp = courtside.client();
    await signedInAccount(playerHttp);
    const { page } = await courtside.newBrowser(playerHttp);
    await page.goto(`${baseUrl}/webapps/ladders/nl/${ladderId}`);
    await page.getByRole('button', { name: t.join }).click();
    await page.getByRole('heading', { name: t.join }).waitFor();

    const db = new pg.Client({ connectionString: courtside.backend.databaseUrl });
    await db.connect();
    try {
      await quarantineClub(db, company.id);
      const register = page.getByRole('button', { name: t.register, exact: true });
      await register.click();
      await page.getByText(nl.form.notNow).waitFor({ timeout: 30_000 });
      expect(await page.getByText('Nothing was changed').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await focusIsInTheDialog(page)).toBe(true);

      await releaseClub(db, company.id);
      await register.click();
      await page.locator('[data-kind]', { hasText: t.registered }).first().waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: t.join }).waitFor({ state: 'detached' });
    } finally {
      await releaseClub(db, company.id);
      await db.end();
    }
  });
});
