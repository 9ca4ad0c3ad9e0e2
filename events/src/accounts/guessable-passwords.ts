/**
 * Passwords refused whatever their length (DESIGN.md §19 hardening): one rule for the api and the web forms.
 *
 * The list is the top 10 of the NCSC's 100,000 most used passwords (all shorter than the 10 characters asked, so the
 * length rule refuses them first; kept so that a shorter minimum would still refuse them) and the 10 most used
 * passwords in that list that the length rule lets through. Compared ignoring case.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456',
  '123456789',
  'qwerty',
  'password',
  '111111',
  '12345678',
  'abc123',
  '1234567',
  'password1',
  '12345',
  '1234567890',
  '1q2w3e4r5t',
  'qwertyuiop',
  'homelesspa',
  '123456789a',
  '0123456789',
  '0987654321',
  'q1w2e3r4t5y6',
  'basketball',
  '12345qwert',
]);

/** A password that is one of the most used, or one character over and over ("aaaaaaaaaa"). */
export function isGuessablePassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase()) || new Set(Array.from(password)).size <= 1;
}
