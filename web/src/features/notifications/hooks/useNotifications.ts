import { useCallback, useEffect, useState } from 'react';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
import type { Locale } from '../../../lib/locale';
import { listNotifications, markRead, notificationSchema, type Notification } from '../api/notifications';
import { addNotification, markedRead, PANEL_SIZE, unreadCount } from './notification-list';

export interface NotificationsState {
  items: Notification[];
  unread: number;
  /** Null until the first answer; false when it failed. */
  loaded: boolean | null;
  markRead(ids: string[] | 'all'): Promise<void>;
}

/**
 * The signed-in account's latest notifications for the bell, in the page's language: read once (and again when the
 * language changes), then kept current by `notification.created` on the account's room (DESIGN.md §6), which the
 * server writes in the language the room was joined with, and read again after a resync.
 */
export function useNotifications(accountId: string, locale: Locale): NotificationsState {
  const [items, setItems] = useState<Notification[]>([]);
  const [loaded, setLoaded] = useState<boolean | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listNotifications(PANEL_SIZE, locale, controller.signal)
      .then((list) => {
        setItems(list);
        setLoaded(true);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded(false);
      });
    return () => controller.abort();
  }, [accountId, locale, generation]);

  useLiveRoom(
    liveRooms.account(accountId),
    {
      'notification.created': ({ notification }) => {
        const parsed = notificationSchema.safeParse(notification);
        if (parsed.success) setItems((list) => addNotification(list, parsed.data));
      },
      onResync: () => setGeneration((value) => value + 1),
    },
    undefined,
    locale,
  );

  const mark = useCallback(async (ids: string[] | 'all') => {
    if (ids !== 'all' && ids.length === 0) return;
    await markRead(ids === 'all' ? { all: true } : { ids });
    setItems((list) => markedRead(list, ids, new Date().toISOString()));
  }, []);

  return { items, unread: unreadCount(items), loaded, markRead: mark };
}
