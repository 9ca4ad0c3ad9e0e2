import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../hooks/useTranslation';
import { useLocale } from '../../hooks/useLocale';
import { useSignedInAccount } from '../../hooks/useSignedInAccount';
import { loginPath } from '../../lib/session';
import { accountInitials, accountMenuButtonClass } from './account-menu-parts';

// The menu (Headless UI Menu and floating-ui) is loaded for signed-in users only.
const SignedInMenu = lazy(async () => ({ default: (await import('./SignedInMenu')).SignedInMenu }));

/** The top bar's account corner: a "Sign in" link, or the signed-in user's menu. */
export function AccountMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const { loggedIn, account } = useSignedInAccount();

  if (!loggedIn) {
    const current = `${location.pathname}${location.search}`;
    return (
      <Link
        to={loginPath(locale, current)}
        className="inline-flex h-8 items-center rounded-lg bg-white px-3 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t('nav.signIn')}
      </Link>
    );
  }

  // While the menu's code arrives: its button's place and initials, not yet a button.
  const placeholder = (
    <span className={accountMenuButtonClass} aria-hidden="true">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-lime-300 text-xs font-bold text-brand-900">
        {accountInitials(account)}
      </span>
    </span>
  );
  return (
    <Suspense fallback={placeholder}>
      <SignedInMenu account={account} />
    </Suspense>
  );
}
