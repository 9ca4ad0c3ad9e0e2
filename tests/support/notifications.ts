import { NOTIFICATIONS_PATH } from '@courtside/events/api-paths';
import type { HttpClient } from './http-client.ts';
import { eventually } from './wait.ts';

/** An item of `GET notifications` (DESIGN.md §6). */
export interface NotificationItem {
  kind: string;
  title: string;
  body: string;
  url: string;
}

/** The signed-in person's first notification of `kind`, once the notifier has written it. */
export function notificationOf(http: HttpClient, kind: string): Promise<NotificationItem> {
  return eventually(
    async () => {
      const { body } = await http.json<NotificationItem[]>('GET', `${NOTIFICATIONS_PATH}?limit=100`);
      return body.find((item) => item.kind === kind);
    },
    { message: kind },
  );
}
