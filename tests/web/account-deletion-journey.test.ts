import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNT_API, ADMIN_API } from '@courtside/events/api-paths';
import { managerWithCompany, PASSWORD, signedInAccount } from '../support/accounts.ts';
import { axeViolations, expectAxeClean } from '../support/axe.ts';
import { type ViewportName } from '../support/browser.ts';
import { plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';
import { focusIndicatorProblems } from '../support/focus-indicator.ts';
import { focusIsInTheDialog } from '../support/keyboard.ts';
import { quarantineClub, releaseClub } from '../support/quarantine.ts';

const texts = {
  en: {
    settings: 'Settings',
    deleteAccount: 'Delete my account',
    dialog: 'Delete your account?',
    password: 'Current password',
    word: 'Type delete to delete your account for good',
    wrongPassword: 'This is not your current password.',
    login: 'Sign in',
    deleted: 'Your account is deleted.',
    notDeletedYet: 'Your account is not deleted yet: a club could not take a change now.',
  },
  nl: {
    settings: 'Instellingen',
    deleteAccount: 'Mijn account verwijderen',
    dialog: 'Je account verwijderen?',
    password: 'Huidig wachtwoord',
    word: 'Typ delete om je account definitief te verwijderen',
    wrongPassword: 'Dit is niet je huidige wachtwoord.',
    login: 'Inloggen',
    deleted: 'Je account is verwijderd.',
    notDeletedYet: 'Je account is nog niet verwijderd: een club kon een wijziging nu niet verwerken.',
  },
} as const;

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 });

