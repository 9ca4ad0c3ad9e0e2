import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { openBrowser, signInBrowser, type ViewportName } from '../support/browser.ts';
import { HttpClient } from '../support/http-client.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually } from '../support/wait.ts';

const texts = {
  en: {
    account: 'Your account',
    menu: 'Account menu',
    settings: 'Settings',
    newEmail: 'New email address',
    currentPassword: 'Current password',
    newPassword: 'New password',
    sendCode: 'Send a code',
    codeSent: 'We sent a 6-digit code to',
    code: 'Code',
    confirm: 'Confirm address',
    changed: 'Your email address is now',
    changePassword: 'Change password',
    wrongPassword: 'This is not your current password.',
    passwordChanged: 'Your password is changed.',
    download: 'Download my data',
    saveLanguage: 'Save language',
    otherLanguage: 'nl',
    otherSettings: 'Instellingen',
  },
  nl: {
    account: 'Je account',
    menu: 'Accountmenu',
    settings: 'Instellingen',
    newEmail: 'Nieuw e-mailadres',
    currentPassword: 'Huidig wachtwoord',
    newPassword: 'Nieuw wachtwoord',
    sendCode: 'Stuur een code',
    codeSent: 'We hebben een code van 6 cijfers naar',
    code: 'Code',
    confirm: 'Adres bevestigen',
    changed: 'Je e-mailadres is nu',
    changePassword: 'Wachtwoord wijzigen',
    wrongPassword: 'Dit is niet je huidige wachtwoord.',
    passwordChanged: 'Je wachtwoord is gewijzigd.',
    download: 'Mijn gegevens downloaden',
    saveLanguage: 'Taal opslaan',
    otherLanguage: 'en',
    otherSettings: 'Settings',
  },
} as const;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/** DESIGN.md §10 in Chromium: the settings page from the account menu, in both languages, at 375 px too. */
describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('the settings page on %s (%s)', (viewport, locale) => {
  const running = courtsideWithSmtp({ webDistDir: defaultWebDistDir });

  it('changes the email with the mailed code, downloads the data, refuses a wrong current password, changes the password and the language', async () => {
    const baseUrl = running.courtside.url!;
    const t = texts[locale];
    const http = new HttpClient(baseUrl);
    const { email } = await signedInAccount(http);
    const browser = await openBrowser(viewport);
    const shot = (name: string) => browser.screenshot(`settings-${name}-${viewport}-${locale}`);
    try {
      const { page } = browser;
      await signInBrowser(browser.context, baseUrl, http);
      await page.goto(`${baseUrl}/webapps/account/${locale}/`);
      await heading(page, t.account);
      await page.getByRole('button', { name: t.menu }).click();
      await page.getByRole('menuitem', { name: t.settings }).click();
      await heading(page, t.settings);
      await page.getByText(email).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        viewport === 'phone' ? 375 : 1280,
      );
      await shot('page');

      // A new email address, proved with the code mailed there.
      const newEmail = uniqueEmail('settings');
      await page.getByLabel(t.newEmail).fill(newEmail);
      const emailForm = page.locator('form', { has: page.getByLabel(t.newEmail) });
      await emailForm.getByLabel(t.currentPassword).fill(PASSWORD);
      await page.getByRole('button', { name: t.sendCode }).click();
      await page.getByText(t.codeSent).waitFor();
      const mail = await eventually(() => running.smtp.to(newEmail).find((m) => /\d{6}/.test(m.subject)), {
        message: `the code mailed to ${newEmail}`,
      });
      await page.getByLabel(t.code, { exact: true }).fill(mail.subject.match(/\d{6}/)![0]);
      await page.getByRole('button', { name: t.confirm }).click();
      await page.getByText(`${t.changed} ${newEmail}`).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot('email-changed');
      expect(
        (await http.json<{ email: string }>('GET', '/webapps/api/accountmanager/api/v1/account')).body.email,
      ).toBe(newEmail);

      // Download my data: one JSON file of the account as it is now.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: t.download }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('courtside-account.json');
      const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
        account: { email: string };
        preferences: { language: string };
      };
      expect(exported.account.email).toBe(newEmail);
      expect(exported.preferences.language).toBe('en');

      // The password: a wrong current one is refused on its field, the right one changes it.
      const passwordForm = page.locator('form', {
        has: page.getByRole('button', { name: t.changePassword }),
      });
      await passwordForm.getByLabel(t.currentPassword).fill('not my password');
      await passwordForm.getByLabel(t.newPassword).fill('a brand new password');
      await passwordForm.getByRole('button', { name: t.changePassword }).click();
      await passwordForm.getByText(t.wrongPassword).waitFor();
      await passwordForm.getByLabel(t.currentPassword).fill(PASSWORD);
      await passwordForm.getByRole('button', { name: t.changePassword }).click();
      await passwordForm.getByText(t.passwordChanged).waitFor();

      // The language: the page comes back in it, and so does the account's mail language.
      await page.getByRole('combobox').selectOption(t.otherLanguage);
      await page.getByRole('button', { name: t.saveLanguage }).click();
      await page.waitForURL(`**/webapps/account/${t.otherLanguage}/settings`);
      await heading(page, t.otherSettings);
      const preferences = await http.json<{ language: string }>(
        'GET',
        '/webapps/api/accountmanager/api/v1/account/preferences',
      );
      expect(preferences.body.language).toBe(t.otherLanguage);
    } finally {
      await browser.close();
    }
  });
});
