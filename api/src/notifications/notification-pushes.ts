import pg from 'pg';
import type { Server } from 'socket.io';
import { SESSION_ENDED_CHANNEL } from '../accounts/sessions.ts';
import { endSessionSockets, socketLanguage } from '../live/live-server.ts';
import { NOTIFICATION_CHANNEL, type NotificationAnnouncement, type NotificationItem } from './notifier.ts';

/**
 * Every api process listens for committed notifications (the notifier's NOTIFY, sent on commit) and pushes
 * `notification.created {notification}` to the `account:{accountId}` room of its own sockets, each in the language
 * its page named when it joined (else the account's mail language). A client that was away reads
 * `GET notifications` when it comes back. It also listens for ended sessions (sign-out, a password change) and
 * disconnects the sockets that were opened with them.
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
      if (!message.payload) return;
      if (message.channel === SESSION_ENDED_CHANNEL) return endSessionSockets(options.io, message.payload);
      if (message.channel !== NOTIFICATION_CHANNEL) return;
      try {
        pushNotification(options.io, JSON.parse(message.payload) as NotificationAnnouncement);
      } catch (error) {
        options.onError(error);
      }
    });
    await next.connect();
    await next.query(`LISTEN ${NOTIFICATION_CHANNEL}; LISTEN ${SESSION_ENDED_CHANNEL}`);
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

/** `notification.created` to each socket of this process in the account's room, in that socket's language. */
function pushNotification(io: Server, announced: NotificationAnnouncement): void {
  const room = `account:${announced.accountId}`;
  for (const socketId of io.of('/').adapter.rooms.get(room) ?? []) {
    const socket = io.of('/').sockets.get(socketId);
    if (!socket) continue;
    const { id, kind, createdAt, readAt } = announced.notification;
    const { title, body, url } = announced.texts[socketLanguage(socket) ?? announced.language];
    const notification: NotificationItem = { id, kind, title, body, url, createdAt, readAt };
    socket.emit('notification.created', { notification });
  }
}
