import { HttpError } from '../http/http-error.ts';
import type { AppServices } from '../module.ts';
import type { StoredAccount } from './account-store.ts';
import { loginLimits } from './login-limits.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * The `currentPassword` of a password change, an email change or an erasure (DESIGN.md §19): a wrong one is a failed
 * sign-in of the account from this address, counted on the same limits (429 with Retry-After), so a session in the
 * wrong hands cannot guess the password faster than the sign-in page can. A right one clears them as a sign-in does.
 */
export async function checkCurrentPassword(
  services: Pick<AppServices, 'passwords'>,
  limiter: RateLimiter,
  account: StoredAccount,
  currentPassword: string,
  ip: string,
): Promise<void> {
  const limits = loginLimits(account.email, ip);
  await limiter.consume(limits.all);
  const valid = await services.passwords
    .verify(currentPassword, account.passwordHash)
    .catch(async (error: unknown) => {
      // Not judged (too many hashes at once): not a failure of this person.
      await limiter.undo(limits.all);
      throw error;
    });
  // DESIGN.md §15: a wrong current password is a 403 everywhere.
  if (!valid) throw new HttpError(403, 'This is not your current password');
  await limiter.undo(limits.all);
  await limiter.reset(limits.pair.key);
}
