import type { Account } from '../../lib/account-api';

/** The signed-in account as the top bar knows it (null while it loads). */
export type MenuAccount = Account | null;

export const accountMenuButtonClass =
  'flex h-9 max-w-44 items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white data-open:bg-white/10 sm:max-w-56 sm:pr-2.5';

/** "JJ" for Jamie Journey; the first letter of the email when there is no name; "…" while unknown. */
export function accountInitials(account: MenuAccount): string {
  if (!(account?.fullName?.trim() || account?.email)) return '…';
  const words = (account.fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return (account.email ?? '?').slice(0, 1).toUpperCase();
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}
