import nodemailer from 'nodemailer';
import pg from 'pg';
import {
  backoffMs,
  errorText,
  startOutboxWorkers,
  type OutboxLogger,
  type OutboxRetries,
  type OutboxWorkers,
  withRollback,
} from './outbox-workers.ts';

interface MailSenderOptions extends OutboxRetries {
  databaseUrl: string;
  /** SMTP URL; unset: the dev outbox (courtside.dev_outbox, shown on /webapps/dev/mailbox). */
  mailUrl?: string;
  from?: string;
  /** The domain of the Message-IDs (the site's host). */
  messageIdDomain: string;
  logger: OutboxLogger;
  /** Mails sent at the same time (one SMTP connection each); default 6. */
  workers?: number;
}

export type MailSender = OutboxWorkers;

interface OutboxRow {
  id: string;
  /** Null for a mail that is no notification's (a sign-up code). */
  notification_id: string | null;
  /** The notification's account and its number among that account's, when the mail is a notification's. */
  account_id: string | null;
  number: string | null;
  /** A random key of a mail that is no notification's, for its Message-ID. */
  message_key: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  unsubscribe_url: string | null;
  code: string | null;
  attempts: number;
  /**
   * A newer mail with the same `replaces` key is in the outbox (an older sign-up code), or the notification's mail
   * was withdrawn (a result withdrawn before its `result.toConfirm` mail went, DESIGN.md §17): this one is void.
   */
  superseded: boolean;
}

/**
 * A newer mail with the same `replaces` key than the outbox row `o`, or its notification's mail withdrawn (the
 * notifier deletes such a mail unless a sender holds it). The route that queues the newer one deletes the
 * older one unless a sender holds it (mail/mailer.ts: it does not wait for a send that may take the SMTP timeout);
 * so the sender asks this itself, before an attempt and after a failed one (an older code held through a
 * failed attempt was tried again later, and two codes arrived).
 */
const SUPERSEDED = `((o.replaces IS NOT NULL AND EXISTS (
    SELECT 1 FROM courtside.mail_outbox newer WHERE newer.replaces = o.replaces AND newer.id > o.id))
  OR EXISTS (SELECT 1 FROM courtside.notifications withdrawn
             WHERE withdrawn.id = o.notification_id AND withdrawn.mail_withdrawn_at IS NOT NULL))`;

/**
 * Delivers the mail outbox: the notifications' mails and every other mail (`mail/mailer.ts`). Each mail is sent while its outbox row is locked (FOR UPDATE SKIP LOCKED) and marked
 * sent in the same transaction: a sender that dies releases the row at once and the mail is tried again; a mail
 * server that is down only delays mail (retries with exponential backoff) and holds up nothing else. The one
 * moment a mail can go out twice is a crash between the server's "250 accepted" and the commit; the repeat
 * carries the same Message-ID (the notification's account and number, or the mail's own random key), so mail stores
 * see it as the same message.
 * In the dev outbox the mail and its "sent" commit together: exactly once.
 */
