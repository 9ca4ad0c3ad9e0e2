import type pg from 'pg';
import {
  notificationKinds,
  type NotificationKind,
  type NotificationLanguage,
} from '@courtside/events/notifications/notify';
import { pushAllowed } from '@courtside/events/notifications/push';
import type { AppServices } from '../module.ts';

/**
 * The api's notification tables (`courtside.notifications`, `courtside.notification_preferences`, created by
 * api/src/notifications/migrations): the bell's list, what is read, and each account's mail preferences.
 */

type Queryable = Pick<pg.Pool, 'query'>;

export interface Preferences {
  language: NotificationLanguage;
  mail: Record<NotificationKind, boolean>;
  push: Record<NotificationKind, boolean>;
}

type Switches = Partial<Record<NotificationKind, boolean>>;

/** One page of an account's notifications, newest first, in `language` (else the account's mail language). */
export async function notificationsPage(
  db: Queryable,
  page: {
    accountId: string;
    after?: string | undefined;
    limit: number;
    language?: NotificationLanguage | undefined;
  },
) {
  const { rows } = await db.query<{
    id: string;
    kind: string;
    title: string;
    body: string;
    url: string;
    createdAt: Date;
    readAt: Date | null;
  }>(
    `SELECT n.number::text AS id, n.kind, t.title, t.body, t.url,
            n.created_at AS "createdAt", n.read_at AS "readAt"
     FROM courtside.notifications n
       LEFT JOIN courtside.notification_preferences p ON p.account_id = n.account_id
       CROSS JOIN LATERAL jsonb_to_record(n.texts -> coalesce($4, p.language, 'en'))
         AS t (title text, body text, url text)
     WHERE n.account_id = $1 AND ($2::bigint IS NULL OR n.number < $2::bigint)
     ORDER BY n.number DESC LIMIT $3`,
    [page.accountId, page.after ?? null, page.limit, page.language ?? null],
  );
  return rows;
}

/** How many of an account's notifications are unread, in all. */
export async function unreadCountOf(db: Queryable, accountId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM courtside.notifications WHERE account_id = $1 AND read_at IS NULL',
    [accountId],
  );
  return rows[0]?.count ?? 0;
}

export async function markAllRead(db: Queryable, accountId: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE courtside.notifications SET read_at = $2 WHERE account_id = $1 AND read_at IS NULL',
    [accountId, now],
  );
}

/** Marks the account's own notifications among `ids` read (another account's ids match nothing). */
export async function markRead(
  db: Queryable,
  accountId: string,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE courtside.notifications SET read_at = $3
     WHERE account_id = $1 AND number = ANY($2::bigint[]) AND read_at IS NULL`,
    [accountId, ids, now],
  );
}

/** The stored mail language of an account that is not erased (`language` null: none stored); undefined: no such account. */
export async function unsubscribeLanguageOf(
  db: Queryable,
  accountId: string,
): Promise<{ language: string | null } | undefined> {
  const { rows } = await db.query<{ language: string | null }>(
    `SELECT p.language FROM courtside.accounts a
     LEFT JOIN courtside.notification_preferences p ON p.account_id = a.id WHERE a.id = $1 AND a.erased_at IS NULL`,
    [accountId],
  );
  return rows[0];
}

/** Stores what `changes` names of an account's preferences; what it leaves out stays as it was. */
export async function savePreferences(
  services: Pick<AppServices, 'db' | 'clock'>,
  accountId: string,
  changes: { language?: NotificationLanguage; mail?: Switches; push?: Switches },
): Promise<void> {
  await services.db.query(
    `INSERT INTO courtside.notification_preferences (account_id, language, mail, push, updated_at)
     VALUES ($1, coalesce($2, 'en'), coalesce($3::jsonb, '{}'), coalesce($5::jsonb, '{}'), $4)
     ON CONFLICT (account_id) DO UPDATE SET
       language = coalesce($2, notification_preferences.language),
       mail = notification_preferences.mail || coalesce($3::jsonb, '{}'),
       push = notification_preferences.push || coalesce($5::jsonb, '{}'),
       updated_at = $4`,
    [
      accountId,
      changes.language ?? null,
      changes.mail ? JSON.stringify(changes.mail) : null,
      services.clock(),
      changes.push ? JSON.stringify(changes.push) : null,
    ],
  );
}

export async function readPreferences(
  services: Pick<AppServices, 'db'>,
  accountId: string,
): Promise<Preferences> {
  const { rows } = await services.db.query<{ language: string; mail: Switches; push: Switches }>(
    'SELECT language, mail, push FROM courtside.notification_preferences WHERE account_id = $1',
    [accountId],
  );
  const stored = rows[0];
  const byKind = (on: (kind: NotificationKind) => boolean) =>
    Object.fromEntries(notificationKinds.map((kind) => [kind, on(kind)])) as Record<
      NotificationKind,
      boolean
    >;
  return {
    language: stored?.language === 'nl' ? 'nl' : 'en',
    mail: byKind((kind) => stored?.mail[kind] !== false),
    push: byKind((kind) => pushAllowed(kind, stored?.push ?? {})),
  };
}
