import type pg from 'pg';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text, when the mail has one. */
  html?: string;
  /** A one-time code in the mail; the dev outbox shows it on its own line. */
  code?: string;
  /** The account the mail is about: erasing the account deletes the mail while it waits. */
  accountId?: string;
  /** A key: the mail takes the place of an earlier one with the same key that is not sent yet (a new code). */
  replaces?: string;
  /** A key: a mail with a key already queued is not queued again (one digest per manager, company and day). */
  idempotencyKey?: string;
  /** The one-click unsubscribe link of a mail of a kind the account may switch off (`List-Unsubscribe`). */
  unsubscribeUrl?: string;
}

/**
 * The mail port of the routes (sign-up codes now; invitations, password resets and email changes of DESIGN.md
 * §9–10 later): a mail is put in the outbox (`courtside.mail_outbox`, as the notifications' mails), and the mail
 * sender delivers it with retries and backoff (`notifications/mail-sender.ts`). So a mail server that is down delays
 * the mail and fails no request. In the dev outbox, which is the same database, the mail is delivered at
 * once, in the same statement: a script reads it the moment the route has answered.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-outbox';
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: {
  mailUrl?: string;
  db: Pick<pg.Pool, 'query'>;
  /** The mail sender of this process: look at the outbox now. */
  wakeSender?: () => void;
}): Mailer {
  const kind = options.mailUrl ? 'smtp' : 'dev-outbox';
  return {
    kind,
    async send(mail) {
      const values = [
        mail.to,
        mail.subject,
        mail.text,
        mail.html ?? null,
        mail.code ?? null,
        mail.accountId ?? null,
        mail.replaces ?? null,
        mail.idempotencyKey ?? null,
        mail.unsubscribeUrl ?? null,
      ];
      await options.db.query(kind === 'smtp' ? ENQUEUE : ENQUEUE_DELIVERED_TO_DEV_OUTBOX, values);
      options.wakeSender?.();
    },
  };
}

/**
 * The unsent mail this one replaces goes, unless a sender holds it right now (it may be on its way; the request does not
 * wait for an SMTP attempt): should that attempt fail, the sender drops it then (notifications/mail-sender.ts).
 */
const REPLACED = `replaced AS (
    DELETE FROM courtside.mail_outbox WHERE id IN (
      SELECT id FROM courtside.mail_outbox WHERE $7::text IS NOT NULL AND replaces = $7 AND sent_at IS NULL
      FOR UPDATE SKIP LOCKED))`;

const ENQUEUE = `WITH ${REPLACED}
  INSERT INTO courtside.mail_outbox
    (recipient, subject, text_body, html_body, code, account_id, replaces, idempotency_key, unsubscribe_url,
     created_at, next_attempt_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now())
  ON CONFLICT (idempotency_key) DO NOTHING`;

/** Into the dev outbox only when it was queued now: a mail with an idempotency key queued before is not shown twice. */
const ENQUEUE_DELIVERED_TO_DEV_OUTBOX = `WITH ${REPLACED}, queued AS (
    INSERT INTO courtside.mail_outbox
      (recipient, subject, text_body, html_body, code, account_id, replaces, idempotency_key, unsubscribe_url,
       created_at, next_attempt_at, attempts, sent_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now(), 1, now())
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id)
  INSERT INTO courtside.dev_outbox (recipient, subject, body, code) SELECT lower($1), $2, $3, $5 FROM queued`;

/** The dev outbox's mails to an address (any case), newest first, at most 50 (DESIGN.md §2, development only). */
export async function devOutboxMailsTo(db: Pick<pg.Pool, 'query'>, to: string) {
  const { rows } = await db.query<{
    to: string;
    subject: string;
    text: string;
    code: string | null;
    sentAt: Date;
  }>(
    `SELECT recipient AS to, subject, body AS text, code, sent_at AS "sentAt"
     FROM courtside.dev_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 50`,
    [to.toLowerCase()],
  );
  return rows;
}

/** Which of these idempotency keys a mail in the outbox already has (queued, sent or given up). */
export async function queuedMailKeys(
  db: Pick<pg.Pool, 'query'>,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.query<{ key: string }>(
    'SELECT idempotency_key AS key FROM courtside.mail_outbox WHERE idempotency_key = ANY($1::text[])',
    [[...keys]],
  );
  return new Set(rows.map((row) => row.key));
}