export function startMailSender(options: MailSenderOptions): MailSender {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: (options.workers ?? 6) + 1 });
  pool.on('error', (error) => options.logger.error({ err: error }, 'mail sender pool error'));
  const transport = options.mailUrl
    ? nodemailer.createTransport({
        url: options.mailUrl,
        pool: true,
        maxConnections: options.workers ?? 6,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : undefined;
  const from = options.from ?? 'Courtside <no-reply@courtside.invalid>';
  const baseDelayMs = options.baseDelayMs ?? 2_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60 * 1000;
  const maxAttempts = options.maxAttempts ?? 12;
  const pollMs = options.pollMs ?? 1_000;
  async function deliver(client: pg.PoolClient, row: OutboxRow): Promise<void> {
    if (!transport) {
      await client.query(
        'INSERT INTO courtside.dev_outbox (recipient, subject, body, code) VALUES ($1, $2, $3, $4)',
        [row.recipient.toLowerCase(), row.subject, row.text_body, row.code],
      );
      return;
    }
    // The Message-ID is the mail's idempotency key: the notification's number among its account's, else the mail's
    // own random key; never a platform-wide count (docs/decisions/notifications.md).
    const key =
      row.notification_id === null
        ? `mail-${row.message_key}`
        : `notification-${row.account_id}-${row.number}`;
    await transport.sendMail({
      from,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body === null ? {} : { html: row.html_body }),
      messageId: `<${key}@${options.messageIdDomain}>`,
      headers: {
        ...(row.unsubscribe_url === null
          ? {}
          : {
              'List-Unsubscribe': `<${row.unsubscribe_url}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }),
        'Auto-Submitted': 'auto-generated',
      },
    });
  }

  /** Sends one due mail; false when there was none. */
  function sendOne(): Promise<boolean> {
    return withRollback(pool, async (client) => {
      // BEGIN and the claim in one round trip (a simple query without parameters).
      const [, claimed] = (await client.query(
        `BEGIN;
         SELECT o.id, o.notification_id, n.account_id, n.number, o.message_key, o.recipient, o.subject, o.text_body,
                o.html_body, o.unsubscribe_url, o.code, o.attempts, ${SUPERSEDED} AS superseded
         FROM courtside.mail_outbox o LEFT JOIN courtside.notifications n ON n.id = o.notification_id
         WHERE o.sent_at IS NULL AND o.failed_at IS NULL AND o.next_attempt_at <= now()
         ORDER BY o.next_attempt_at, o.id LIMIT 1 FOR UPDATE OF o SKIP LOCKED`,
      )) as unknown as [pg.QueryResult, pg.QueryResult<OutboxRow>];
      const row = claimed.rows[0];
      if (!row) {
        await client.query('COMMIT');
        return false;
      }
      if (row.superseded) {
        await client.query('DELETE FROM courtside.mail_outbox WHERE id = $1', [row.id]);
        await client.query('COMMIT');
        return true;
      }
      const attempt = row.attempts + 1;
      try {
        await deliver(client, row);
      } catch (error) {
        // Replaced while this attempt held it: the newer mail is the one to send.
        const dropped = await client.query(
          `DELETE FROM courtside.mail_outbox o WHERE o.id = $1 AND ${SUPERSEDED}`,
          [row.id],
        );
        if (dropped.rowCount === 1) {
          await client.query('COMMIT');
          return true;
        }
        const giveUp = attempt >= maxAttempts;
        await client.query(
          `UPDATE courtside.mail_outbox SET attempts = $2, last_error = $3,
             next_attempt_at = now() + make_interval(secs => $4::float / 1000),
             failed_at = CASE WHEN $5::boolean THEN now() END
           WHERE id = $1`,
          [row.id, attempt, errorText(error), backoffMs(attempt, baseDelayMs, maxDelayMs), giveUp],
        );
        await client.query('COMMIT');
        options.onFailed?.();
        options.logger.warn(
          { outboxId: row.id, attempt, giveUp, err: error },
          giveUp ? 'mail given up after repeated failures' : 'mail not sent, will retry',
        );
        return true;
      }
      // Marked sent and committed in one round trip; the id is a bigint the database gave.
      if (!/^\d+$/.test(String(row.id))) throw new Error(`unexpected outbox id ${row.id}`);
      await client.query(
        `UPDATE courtside.mail_outbox SET attempts = ${attempt}, sent_at = now(), last_error = NULL WHERE id = ${row.id};
         COMMIT`,
      );
      options.onSent?.();
      return true;
    });
  }

  const workers = startOutboxWorkers({
    count: options.workers ?? 6,
    pollMs,
    sendOne,
    onError: (error) => options.logger.error({ err: error }, 'mail sender failed, retrying'),
  });

  return {
    wake: workers.wake,
    async stop() {
      await workers.stop();
      transport?.close();
      await pool.end();
    },
  };
}
