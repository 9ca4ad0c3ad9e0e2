import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, type ViewportName } from '../support/browser.ts';
import { HttpClient } from '../support/http-client.ts';
import { ACCOUNT_API, PREFERENCES_PATH } from '@courtside/events/api-paths';
import { courtsideForBrowsers } from '../support/browser-courtside.ts';

const PASSWORD = 'correct-horse-battery';

interface Mail {
  to: string;
  subject: string;
  code?: string;
}

let sequence = 0;
function uniqueEmail(label: string): string {
  sequence += 1;
  return `${label}-${Date.now().toString(36)}-${sequence}@example.com`;
}

/** The newest code mailed to `email`, read from the dev outbox API (waits until one arrives). */
async function latestCode(baseUrl: string, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${baseUrl}/webapps/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const mails = (await response.json()) as Mail[];
      code = mails.find((mail) => mail.code)?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** An account made through the API: verified, signed in once, with name, phone and one company. */
async function managerByApi(baseUrl: string, email: string, companyName: string) {
  const http = new HttpClient(baseUrl);
  const created = await http.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
    email,
    password: PASSWORD,
  });
  expect(created.status).toBe(201);
  const code = await latestCode(baseUrl, email);
  const verified = await http.json('POST', `${ACCOUNT_API}/account/${created.body.id}/verify?language=en`, {
    refresh: created.body.refresh,
    code,
  });
  expect(verified.status).toBe(200);
  expect(
    (await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
  ).toBe(200);
  const minimal = await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
    fullName: 'Maxime Manager',
    phoneNumber: { countryCode: '31', number: '06 12345678' },
  });
  expect(minimal.status).toBe(200);
  const company = await http.json<{ id: string; name: string }>('POST', `${ACCOUNT_API}/companies`, {
    name: companyName,
  });
  expect(company.status).toBe(201);
  return { companyId: company.body.id };
}

/** The router path (no /webapps) and query of the page's address. */
function address(page: Page): { path: string; from: string | null } {
  const url = new URL(page.url());
  return { path: url.pathname.replace(/^\/webapps/, ''), from: url.searchParams.get('from') };
}

async function heading(page: Page): Promise<string | null> {
  return page.getByRole('heading', { level: 1 }).first().textContent();
}

