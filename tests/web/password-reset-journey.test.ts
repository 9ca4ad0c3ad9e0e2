import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultWebDistDir } from '@courtside/api/courtside';
import { signedInAccount } from '../support/accounts.ts';
import { axeViolations } from '../support/axe.ts';
import { openBrowser, signInBrowser, type ViewportName } from '../support/browser.ts';
import { HttpClient } from '../support/http-client.ts';
import { linkIn } from '../support/smtp.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually } from '../support/wait.ts';

const NEW_PASSWORD = 'a brand new password';

const texts = {
  en: {
    login: 'Sign in',
    forgotLink: 'Forgot your password?',
    forgot: 'Forgot your password?',
    email: 'Email address',
    send: 'Mail me a link',
    sent: 'a link is on its way',
    linkLabel: /New password:/,
    reset: 'Set a new password',
    newPassword: 'New password',
    set: 'Set password',
    done: 'Your new password is set. Sign in with it.',
    password: 'Password',
    account: 'Your account',
    gone: 'This link has been used or has expired.',
  },
  nl: {
    login: 'Inloggen',
    forgotLink: 'Wachtwoord vergeten?',
    forgot: 'Wachtwoord vergeten?',
    email: 'E-mailadres',
    send: 'Mail me een link',
    sent: 'is er een link onderweg',
    linkLabel: /Nieuw wachtwoord:/,
    reset: 'Stel een nieuw wachtwoord in',
    newPassword: 'Nieuw wachtwoord',
    set: 'Wachtwoord instellen',
    done: 'Je nieuwe wachtwoord is ingesteld. Log ermee in.',
    password: 'Wachtwoord',
    account: 'Je account',
    gone: 'Deze link is al gebruikt of verlopen.',
  },
} as const;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/**
 * DESIGN.md §10 in Chromium, over a real SMTP server: "Forgot your password?" on the sign-in page, the mailed link,
 * a new password, signing in with it; a second browser signed in as the same account is signed out.
 */
describe.each<[ViewportName, 'en' | 'nl']>([
  ['desktop', 'en'],
  ['phone', 'nl'],
])('a forgotten password on %s (%s)', (viewport, locale) => {
  const running = courtsideWithSmtp({ webDistDir: defaultWebDistDir });

  it('mails a link from the sign-in page, sets a new password with it, signs in, and signs the other browser out', async () => {
    const baseUrl = running.courtside.url!;
    const smtp = running.smtp;
    const t = texts[locale];
    const http = new HttpClient(baseUrl);
    const { email } = await signedInAccount(http);
    const elsewhere = await openBrowser(viewport);
    const browser = await openBrowser(viewport);
    const shot = (name: string) => browser.screenshot(`password-${name}-${viewport}-${locale}`);
    try {
      // Another device, signed in as the same person.
      await signInBrowser(elsewhere.context, baseUrl, http);
      await elsewhere.page.goto(`${baseUrl}/webapps/account/${locale}/`);
      await heading(elsewhere.page, t.account);

      const { page } = browser;
      await page.goto(`${baseUrl}/webapps/account/${locale}/login`);
      await heading(page, t.login);
      await page.getByLabel(t.email).fill(email);
      await page.getByRole('link', { name: t.forgotLink }).click();
      await heading(page, t.forgot);
      // The address typed on the sign-in page comes along.
      expect(await page.getByLabel(t.email).inputValue()).toBe(email);
      await page.getByRole('button', { name: t.send }).click();
      await page.getByText(t.sent).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot('forgot');

      const mail = await eventually(() => smtp.to(email).find((m) => t.linkLabel.test(m.text)), {
        message: `the reset mail to ${email}`,
      });
      const link = linkIn(mail.text, t.linkLabel);
      await page.goto(link);
      await heading(page, t.reset);
      expect(await axeViolations(page)).toEqual([]);
      await shot('reset');
      await page.getByLabel(t.newPassword).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t.set }).click();

      await page.waitForURL(`**/webapps/account/${locale}/login`);
      await page.getByText(t.done).waitFor();
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.password, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t.login, exact: true }).click();
      await heading(page, t.account);

      // The other browser's session ended: its next request is refused and it is back at the sign-in page.
      await elsewhere.page.reload();
      await elsewhere.page.waitForURL(`**/webapps/account/${locale}/login**`);
      await heading(elsewhere.page, t.login);

      // The link worked once.
      await page.goto(link);
      await page.getByLabel(t.newPassword).fill('yet another password');
      await page.getByRole('button', { name: t.set }).click();
      await page.getByText(t.gone).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await browser.close();
      await elsewhere.close();
    }
  });
});
