import { useCallback, useEffect, useState } from 'react';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
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
 * The signed-in account's latest notifications for the bell: read once, then kept current by
 * `notification.created` on the account's room (DESIGN.md §6) and read again after a resync.
 */
export function useNotifications(accountId: string): NotificationsState {
  const [items, setItems] = useState<Notification[]>([]);
  const [loaded, setLoaded] = useState<boolean | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listNotifications(PANEL_SIZE, controller.signal)
      .then((list) => {
        setItems(list);
        setLoaded(true);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded(false);
      });
    return () => controller.abort();
  }, [accountId, generation]);

  useLiveRoom(liveRooms.account(accountId), {
    'notification.created': ({ notification }) => {
      const parsed = notificationSchema.safeParse(notification);
      if (parsed.success) setItems((list) => addNotification(list, parsed.data));
    },
    onResync: () => setGeneration((value) => value + 1),
  });

  const mark = useCallback(async (ids: string[] | 'all') => {
    if (ids !== 'all' && ids.length === 0) return;
    await markRead(ids === 'all' ? { all: true } : { ids });
    setItems((list) => markedRead(list, ids, new Date().toISOString()));
  }, []);

  return { items, unread: unreadCount(items), loaded, markRead: mark };
}
