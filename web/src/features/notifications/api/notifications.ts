import * as z from 'zod/mini';
import { request } from '../../../lib/http';
import type { Locale } from '../../../lib/locale';
import { ACCOUNT_API, PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '@courtside/events/api-paths';

// zod/mini: the bell loads with every signed-in page, and the classic API's chunk (about 24 kB gzip) was there
// for these few schemas only (docs/performance.md, "Pages on a phone"). The preferences page's calls are in
// preferences.ts: their records would add zod/mini's record to the chunk every public page loads first.
export const notificationSchema = z.object({
  id: z.string(),
  // A kind this client does not know yet still shows (title and body come from the server).
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  readAt: z.optional(z.nullable(z.string())),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The latest notifications, newest first, in the page's language. */
export function listNotifications(
  limit: number,
  locale: Locale,
  signal?: AbortSignal,
): Promise<Notification[]> {
  return request('GET', `${ACCOUNT_API}/notifications`, {
    query: { limit, language: locale },
    schema: z.array(notificationSchema),
    signal,
  });
}

export function markRead(target: { ids: string[] } | { all: true }): Promise<unknown> {
  return request('POST', `${ACCOUNT_API}/notifications/read`, { body: target });
}

const pushKeySchema = z.object({ publicKey: z.string() });
const subscribedSchema = z.object({ subscriptionId: z.string() });

/** DESIGN.md §17: the server's VAPID public key, the `applicationServerKey` this browser subscribes with. */
export async function getPushKey(): Promise<string> {
  return (await request('GET', PUSH_KEY_PATH, { schema: pushKeySchema })).publicKey;
}

/** Keeps this browser's subscription for the signed-in account (the same endpoint again: the same id). */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<string> {
  return (await request('POST', PUSH_SUBSCRIPTIONS_PATH, { body: subscription, schema: subscribedSchema }))
    .subscriptionId;
}

export function deletePushSubscription(subscriptionId: string): Promise<unknown> {
  return request('DELETE', `${PUSH_SUBSCRIPTIONS_PATH}/${encodeURIComponent(subscriptionId)}`);
}
