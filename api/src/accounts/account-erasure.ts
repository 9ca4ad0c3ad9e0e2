import type pg from 'pg';
import { SESSION_ENDED_CHANNEL } from './sessions.ts';

/**
 * DESIGN.md §10 "Erasure": what is deleted beside the log when a person leaves. One transaction: the sessions end
 * (their live sockets too, on commit), the calendar address and every waiting link or code are gone, the
 * notifications, preferences and mails go, the person's dispute reasons are deleted, and the row keeps only its id
 * (`erased_at`): no name, email, phone or password. Unsubscribe tokens are signed, not stored: they name an account
 * that no longer has preferences, which the unsubscribe page refuses.
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
    for (const table of [
      'calendar_feeds',
      'email_verifications',
      'email_changes',
      'password_resets',
      'notification_preferences',
      'mail_outbox',
      'dispute_reasons',
    ]) {
      await client.query(`DELETE FROM courtside.${table} WHERE account_id = $1`, [accountId]);
    }
    // The places this person typed for matches (set_by): the matches then show none (docs/decisions.md).
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
