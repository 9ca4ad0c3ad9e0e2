import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '../../hooks/useAlerts';
import { useLocale } from '../../hooks/useLocale';
import { useSignedInAccount } from '../../hooks/useSignedInAccount';
import { logout } from '../../lib/account-api';
import { pagePath } from '../../lib/locale';
import { loginPath } from '../../lib/session';
import { accountAtom } from '../../stores/session';

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-ink-800 data-focus:bg-brand-50 data-focus:text-brand-900';

/** "JJ" for Jamie Journey; the first letter of the email when there is no name. */
function initials(fullName: string | null | undefined, email: string | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return (email ?? '?').slice(0, 1).toUpperCase();
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

/** The top bar's account corner: a "Sign in" link, or the signed-in user's menu. */
export function AccountMenu() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const setAccount = useSetAtom(accountAtom);
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

  const name = account?.fullName?.trim() || account?.email || '';
  const signOut = async () => {
    await logout();
    setAccount(null);
    alerts.info(t('nav.signedOut'));
    await navigate(pagePath('account', locale, 'login'), { replace: true });
  };

  return (
    <Menu>
      <MenuButton
        className="flex h-9 max-w-44 items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white data-open:bg-white/10 sm:max-w-56 sm:pr-2.5"
        aria-label={name ? `${t('nav.accountMenu')}: ${name}` : t('nav.accountMenu')}
      >
        <span
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-lime-300 text-xs font-bold text-brand-900"
          aria-hidden="true"
        >
          {name ? initials(account?.fullName, account?.email) : '…'}
        </span>
        <span className="hidden truncate sm:inline" aria-hidden="true">
          {name}
        </span>
        <svg
          viewBox="0 0 16 16"
          fill="currentColor"
          className="hidden size-4 shrink-0 sm:block"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M4.22 6.22a.75.75 0 0 1 1.06 0L8 8.94l2.72-2.72a.75.75 0 1 1 1.06 1.06l-3.25 3.25a.75.75 0 0 1-1.06 0L4.22 7.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        modal={false}
        className="z-50 w-60 origin-top-right rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-black/5 [--anchor-gap:0.5rem] focus:outline-none"
      >
        {name && (
          <div className="px-3 pt-1.5 pb-2">
            <p className="truncate text-sm font-semibold text-ink-900">
              {account?.fullName || account?.email}
            </p>
            {account?.fullName && <p className="truncate text-xs text-ink-500">{account.email}</p>}
          </div>
        )}
        {name && <MenuSeparator className="my-1 h-px bg-ink-100" />}
        <MenuItem>
          <Link to={pagePath('account', locale)} className={itemClass}>
            {t('nav.account')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={pagePath('company', locale)} className={itemClass}>
            {t('nav.companies')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={pagePath('manager', locale)} className={itemClass}>
            {t('nav.managerArea')}
          </Link>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-ink-100" />
        <MenuItem>
          <button type="button" onClick={signOut} className={itemClass}>
            {t('nav.signOut')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
