import * as z from 'zod/mini';
import { ApiError, request } from './http';
import { LOGOUT_PATH } from './session';
import { ACCOUNT_API } from '@courtside/events/api-paths';

/**
 * The account calls that more than one area needs (guards, top bar, account and company pages,
 * manager area). Calls of one page only live in that feature's `api/` folder.
 */

export const phoneNumberSchema = z.object({ countryCode: z.string(), number: z.string() });

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z._default(z.optional(z.nullable(z.string())), null),
  phoneNumber: z._default(z.optional(z.nullable(phoneNumberSchema)), null),
  /** The personal calendar feed (DESIGN.md §6), an absolute http(s) address. */
  calendarUrl: z.optional(z.string()),
});
export type Account = z.infer<typeof accountSchema>;

export const companySchema = z.object({ id: z.string(), name: z.string() });
export type Company = z.infer<typeof companySchema>;

/** The signed-in account. */
export function getAccount(signal?: AbortSignal): Promise<Account> {
  return request('GET', `${ACCOUNT_API}/account`, { schema: accountSchema, signal });
}

/** Whether the signed-in user has a minimal account (name and phone); a 404 counts as no (spec §7, §8). */
export async function hasMinimalAccount(signal?: AbortSignal): Promise<boolean> {
  try {
    return await request('GET', `${ACCOUNT_API}/account/hasminimalaccount`, { schema: z.boolean(), signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/** The companies the signed-in user manages (non-empty means manager). */
export function getCompanies(signal?: AbortSignal): Promise<Company[]> {
  return request('GET', `${ACCOUNT_API}/companies`, { schema: z.array(companySchema), signal });
}

/** Ends the session; the server clears the cookies. The answer is not read. */
export async function logout(): Promise<void> {
  try {
    await request('GET', LOGOUT_PATH);
  } catch {
    // Leaving anyway.
  }
}
