import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { Link, useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from '../../hooks/useTranslation';
import { useAlerts } from '../../hooks/useAlerts';
import { useLocale } from '../../hooks/useLocale';
import { logout } from '../../lib/account-api';
import { pagePath } from '../../lib/locale';
import { accountAtom } from '../../stores/session';
import { accountInitials, accountMenuButtonClass, type MenuAccount } from './account-menu-parts';

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-ink-800 data-focus:bg-brand-50 data-focus:text-brand-900';

/**
 * The signed-in user's menu (Headless UI Menu, anchored with floating-ui): loaded only for a signed-in user, so
 * public pages seen anonymously do not load it (docs/performance.md, "Initial JavaScript").
 */
export function SignedInMenu({ account }: { account: MenuAccount }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const setAccount = useSetAtom(accountAtom);

  const name = account?.fullName?.trim() || account?.email || '';
  const signOut = async () => {
    await logout();
    setAccount(null);
    alerts.info(t('nav.signedOut'));
    await navigate(pagePath('account', locale, 'login'), { replace: true });
  };

  return (
    <Menu>
      {/* Named by its content, the name it shows included (WCAG 2.5.3); the initials are decoration. */}
      <MenuButton className={accountMenuButtonClass}>
        <span
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-lime-300 text-xs font-bold text-brand-900"
          aria-hidden="true"
        >
          {accountInitials(account)}
        </span>
        <span className="sr-only">{name ? `${t('nav.accountMenu')}: ` : t('nav.accountMenu')}</span>
        <span className="sr-only truncate sm:not-sr-only">{name}</span>
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
      {/* Below the top bar's right end (its row is the positioned parent), inside the header: a menu portalled to
          the end of the body would be content outside every landmark. */}
      <MenuItems
        modal={false}
        className="absolute top-full right-3 z-50 mt-0.5 w-60 origin-top-right rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-black/5 focus:outline-none sm:right-6"
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
          <Link to={pagePath('matches', locale)} className={itemClass}>
            {t('nav.myMatches')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={pagePath('account', locale)} className={itemClass}>
            {t('nav.account')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={pagePath('account', locale, 'settings')} className={itemClass}>
            {t('nav.settings')}
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={pagePath('account', locale, 'preferences')} className={itemClass}>
            {t('nav.preferences')}
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
