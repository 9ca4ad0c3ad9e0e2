import { z } from 'zod';
import { request } from '../../../lib/http';
import { accountSchema, type Account } from '../../../lib/account-api';
import type { Locale } from '../../../lib/locale';
import { ACCOUNT_API, PREFERENCES_PATH } from '@courtside/events/api-paths';

/** Account calls of the sign-up, sign-in and onboarding pages (DESIGN.md §2). */

const registeredSchema = z.object({
  id: z.string(),
  refresh: z.string(),
  /** Signed up from an invitation link (DESIGN.md §9): verified at once, no code. */
  verified: z.boolean().optional(),
});
type Registered = z.infer<typeof registeredSchema>;

/**
 * Creates an account; a 6-digit code is mailed in the page's language, which becomes the account's mail language.
 * 400 (issues), 409 (email exists).
 */
export function register(
  body: { email: string; password: string; invitationToken?: string },
  locale: Locale,
): Promise<Registered> {
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
export const unverifiedSchema = z.object({
  id: z.string(),
  refresh: z.string(),
  /** False: no new code now (5 were mailed in 15 minutes, DESIGN.md §19); the one mailed last goes with it. */
  codeMailed: z.boolean().optional(),
});

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
  kind: z.enum(['season', 'manager', 'tournament']),
  companyName: z.string(),
  /** A tournament's invitation (DESIGN.md §16). */
  tournamentName: z.string().optional(),
  tournamentId: z.string().optional(),
  ladderName: z.string().optional(),
  seasonName: z.string().optional(),
  email: z.string(),
  accountExists: z.boolean(),
  invitedBy: z.string(),
  seasonId: z.string().optional(),
  ladderId: z.string().optional(),
  teamId: z.string().optional(),
  companyId: z.string().optional(),
  lapsesAt: z.string(),
  /** Who invites: a player as partner, or the club (a manager). */
  from: z.enum(['partner', 'club']).optional(),
  fullName: z.string().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const invitationPath = (token: string, action = '') =>
  `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}${action}`;

/** The token of an invitation page's router path (`/account/{locale}/invitation/{token}`, a `from`), if it is one. */
export function invitationTokenOf(path: string | undefined): string | undefined {
  const token = path?.match(/^\/account\/[^/]+\/invitation\/([^/?#]+)/)?.[1];
  return token ? decodeURIComponent(token) : undefined;
}

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

/** DESIGN.md §10: mails a reset link in the page's language if the address has an account; 202 alike. 429. */
export async function forgotPassword(email: string, locale: Locale): Promise<void> {
  await request('POST', `${ACCOUNT_API}/account/password/forgot`, {
    body: { email },
    query: { language: locale },
  });
}

/** Sets a new password with a mailed link; every session ends. 400 (issues), 410 used or expired. */
export async function resetPassword(body: { token: string; newPassword: string }): Promise<void> {
  await request('POST', `${ACCOUNT_API}/account/password/reset`, { body });
}

/** Changes the password; the other sessions end. 403 wrong current password, 400 (issues). */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await request('PUT', `${ACCOUNT_API}/account/password`, { body });
}

/** DESIGN.md §10: mails a code to the new address (the old one is told). 403 wrong password, 400, 429. */
export async function requestEmailChange(body: { newEmail: string; currentPassword: string }): Promise<void> {
  await request('PUT', `${ACCOUNT_API}/account/email`, { body });
}

/** The mailed code moves the account to the new address. 400 wrong, 409 taken, 410 expired or none, 429. */
export function confirmEmailChange(code: string): Promise<Account> {
  return request('POST', `${ACCOUNT_API}/account/email/confirm`, { body: { code }, schema: accountSchema });
}

/** The language of the pages and of the account's mail (DESIGN.md §6 preferences). */
export async function saveLanguage(language: Locale): Promise<void> {
  await request('PUT', PREFERENCES_PATH, { body: { language } });
}

/** DESIGN.md §10: every fact about the signed-in account, one JSON attachment (a plain download link). */
export const ACCOUNT_EXPORT_PATH = `${ACCOUNT_API}/account/export`;
