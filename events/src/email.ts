import { z } from 'zod';

/** The longest address SMTP carries (RFC 5321's path less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An email address as the server takes it, everywhere (sign-up, sign-in, invitations, partners): zod's address
 * pattern (ASCII only: a local part such as `renée` is refused, as no account could be made with it), at most 254
 * characters, in lower case. The web app checks with the same rule (DESIGN.md §19 "Invitations": the preview marks
 * every row the server would skip).
 */
export const emailAddressInput = z
  .email('Enter a valid email address')
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `Use at most ${EMAIL_MAX_LENGTH} characters`);

/** Whether the server takes `text` (trimmed) as an email address. */
export function isEmailAddress(text: string): boolean {
  return emailAddressInput.safeParse(text.trim()).success;
}
