import type pg from 'pg';
import { formerPlayerName } from '@courtside/events/notifications/notify';
import { escapeHtml } from '../notifications/mail-render.ts';
import { invitationOwnedBySql } from './account-addresses.ts';
import { SESSION_ENDED_CHANNEL } from './sessions.ts';

/**
 * DESIGN.md §10 "Erasure": what is deleted beside the log when a person leaves. One transaction: the sessions end
 * (their live sockets too, on commit), the calendar address and every waiting link or code are gone, the
 * notifications, preferences and mails go, the person's dispute reasons are deleted, and the row keeps only its id
 * (`erased_at`): no name, email, phone or password. Unsubscribe tokens are signed, not stored: they name an account
 * that no longer has preferences, which the unsubscribe page refuses. What others hold (§19): their notifications
 * name the person "Former player", the invitations sent to the person's addresses lose the address and the name,
 * and the addresses the account confirmed are forgotten.
 */
export async function eraseAccount(db: pg.Pool, accountId: string, now: Date): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `WITH ended AS (
         UPDATE courtside.sessions SET revoked_at = $2 WHERE account_id = $1 AND revoked_at IS NULL RETURNING id_hash
       )
       SELECT pg_notify($3, id_hash) FROM ended`,
      [accountId, now, SESSION_ENDED_CHANNEL],
    );
    await redactDisputeReasons(client, accountId);
    const { rows: named } = await client.query<{ full_name: string | null; email: string | null }>(
      'SELECT full_name, email FROM courtside.accounts WHERE id = $1',
      [accountId],
    );
    const fullName = named[0]?.full_name;
    const email = named[0]?.email;
    // The sign-in and reset counters keyed by the address (api/src/accounts/login-limits.ts) name it.
    if (email) {
      await client.query(
        `DELETE FROM courtside.rate_limits
         WHERE key IN ('login:account:' || $1, 'forgot:email:' || $1)
           OR starts_with(key, 'login:account-address:' || $1 || '|')`,
        [email],
      );
    }
    if (fullName) await renameInOthersNotifications(client, accountId, fullName);
    // A manager's list keeps the invitation (as "Former player"); a new account at the address does not see it.
    await client.query(
      `UPDATE courtside.invitations i SET email = NULL, full_name = NULL WHERE ${invitationOwnedBySql('i', '$1')}`,
      [accountId],
    );
    await client.query('DELETE FROM courtside.account_addresses WHERE account_id = $1', [accountId]);
    for (const table of [
      'calendar_feeds',
      'email_verifications',
      'email_changes',
      'password_resets',
      'notification_preferences',
      // DESIGN.md §17: the phones' subscriptions (their pushes with them); the session end deletes them too.
      'push_subscriptions',
      'mail_outbox',
      'dispute_reasons',
    ]) {
      await client.query(`DELETE FROM courtside.${table} WHERE account_id = $1`, [accountId]);
    }
    // The places this person typed for matches (set_by): the matches then show none (docs/decisions/history-and-erasure.md).
    await client.query('DELETE FROM courtside.match_locations WHERE set_by = $1', [accountId]);
    // The notifications' own mails go with them (mail_outbox.notification_id ON DELETE CASCADE).
    await client.query('DELETE FROM courtside.notifications WHERE account_id = $1', [accountId]);
    await client.query('DELETE FROM courtside.notification_numbers WHERE account_id = $1', [accountId]);
    await client.query(
      `UPDATE courtside.accounts SET email = NULL, password_hash = '', full_name = NULL, phone_country_code = NULL,
         phone_number = NULL, verified_at = NULL, erased_at = $2
       WHERE id = $1`,
      [accountId, now],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The person's dispute reasons were quoted into the other side's notifications (`: “reason”`, events/src/notifications
 * notify.ts) and into mails not sent yet: those copies go with the text, so the notification reads as one without a
 * reason. Mails already sent are out of reach.
 */
async function redactDisputeReasons(client: pg.PoolClient, accountId: string): Promise<void> {
  const { rows } = await client.query<{ text: string }>(
    'SELECT text FROM courtside.dispute_reasons WHERE account_id = $1',
    [accountId],
  );
  for (const { text } of rows) {
    const quoted = `: “${text}”`;
    // As the text stands inside a JSON string of `texts` (jsonb renders it the way JSON.stringify escapes it).
    const inJson = JSON.stringify(quoted).slice(1, -1);
    await client.query(
      `UPDATE courtside.notifications SET texts = replace(texts::text, $1, '')::jsonb
       WHERE strpos(texts::text, $1) > 0`,
      [inJson],
    );
    await client.query(
      `UPDATE courtside.mail_outbox SET text_body = replace(text_body, $1, ''), html_body = replace(html_body, $2, '')
       WHERE sent_at IS NULL AND (strpos(text_body, $1) > 0 OR strpos(html_body, $2) > 0)`,
      [quoted, escapeHtml(quoted)],
    );
  }
}

/**
 * Others' notifications that name the person (`named`; for a notification from before that column, its words) name
 * "Former player" / "Voormalig speler" instead, as do their mails not sent yet (in the recipient's mail language).
 */
async function renameInOthersNotifications(
  client: pg.PoolClient,
  accountId: string,
  fullName: string,
): Promise<void> {
  // As the name stands inside a JSON string of `texts` (jsonb renders it the way JSON.stringify escapes it).
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  const { rows } = await client.query<{ id: string }>(
    `UPDATE courtside.notifications SET named = array_remove(named, $1::uuid),
       texts = texts || jsonb_build_object(
         'en', replace((texts -> 'en')::text, $2, $3)::jsonb,
         'nl', replace((texts -> 'nl')::text, $2, $4)::jsonb)
     WHERE account_id <> $1 AND (named @> ARRAY[$1::uuid] OR (named IS NULL AND strpos(texts::text, $2) > 0))
     RETURNING id`,
    [accountId, inJson(fullName), inJson(formerPlayerName.en), inJson(formerPlayerName.nl)],
  );
  if (rows.length === 0) return;
  await client.query(
    `UPDATE courtside.mail_outbox m SET subject = replace(m.subject, $1, f.former),
       text_body = replace(m.text_body, $1, f.former), html_body = replace(m.html_body, $2, f.former)
     FROM (SELECT n.id, CASE WHEN p.language = 'nl' THEN $4 ELSE $5 END AS former
           FROM courtside.notifications n LEFT JOIN courtside.notification_preferences p ON p.account_id = n.account_id
           WHERE n.id = ANY($3::bigint[])) f
     WHERE m.notification_id = f.id AND m.sent_at IS NULL`,
    [fullName, escapeHtml(fullName), rows.map((row) => row.id), formerPlayerName.nl, formerPlayerName.en],
  );
}
