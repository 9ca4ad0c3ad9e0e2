import pg from 'pg';
import type { Server } from 'socket.io';
import { NOTIFICATION_CHANNEL, type NotificationItem } from './notifier.ts';

/**
 * Every api process listens for committed notifications (the notifier's NOTIFY, sent on commit) and pushes
 * `notification.created {notification}` to the `account:{accountId}` room of its own sockets. A client that was
 * away reads `GET notifications` when it comes back.
 */
export function startNotificationPushes(options: {
  databaseUrl: string;
  io: Server;
  onError: (error: unknown) => void;
}): { ready: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('error', (error) => {
      options.onError(error);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    next.on('notification', (message) => {
      if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
      try {
        const { accountId, notification } = JSON.parse(message.payload) as {
          accountId: string;
          notification: NotificationItem;
        };
        options.io.to(`account:${accountId}`).emit('notification.created', { notification });
      } catch (error) {
        options.onError(error);
      }
    });
    await next.connect();
    await next.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    client = next;
  };
  const reconnect = (from: pg.Client) => {
    if (closed || client !== from) return;
    client = undefined;
    void from.end().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        options.onError(error);
        schedule();
      });
    }, 1_000);
  };
  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await ready.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
