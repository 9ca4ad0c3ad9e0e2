import { z } from 'zod';
import { request } from '../../../lib/http';
import { accountSchema, type Account } from '../../../lib/account-api';
import type { Locale } from '../../../lib/locale';
import { ACCOUNT_API } from '@courtside/events/api-paths';

/** Account calls of the sign-up, sign-in and onboarding pages (DESIGN.md §2). */

export const registeredSchema = z.object({ id: z.string(), refresh: z.string() });
export type Registered = z.infer<typeof registeredSchema>;

/**
 * Creates an account; a 6-digit code is mailed in the page's language, which becomes the account's mail language.
 * 400 (issues), 409 (email exists).
 */
export function register(body: { email: string; password: string }, locale: Locale): Promise<Registered> {
  return request('POST', `${ACCOUNT_API}/account`, {
    body,
    query: { language: locale },
    schema: registeredSchema,
  });
}

/** Verifies the email address with the mailed code. 400 wrong, 410 expired, 429 too many. */
export async function verify(id: string, body: { refresh: string; code: string }, locale: Locale) {
  await request('POST', `${ACCOUNT_API}/account/${encodeURIComponent(id)}/verify`, {
    body,
    query: { language: locale },
  });
}

/** Mails a new code in the page's language; answers the new refresh value. */
export function resendCode(id: string, refresh: string, locale: Locale): Promise<{ refresh: string }> {
  return request('POST', `${ACCOUNT_API}/account/${encodeURIComponent(id)}/code`, {
    body: { refresh },
    query: { language: locale },
    schema: z.object({ refresh: z.string() }),
  });
}

/**
 * Signs in; the server sets the session cookies. 401 wrong, 403 unverified ({id, refresh}: a new code was mailed, in
 * the page's language), 429.
 */
export function login(body: { email: string; password: string }, locale: Locale): Promise<Account> {
  return request('POST', `${ACCOUNT_API}/account/login`, {
    body,
    query: { language: locale },
    schema: accountSchema,
  });
}

/** The body of a 403 on login: a new code was mailed for this pending verification. */
export const unverifiedSchema = z.object({ id: z.string(), refresh: z.string() });

/** Saves name and phone (the minimal account). */
export function saveMinimalAccount(body: {
  fullName: string;
  phoneNumber: { countryCode: string; number: string };
}): Promise<Account> {
  return request('PUT', `${ACCOUNT_API}/account/minimal`, { body, schema: accountSchema });
}

/** A new personal calendar feed address (DESIGN.md §6); the old one stops working at once. */
export function renewCalendar(): Promise<{ calendarUrl: string }> {
  return request('POST', `${ACCOUNT_API}/account/calendar/renew`, {
    schema: z.object({ calendarUrl: z.string() }),
  });
}

/** DESIGN.md §9: what an invitation link is about. 404 unknown, 410 `{reason}` no longer usable. */
export const invitationSchema = z.object({
  kind: z.literal('season'),
  companyName: z.string(),
  ladderName: z.string(),
  seasonName: z.string(),
  email: z.string(),
  accountExists: z.boolean(),
  invitedBy: z.string(),
  seasonId: z.string(),
  ladderId: z.string(),
  teamId: z.string(),
  lapsesAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const invitationPath = (token: string, action = '') =>
  `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}${action}`;

export function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return request('GET', invitationPath(token), { schema: invitationSchema, signal });
}

/** Signed in as the invited address: the team then waits for the club's approval. 403 `WRONG_ACCOUNT`, 410. */
export async function acceptInvitation(token: string): Promise<void> {
  await request('POST', invitationPath(token, '/accept'));
}

/** No sign-in needed: the link proves the address. */
export async function declineInvitation(token: string): Promise<void> {
  await request('POST', invitationPath(token, '/decline'));
}