/** DESIGN.md §10 "Delete my account" in Chromium: the typed confirmation, then signed out on the sign-in page. */
describe('deleting the account from the settings page', () => {
  const courtside = courtsideForBrowsers();

  it.each<[ViewportName, 'en' | 'nl']>([
    ['desktop', 'en'],
    ['phone', 'nl'],
  ])(
    'on %s (%s): reached by keyboard, refuses a wrong password, deletes with "delete" typed, and signs out',
    async (viewport, locale) => {
      const baseUrl = courtside.url;
      const t = texts[locale];
      const http = courtside.client();
      await signedInAccount(http);
      const browser = await courtside.newBrowser(http, viewport);
      const { page } = browser;
      await page.goto(`${baseUrl}/webapps/account/${locale}/settings`);
      await heading(page, t.settings);
      const open = page.getByRole('button', { name: t.deleteAccount });
      await open.waitFor({ timeout: 30_000 });
      await expectAxeClean(page, `settings ${viewport} ${locale}`);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        viewport === 'phone' ? 375 : 1280,
      );

      // Keyboard only: Tab reaches the button, Enter opens the dialog.
      let reached = false;
      for (let tab = 0; tab < 60 && !reached; tab++) {
        await page.keyboard.press('Tab');
        reached = await open.evaluate((element) => element === element.ownerDocument.activeElement);
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t.dialog });
      // The dialog's root has no box of its own (its panel is fixed): wait for what it shows.
      await dialog.getByLabel(t.word).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const confirm = dialog.getByRole('button', { name: t.deleteAccount });
      await dialog.getByLabel(t.password).fill('not my password');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(t.word).fill('Delete');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(t.word).fill('delete');
      expect(await confirm.isEnabled()).toBe(true);
      await confirm.click();
      await dialog.getByText(t.wrongPassword).waitFor();
      expect((await http.json('GET', `${ACCOUNT_API}/account`)).status).toBe(200);

      await dialog.getByLabel(t.password).fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/webapps/account/${locale}/login`, { timeout: 30_000 });
      await heading(page, t.login);
      await page.getByText(t.deleted).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // The session the browser shared with this client is over.
      expect((await http.json('GET', `${ACCOUNT_API}/account`)).status).toBe(401);
      const cookies = await browser.context.cookies(baseUrl);
      expect(cookies.find((cookie) => cookie.name === 'SESSION-ID')?.value ?? '').toBe('');
    },
    180_000,
  );
});

/**
 * DESIGN.md §10: a club that cannot take the player's leaving right now (its events stopped at one the projector
 * cannot apply) answers `503`; the dialog says so in the page's language, and deleting again later goes on.
 */
describe('deleting the account while a club cannot take the leaving', () => {
  const courtside = courtsideForBrowsers();

  it('on a phone (nl): says the account is not deleted yet, in Dutch, keeps the dialog usable, and deletes when sent again', async () => {
    const baseUrl = courtside.url;
    const t = texts.nl;
    const { company, teams } = await seasonWithTeams(baseUrl, 1);
    const player = teams[0]!;
    const db = new pg.Client({ connectionString: courtside.backend.databaseUrl });
    await db.connect();
    try {
      await quarantineClub(db, company.id);
      const browser = await courtside.newBrowser(player.http, 'phone');
      const { page } = browser;
      await page.goto(`${baseUrl}/webapps/account/nl/settings`);
      await heading(page, t.settings);
      await page.getByRole('button', { name: t.deleteAccount }).click();
      const dialog = page.getByRole('dialog', { name: t.dialog });
      await dialog.getByLabel(t.password).fill(PASSWORD);
      await dialog.getByLabel(t.word).fill('delete');
      await dialog.getByRole('button', { name: t.deleteAccount }).click();

      await dialog.getByText(t.notDeletedYet).waitFor({ timeout: 30_000 });
      expect(await dialog.getByText('Your account is not').count()).toBe(0);
      await browser.screenshot('account-not-deleted-yet-nl-phone');
      expect(await axeViolations(page)).toEqual([]);
      expect((await player.http.json('GET', `${ACCOUNT_API}/account`)).status).toBe(200);
      // Focus stays in the dialog (never on the page's body), and Tab goes round its controls, each with a ring.
      expect(await focusIsInTheDialog(page)).toBe(true);
      expect(await focusIndicatorProblems(page, 'the dialog after the refusal')).toEqual([]);
      expect(await focusIsInTheDialog(page)).toBe(true);

      await releaseClub(db, company.id);
      await dialog.getByRole('button', { name: t.deleteAccount }).click();
      await page.waitForURL('**/webapps/account/nl/login', { timeout: 30_000 });
      await page.getByText(t.deleted).waitFor();
      expect((await player.http.json('GET', `${ACCOUNT_API}/account`)).status).toBe(401);
    } finally {
      await releaseClub(db, company.id);
      await db.end();
    }
  });
});

/** DESIGN.md §10: an erased player's name on a match card, and the card's label, in the page's language. */
describe('a match of an erased player', () => {
  const courtside = courtsideForBrowsers();

  it('is labelled "Voormalig speler" on a Dutch page, also for a screen reader', async () => {
    const baseUrl = courtside.url;
    const { manager, seasonId, teams } = await seasonWithTeams(baseUrl, ['Ann Archer', 'Bo Baseline']);
    const [ann, bo] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const matchId = await plannedMatch(manager, seasonId, ann.teamId, bo.teamId);
    expect(
      (await bo.http.json('DELETE', `${ACCOUNT_API}/account`, { currentPassword: PASSWORD })).status,
    ).toBe(204);
    const browser = await courtside.newBrowser(undefined, 'phone');
    const { page } = browser;
    await page.goto(`${baseUrl}/webapps/matches/nl/?match=${matchId}`);
    const card = page.locator(`[data-match-id="${matchId}"]`);
    await card.getByText('Voormalig speler').first().waitFor();
    expect(await card.getAttribute('aria-label')).toContain('Voormalig speler');
    expect(await card.getAttribute('aria-label')).not.toContain('Former player');
  });
});

/** DESIGN.md §15: the only manager of a club with no members deletes their account; the club's pages say so. */
describe('a club left without a manager', () => {
  const courtside = courtsideForBrowsers();

  const notice = {
    en: 'This club has no manager any more',
    nl: 'Deze club heeft geen beheerder meer',
  } as const;

  it.each<[ViewportName, 'en' | 'nl']>([
    ['desktop', 'en'],
    ['phone', 'nl'],
  ])('on %s (%s): the standings say the club has no manager, axe-clean', async (viewport, locale) => {
    const baseUrl = courtside.url;
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Lonely Club');
    const ladder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders`,
      {
        name: 'Lonely Ladder',
        email: 'lonely@club.test',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    expect(ladder.status).toBe(201);
    const page_ = `${baseUrl}/webapps/ladders/${locale}/${ladder.body.uuid}`;
    const browser = await courtside.newBrowser(undefined, viewport);
    const { page } = browser;
    await page.goto(page_);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(notice[locale]).count()).toBe(0);

    expect(
      (await manager.request('DELETE', `${ACCOUNT_API}/account`, { currentPassword: PASSWORD })).status,
    ).toBe(204);
    await page.goto(page_);
    await page.getByText(notice[locale]).waitFor({ timeout: 30_000 });
    await expectAxeClean(page, `standings without a manager (${locale}, ${viewport})`);
  });
});