// One width per journey keeps CI in its budget; every page is also checked at 1280 and 375 px by the axe sweep
// (docs/testing.md "One width per journey").
describe.each<ViewportName>(['phone'])('the account journey on %s', (viewport) => {
  const courtside = courtsideForBrowsers({ viewport });

  it('signs up, verifies the email (which signs in), onboards, creates a company and lands in the manager area', async () => {
    const browser = await courtside.newBrowser();
    const shot = (name: string) => browser.screenshot(`account-${name}-${viewport}`);
    const email = uniqueEmail(`journey-${viewport}`);
    const companyName = `TC Journey ${viewport}`;
    const { page } = browser;

    // Register: a too-short password is refused on the field first.
    await page.goto(`${courtside.url}/webapps/account/en/register`);
    await expect.poll(() => heading(page)).toBe('Create your account');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Use at least 10 characters').waitFor();
    await shot('register-error');
    // DESIGN.md §19: a most used password is refused too, on the field.
    await page.getByLabel('Password', { exact: true }).fill('qwertyuiop');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This password is too easy to guess', { exact: false }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await shot('register');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Verify with the code from the dev mailbox page.
    await page.waitForURL('**/webapps/account/en/verify?**');
    await expect.poll(() => heading(page)).toBe('Check your email');
    // An address that has an account gets no code (§19): the page says where to look instead.
    await page.getByText('Already have an account with this address? Then no code comes').waitFor();
    await shot('verify');
    const mailbox = await browser.context.newPage();
    await mailbox.goto(`${courtside.url}/webapps/dev/mailbox?to=${encodeURIComponent(email)}`);
    const codeText = mailbox.getByTestId('mail-code').first();
    await codeText.waitFor();
    const code = (await codeText.textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await mailbox.screenshot({
      path: path.join(SCREENSHOT_DIR, `account-mailbox-${viewport}.png`),
      fullPage: true,
    });
    await mailbox.close();
    await page.bringToFront();

    // A wrong code first: the error shows on the code field.
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('This code is not right.').waitFor();
    await shot('verify-wrong-code');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    // The code signs the person in (the password is not asked for again); the account page needs a minimal
    // account → onboarding.
    await page.waitForURL('**/webapps/account/en/onboarding?from=*');
    expect(address(page)).toEqual({ path: '/account/en/onboarding', from: '/account/en/' });
    await expect.poll(() => heading(page)).toBe('About you');
    await page.getByLabel('Full name').fill('Jamie Journey');
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Enter a valid phone number for the selected country').waitFor();
    await shot('onboarding-error');
    await page.getByLabel('Country').selectOption('NL');
    await page.getByLabel('Phone number').fill('06 12345678');
    await shot('onboarding');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Back on the account page, with the details.
    await page.waitForURL('**/webapps/account/en/');
    await expect.poll(() => heading(page)).toBe('Your account');
    await page.locator('main').getByText('Jamie Journey').waitFor();
    await page.locator('main').getByText('+31 6 12345678').waitFor();
    await shot('account');

    // The account menu in the top bar.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await shot('menu');
    await page.getByRole('menuitem', { name: 'Companies' }).click();

    // No companies yet → create one → the manager area shows it.
    await page.waitForURL('**/webapps/company/en/');
    await page.getByText('No companies yet').waitFor();
    await shot('companies-empty');
    await page.getByRole('link', { name: 'Create a company' }).first().click();
    await page.waitForURL('**/webapps/company/en/onboarding');
    await expect.poll(() => heading(page)).toBe('Create your company');
    await page.getByLabel('Company name').fill(companyName);
    await shot('company-onboarding');
    await page.getByRole('button', { name: 'Create company' }).click();

    await page.waitForURL(/\/webapps\/manager\/en\/[^/]+\/ladders$/);
    await expect.poll(() => heading(page)).toBe(companyName);
    await page.getByText('Manager area').first().waitFor();
    await shot('manager');

    // The company page now lists it, linking to its manager area.
    await page.goto(`${courtside.url}/webapps/company/en/`);
    await page.getByRole('link', { name: new RegExp(companyName) }).waitFor();
    await shot('companies');
  });

  it('sends a logged-out visitor of the manager area to login with from, returns there, and signs out', async () => {
    const email = uniqueEmail(`guard-${viewport}`);
    const companyName = `Padel Club ${viewport}`;
    const { companyId } = await managerByApi(courtside.url, email, companyName);
    const browser = await courtside.newBrowser();
    const shot = (name: string) => browser.screenshot(`account-${name}-${viewport}`);
    const { page } = browser;
    const target = `/manager/en/${companyId}/ladders`;

    await page.goto(`${courtside.url}/webapps${target}`);
    await page.waitForURL('**/webapps/account/en/login?from=*');
    expect(address(page)).toEqual({ path: '/account/en/login', from: target });
    await expect(page.getByRole('link', { name: 'Sign in' }).count()).resolves.toBeGreaterThan(0);

    // A wrong password shows the server's answer in the form.
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The email address or password is not right.').waitFor();
    await shot('login-error');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/webapps${target}`);
    await expect.poll(() => heading(page)).toBe(companyName);

    // Anonymous-only pages send a signed-in user on.
    await page.goto(`${courtside.url}/webapps/account/en/login?from=${encodeURIComponent('/company/en/')}`);
    await page.waitForURL('**/webapps/company/en/');
    await page.goto(`${courtside.url}/webapps/account/en/register`);
    await page.waitForURL('**/webapps/account/en/');

    // Manager area without a company id: the first company.
    await page.goto(`${courtside.url}/webapps/manager/en/`);
    await page.waitForURL(`**/webapps${target}`);

    // An expired access token is refreshed once before the next call goes out.
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/account/refresh')) refreshes.push(`${request.method()} ${request.url()}`);
    });
    // (A script sets the readable cookie the way the server does: path=/.)
    await page.evaluate(`document.cookie = 'courtside.expire=${Date.now() - 1000}; path=/'`);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Companies' }).click();
    await page.waitForURL('**/webapps/company/en/');
    await page.getByRole('link', { name: new RegExp(companyName) }).waitFor();
    expect(refreshes).toEqual([`POST ${courtside.url}${ACCOUNT_API}/account/refresh?language=en`]);
    const expire = (await browser.context.cookies()).find((c) => c.name === 'courtside.expire');
    expect(Number(expire?.value)).toBeGreaterThan(Date.now());

    // Sign out from the menu: back at login, and the manager area is closed again.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/webapps/account/en/login');
    await page.getByText('You are signed out.').first().waitFor();
    const cookies = await browser.context.cookies();
    expect(cookies.find((c) => c.name === 'courtside.loggedin')?.value ?? '').not.toBe('true');
    await shot('signed-out');

    await page.goto(`${courtside.url}/webapps${target}`);
    await page.waitForURL('**/webapps/account/en/login?from=*');
    expect(address(page).from).toBe(target);

    // A session that ends on the server: the next call answers 401 → logout and login with from.
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/webapps${target}`);
    // The manager area has loaded its ladders (no call of its own still in flight).
    await page.getByRole('heading', { name: 'New ladder' }).waitFor();
    await browser.context.clearCookies({ name: 'SESSION-ID' });
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Companies' }).click();
    await page.waitForURL('**/webapps/account/en/login?from=*');
    expect(address(page)).toEqual({ path: '/account/en/login', from: '/company/en/' });
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
  });

  it('sends an unverified account that signs in to the verify page, where a new code can be asked for', async () => {
    const email = uniqueEmail(`unverified-${viewport}`);
    const http = new HttpClient(courtside.url);
    expect((await http.json('POST', `${ACCOUNT_API}/account`, { email, password: PASSWORD })).status).toBe(
      201,
    );
    const browser = await courtside.newBrowser();
    const { page } = browser;
    // Signing in from a public page (the ladders), which itself needs no account details.
    await page.goto(`${courtside.url}/webapps/account/en/login?from=${encodeURIComponent('/ladders/en/')}`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/webapps/account/en/verify?**');
    expect(address(page).from).toBe('/ladders/en/');
    await expect.poll(() => heading(page)).toBe('Check your email');

    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText('A new code is on its way.').first().waitFor();
    await browser.screenshot(`account-verify-resent-${viewport}`);
    await page.getByLabel('Verification code').fill(await latestCode(courtside.url, email));
    await page.getByRole('button', { name: 'Verify' }).click();

    // Verified and signed in (no second password): name and phone first (a new player needs them to join a
    // season), then the `from` given at the start leads on.
    await page.waitForURL('**/webapps/account/en/onboarding?from=*');
    expect(address(page).from).toBe('/ladders/en/');
    await page.getByLabel('Full name').fill('Robin Returning');
    await page.getByLabel('Country').selectOption('NL');
    await page.getByLabel('Phone number').fill('06 12345678');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL('**/webapps/ladders/en/');
  });

  it('signs up in Dutch: every code is mailed in Dutch and Dutch becomes the mail language', async () => {
    const email = uniqueEmail(`dutch-${viewport}`);
    const subjects = async () => {
      const response = await fetch(
        `${courtside.url}/webapps/api/dev/mailbox?to=${encodeURIComponent(email)}`,
      );
      return ((await response.json()) as Mail[]).map((mail) => mail.subject.replace(/\d{6}/, 'CODE'));
    };
    const browser = await courtside.newBrowser();
    const { page } = browser;
    await page.goto(`${courtside.url}/webapps/account/nl/register`);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill('aaaaaaaaaaaa');
    await page.getByRole('button', { name: 'Account maken' }).click();
    await page.getByText('Dit wachtwoord is te makkelijk te raden', { exact: false }).waitFor();
    await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Account maken' }).click();
    await page.waitForURL('**/webapps/account/nl/verify?**');
    await expect.poll(subjects).toEqual(['Je Courtside-code: CODE']);
    await page.getByRole('button', { name: 'Stuur een nieuwe code' }).click();
    await page.getByText('Er is een nieuwe code onderweg.').first().waitFor();
    await expect.poll(subjects).toEqual(['Je Courtside-code: CODE', 'Je Courtside-code: CODE']);

    // Signing in before verifying mails a new code too, in the page's language.
    await page.goto(`${courtside.url}/webapps/account/nl/login`);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL('**/webapps/account/nl/verify?**');
    await expect.poll(subjects).toEqual(Array(3).fill('Je Courtside-code: CODE'));
    await page.getByLabel('Bevestigingscode').fill(await latestCode(courtside.url, email));
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    // Signed in by the code: no second ask for the password.
    await page.waitForURL('**/webapps/account/nl/onboarding**');
    const preferences = await browser.context.request.get(`${courtside.url}${PREFERENCES_PATH}`);
    expect(await preferences.json()).toMatchObject({ language: 'nl' });
  });

  it('shows the pages in Dutch', async () => {
    const browser = await courtside.newBrowser();
    const { page } = browser;
    await page.goto(`${courtside.url}/webapps/account/nl/login`);
    await expect.poll(() => heading(page)).toBe('Inloggen');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByText('Dit veld is verplicht').first().waitFor();
    await browser.screenshot(`account-login-nl-${viewport}`);
  });
});
