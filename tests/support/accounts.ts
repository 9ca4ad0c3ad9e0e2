import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { HttpClient } from './http-client.ts';
import type { SmtpCollector } from './smtp.ts';
import { eventually } from './wait.ts';
import { ACCOUNT_API, DEV_MAILBOX_PATH } from '@courtside/events/api-paths';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(label = 'player'): string {
  return `${label}.${randomUUID().slice(0, 8)}@example.test`;
}

/** Where sign-up codes are read: the dev outbox, unless a test that mails over SMTP reads them there. */
let codeSource: ((email: string) => Promise<string>) | undefined;
export function readCodesFrom(source: ((email: string) => Promise<string>) | undefined): void {
  codeSource = source;
}

/** Sign-up codes come over a real SMTP server (a test that mails over SMTP): read them there. */
export function readCodesFromSmtp(smtp: SmtpCollector): void {
  readCodesFrom(async (email) => {
    const mail = await eventually(() => smtp.to(email).findLast((m) => /code/i.test(m.subject)), {
      message: `a code mailed to ${email}`,
    });
    return mail.subject.match(/\d{6}/)![0];
  });
}

/** The newest code mailed to an address, read from the dev outbox as a person would. */
export async function latestCode(http: HttpClient, email: string): Promise<string> {
  if (codeSource) return codeSource(email);
  const mailbox = await http.json<Array<{ code?: string }>>(
    'GET',
    `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
  );
  expect(mailbox.status).toBe(200);
  const code = mailbox.body[0]?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Signs up, verifies with the mailed code and signs in: a ready account on this client. */
export async function signedInAccount(
  http: HttpClient,
  { email = uniqueEmail(), password = PASSWORD, minimal = true, fullName = 'Sam Server' } = {},
): Promise<{ id: string; email: string }> {
  const created = await http.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
    email,
    password,
  });
  expect(created.status).toBe(201);
  const verified = await http.json('POST', `${ACCOUNT_API}/account/${created.body.id}/verify?language=en`, {
    refresh: created.body.refresh,
    code: await latestCode(http, email),
  });
  expect(verified).toEqual({ status: 200, body: true });
  expect((await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password })).status).toBe(200);
  if (minimal) await named(http, fullName);
  return { id: created.body.id, email };
}

/** The person signed in on `http` gives the account this full name (and a phone number): the pages show it. */
export async function named(http: HttpClient, fullName: string): Promise<void> {
  const account = await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
    fullName,
    phoneNumber: { countryCode: '31', number: '06 12345678' },
  });
  expect(account.status).toBe(200);
}

/**
 * A new person with a ready account, signed in on an HTTP client of their own: named `fullName` (their address
 * starts with its first name), or Sam Server.
 */
export async function signedInPerson(baseUrl: string, fullName?: string) {
  const http = new HttpClient(baseUrl);
  // The first name in plain letters: an address takes no diacritics (Zoë signs up as zoe.…).
  const label = (name: string) =>
    name
      .split(' ')[0]!
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^a-z]/g, '') || 'player';
  const account = await signedInAccount(
    http,
    fullName ? { email: uniqueEmail(label(fullName)), fullName } : {},
  );
  return { http, account };
}

/** A signed-in manager of a new company. */
export async function managerWithCompany(http: HttpClient, name = 'TC Baseline') {
  const account = await signedInAccount(http, { email: uniqueEmail('manager') });
  const company = await http.json<{ id: string; name: string }>('POST', `${ACCOUNT_API}/companies`, { name });
  expect(company.status).toBe(201);
  return { account, company: company.body };
}
