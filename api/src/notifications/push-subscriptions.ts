import type pg from 'pg';

/**
 * The api's push tables (`courtside.push_subscriptions`, created by api/src/notifications/migrations): the browsers
 * that asked to be told on the phone (DESIGN.md §17). The push outbox is the notifier's (notifier.ts, push-sender.ts).
 */

type Queryable = Pick<pg.Pool, 'query'>;

export interface NewPushSubscription {
  accountId: string;
  /** The session the browser subscribed in: its end (sign-out) deletes the subscription. */
  sessionHash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription: one row per endpoint. The same endpoint again (the page subscribed anew, or another
 * account signed in on that browser) takes the new keys, account and session and keeps its id.
 */
export async function savePushSubscription(
  db: Queryable,
  subscription: NewPushSubscription,
  now: Date,
): Promise<{ subscriptionId: string; created: boolean }> {
  const { rows } = await db.query<{ id: string; created: boolean }>(
    `INSERT INTO courtside.push_subscriptions (account_id, session_hash, endpoint, p256dh, auth, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE SET account_id = excluded.account_id, session_hash = excluded.session_hash,
       p256dh = excluded.p256dh, auth = excluded.auth
     RETURNING id, (xmax = 0) AS created`,
    [
      subscription.accountId,
      subscription.sessionHash,
      subscription.endpoint,
      subscription.p256dh,
      subscription.auth,
      now,
    ],
  );
  return { subscriptionId: rows[0]!.id, created: rows[0]!.created };
}

/** Deletes one of the account's own subscriptions; false when it has none by that id. */
export async function deletePushSubscription(
  db: Queryable,
  accountId: string,
  subscriptionId: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM courtside.push_subscriptions WHERE id = $1 AND account_id = $2',
    [subscriptionId, accountId],
  );
  return rowCount === 1;
}
