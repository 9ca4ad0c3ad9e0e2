/**
 * A minimal account (spec §4, §8 `hasminimalaccount`): a full name and a phone number. One rule for the api (the
 * route, joining a season) and the web (where a sign-in goes next).
 */
export function isMinimalAccount(
  account: { fullName?: string | null; phoneNumber?: unknown } | undefined,
): boolean {
  return Boolean(account?.fullName && account.phoneNumber);
}
