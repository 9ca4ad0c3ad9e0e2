import type { Notification } from '../api/notifications';

/** How many notifications the bell's panel keeps. */
export const PANEL_SIZE = 20;

/** A pushed notification added to the list: newest first, no duplicates, at most `PANEL_SIZE`. */
export function addNotification(list: readonly Notification[], added: Notification): Notification[] {
  const rest = list.filter((item) => item.id !== added.id);
  return [added, ...rest]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, PANEL_SIZE);
}

/** The list after `ids` (or all) were marked read at `readAt`. */
export function markedRead(
  list: readonly Notification[],
  ids: readonly string[] | 'all',
  readAt: string,
): Notification[] {
  return list.map((item) =>
    !item.readAt && (ids === 'all' || ids.includes(item.id)) ? { ...item, readAt } : item,
  );
}

export function unreadCount(list: readonly Notification[]): number {
  return list.filter((item) => !item.readAt).length;
}

/**
 * Where a notification's link goes inside the app: a router path for the app's own addresses
 * (`/webapps/matches/en/?match=…` → `/matches/en/?match=…`), otherwise null (shown as a plain link).
 */
export function routerPath(url: string | null | undefined, basename: string): string | null {
  if (!url) return null;
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    if (typeof window === 'undefined') return null;
    const parsed = new URL(url);
    if (parsed.origin !== window.location.origin) return null;
    path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  if (!path.startsWith(`${basename}/`)) return null;
  return path.slice(basename.length);
}
