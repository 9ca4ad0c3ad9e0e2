import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../hooks/useTranslation';
import { pagePath } from '../../lib/locale';
import { useLocale } from '../../hooks/useLocale';
import { AccountMenu } from './AccountMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { LiveIndicator } from './LiveIndicator';

function Logo() {
  return (
    <svg viewBox="0 0 32 32" className="size-7 shrink-0 sm:size-8" aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-white" />
      <rect
        x="7"
        y="8"
        width="18"
        height="16"
        rx="1"
        fill="none"
        className="stroke-brand-700"
        strokeWidth="1.75"
      />
      <path d="M7 16h18" className="stroke-brand-700" strokeWidth="1.75" />
      <path d="M16 11v10" className="stroke-brand-700" strokeWidth="1.25" />
      <circle cx="22.5" cy="11" r="2.75" className="fill-lime-400" />
    </svg>
  );
}

/**
 * The bar on top of every page: product name (home), live indicator, language switch, `items` (what the app
 * hands in: the notification bell) and account.
 */
export function TopBar({ items }: { items?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <header className="sticky top-0 z-30 bg-brand-800 text-white shadow-sm shadow-brand-950/20">
      <div className="relative mx-auto flex h-12 max-w-5xl items-center gap-3 px-3 sm:h-16 sm:px-6">
        <Link
          to={pagePath('ladders', locale)}
          className="-mx-1 flex items-center gap-2 rounded-lg px-1 py-1 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Logo />
          <span className="flex flex-col leading-none">
            <span className="text-base font-semibold tracking-tight sm:text-lg">{t('app.name')}</span>
            <span className="mt-1 hidden text-xs font-medium text-brand-200 sm:block">
              {t('app.tagline')}
            </span>
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-2 sm:gap-4">
          <LiveIndicator />
          <LanguageSwitch />
          {items}
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
