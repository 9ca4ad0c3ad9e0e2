import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import { formatMoment } from '../../../lib/dates';
import { pagePath } from '../../../lib/locale';
import type { Notification } from '../api/notifications';
import { routerPath } from '../hooks/notification-list';
import { useNotifications, type NotificationsState } from '../hooks/useNotifications';

const BASENAME = '/webapps';

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      className="size-5"
      aria-hidden="true"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0"
      />
    </svg>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen(item: Notification): void }) {
  const locale = useLocale();
  const path = routerPath(item.url, BASENAME);
  const content = (
    <>
      <span className="flex items-start gap-2">
        {!item.readAt && (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
        )}
        <span className="min-w-0 flex-1">
          <span className={`block text-sm ${item.readAt ? 'text-ink-700' : 'font-semibold text-ink-900'}`}>
            {item.title}
          </span>
          <span className="mt-0.5 block text-sm text-ink-600">{item.body}</span>
          <span className="mt-1 block text-xs text-ink-500">{formatMoment(item.createdAt, locale)}</span>
        </span>
      </span>
    </>
  );
  const className =
    'block rounded-lg px-3 py-2.5 text-left data-focus:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600';
  const open = () => onOpen(item);
  if (path) {
    return (
      <MenuItem as={Link} to={path} className={className} onClick={open}>
        {content}
      </MenuItem>
    );
  }
  if (item.url) {
    return (
      <MenuItem as="a" href={item.url} className={className} onClick={open}>
        {content}
      </MenuItem>
    );
  }
  return (
    <MenuItem as="button" type="button" className={`${className} w-full`} onClick={open}>
      {content}
    </MenuItem>
  );
}

function NotificationPanel({ state }: { state: NotificationsState }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { items, unread, loaded } = state;
  const openItem = (item: Notification) => {
    if (!item.readAt) void state.markRead([item.id]).catch(() => undefined);
  };
  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-5rem))] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-ink-100 px-3 py-2">
        <h2 className="text-sm font-semibold text-ink-900">{t('notifications.title')}</h2>
        <MenuItem
          as="button"
          type="button"
          disabled={unread === 0}
          onClick={() => void state.markRead('all').catch(() => undefined)}
          className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 data-disabled:text-ink-500 data-focus:bg-brand-50"
        >
          {t('notifications.markAllRead')}
        </MenuItem>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
        {loaded === false && <p className="px-3 py-4 text-sm text-ink-600">{t('notifications.failed')}</p>}
        {loaded && items.length === 0 && (
          <p className="px-3 py-4 text-sm text-ink-600">{t('notifications.empty')}</p>
        )}
        {items.length > 0 && (
          <div>
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={openItem} />
            ))}
          </div>
        )}
      </div>
      <div className="border-t border-ink-100 px-3 py-2">
        <MenuItem
          as={Link}
          to={pagePath('account', locale, 'preferences')}
          className="rounded-sm text-xs font-medium text-brand-700 data-focus:underline"
        >
          {t('notifications.preferencesLink')}
        </MenuItem>
      </div>
    </div>
  );
}

/** The top bar's bell (a Headless UI Menu, like the account menu, so they share their code): the unread count and a panel with the latest notifications (DESIGN.md §6). */
export function NotificationBell({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const state = useNotifications(accountId, useLocale());
  const label =
    state.unread > 0 ? t('notifications.bellUnread', { count: state.unread }) : t('notifications.bell');
  return (
    <Menu>
      {/* Its name holds what it shows (the unread count), so the name and the visible text agree (WCAG 2.5.3). */}
      <MenuButton
        aria-label={label}
        className="relative inline-flex size-9 items-center justify-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white data-open:bg-white/10"
      >
        <BellIcon />
        {state.unread > 0 && (
          <span
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-lime-400 px-1 text-[0.6875rem] font-bold text-brand-950"
            aria-hidden="true"
            data-testid="unread-count"
          >
            {state.unread > 99 ? '99+' : state.unread}
          </span>
        )}
      </MenuButton>
      {/* Below the top bar's right end, inside the header (see the account menu). */}
      <MenuItems
        modal={false}
        className="absolute top-full right-2 z-50 mt-0.5 w-[min(24rem,calc(100vw-1rem))] rounded-xl sm:right-6 bg-white shadow-lg ring-1 ring-black/5 focus:outline-none"
      >
        <NotificationPanel state={state} />
      </MenuItems>
    </Menu>
  );
}
