import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterFailure } from '@courtside/events/webhooks/changes';
import { assertSchemaName } from '@courtside/projector/read-model-schema';
import { managerAddressesOf } from '@courtside/projector/webhook-queries';
import type { Mode } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { startOutboxWorkers, withRollback } from '../notifications/outbox-workers.ts';
import { checkedAddresses, resolveAll, webhookUrlShape, type Resolve } from './url-guard.ts';

/** DESIGN.md §18: an attempt that has no answer after this long failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept as the attempt's error. */
const ERROR_TEXT_MAX = 300;

interface SenderLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

interface WebhookSenderOptions {
  databaseUrl: string;
  readModelSchema: string;
  mode: Mode;
  /** The injected clock: when a delivery is due, when it is retried, when an endpoint is disabled. */
  clock: () => Date;
  /**
   * The `webhook-timestamp` of an attempt: the receiver compares it with its own clock (Standard Webhooks allows 5
   * minutes), so it is the machine's time even when the development clock was moved forward.
   */
  signedAt?: () => Date;
  /** SMTP URL; unset: the dev outbox. The mail is queued in the transaction that disables the endpoint. */
  mailUrl?: string;
  /** The mail sender of this process, if any: look at the outbox now. */
  wakeMailSender?: () => void;
  logger: SenderLogger;
  /** Deliveries sent at the same time; one endpoint never has two at once. Default 8. */
  workers?: number;
  /** How often idle workers look at the outbox without being woken. */
  pollMs?: number;
  /** How the guard resolves a host; the system resolver unless given. */
  resolve?: Resolve;
}

export interface WebhookSender {
  /** Look at the outbox now (the consumer queued deliveries, a manager sent a test). */
  wake(): void;
  /** Sends what is due now, one after another, until nothing is; how many attempts were made. */
  sendDue(): Promise<number>;
  stop(): Promise<void>;
}

interface DueRow {
  id: string;
  webhook_id: string;
  company_id: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
  failing_since: Date | null;
  disabled_at: Date | null;
}

/** The mail to a manager whose endpoint was disabled, in their mail language. */
const disabledMail = {
  en: (url: string) => ({
    subject: 'A webhook endpoint of your club was disabled',
    text:
      `Courtside could not deliver to ${url} for 3 days in a row, so it sends nothing more there.\n\n` +
      'Once the endpoint answers again, add it anew under Webhooks on your club’s manager page.\n',
  }),
  nl: (url: string) => ({
    subject: 'Een webhook-adres van je club is uitgezet',
    text:
      `Courtside kon 3 dagen lang niets afleveren bij ${url} en stuurt daar niets meer heen.\n\n` +
      'Zodra het adres weer antwoordt, voeg je het opnieuw toe onder Webhooks op de beheerpagina van je club.\n',
  }),
};

/**
 * Delivers the webhooks outbox (DESIGN.md §18). A worker takes one endpoint (its row locked, FOR UPDATE SKIP LOCKED)
 * with a delivery due: the endpoint's oldest change not yet done (log order: a newer change waits while an older one
 * is retried), or a ping or redelivery. It sends it while the lock is held, and writes the attempt in the same
 * transaction: an endpoint never has two deliveries on the way, and an endpoint that hangs holds up only itself.
 * Only a 2xx counts; anything else is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An endpoint
 * failing for 3 days in a row is disabled and its managers are mailed.
 */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const schema = assertSchemaName(options.readModelSchema);
  const workers = options.workers ?? 8;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: workers + 1 });
  pool.on('error', (error) => options.logger.error({ err: error }, 'webhook sender pool error'));
  const pollMs = options.pollMs ?? 1_000;
  const signedAt = options.signedAt ?? (() => new Date());
  const resolve = options.resolve ?? resolveAll;
  /** Attempts one due delivery; false when none was due. */
  function sendOne(): Promise<boolean> {
    return withRollback(pool, async (client) => {
      await client.query('BEGIN');
      const now = options.clock();
      const { rows } = await client.query<DueRow>(
        `SELECT d.id, w.id AS webhook_id, w.company_id, w.url, w.secret, d.body, d.attempts, w.failing_since,
                w.disabled_at
         FROM courtside.webhooks w
         JOIN LATERAL (
           SELECT d.id, d.body, d.attempts, d.next_attempt_at, d.seq FROM courtside.webhook_deliveries d
           WHERE d.webhook_id = w.id AND d.next_attempt_at <= $1
             AND (NOT d.in_order OR (w.disabled_at IS NULL AND d.seq = (
               SELECT min(h.seq) FROM courtside.webhook_deliveries h
               WHERE h.webhook_id = w.id AND h.in_order AND h.next_attempt_at IS NOT NULL)))
           ORDER BY d.next_attempt_at, d.seq LIMIT 1
         ) d ON true
         ORDER BY d.next_attempt_at, d.seq
         LIMIT 1
         FOR UPDATE OF w SKIP LOCKED`,
        [now],
      );
      const found = rows[0];
      if (!found) {
        await client.query('COMMIT');
        return false;
      }
      // The endpoint's lock can be had the moment another worker commits the delivery it just sent: READ COMMITTED
      // then re-checks only the locked endpoint row, and the delivery read with it is the one from before that
      // commit. Read again under the lock, it is sent only if it is still due (else it went out twice).
      const { rows: due } = await client.query<{ attempts: number }>(
        `SELECT attempts FROM courtside.webhook_deliveries
         WHERE id = $1 AND next_attempt_at IS NOT NULL AND next_attempt_at <= $2`,
        [found.id, now],
      );
      if (due.length === 0) {
        await client.query('COMMIT');
        return true;
      }
      const row = { ...found, attempts: due[0]!.attempts };
      const outcome = await attempt(row);
      const attempted = row.attempts + 1;
      // The clock after the attempt: an answer that took 10 s is written at the time it came.
      const at = options.clock();
      if (outcome.ok) {
        await client.query(
          `UPDATE courtside.webhook_deliveries SET attempts = $2, status = $3, error = NULL, at = $4,
             next_attempt_at = NULL, delivered_at = $4 WHERE id = $1`,
          [row.id, attempted, outcome.status, at],
        );
        await client.query('UPDATE courtside.webhooks SET failing_since = NULL WHERE id = $1', [
          row.webhook_id,
        ]);
      } else {
        const failingSince = row.failing_since ?? at;
        const next = afterFailure(attempted, at, failingSince);
        const disable = next.disable && row.disabled_at === null;
        await client.query(
          `UPDATE courtside.webhook_deliveries SET attempts = $2, status = $3, error = $4, at = $5,
             next_attempt_at = $6 WHERE id = $1`,
          [row.id, attempted, outcome.status, outcome.error, at, next.nextAttemptAt],
        );
        await client.query(
          `UPDATE courtside.webhooks SET failing_since = $2,
             disabled_at = CASE WHEN $3::boolean THEN $4::timestamptz ELSE disabled_at END WHERE id = $1`,
          [row.webhook_id, failingSince, disable, at],
        );
        if (disable) {
          // Its changes are no longer sent: nothing shows as waiting for a next attempt.
          await client.query(
            `UPDATE courtside.webhook_deliveries SET next_attempt_at = NULL
             WHERE webhook_id = $1 AND in_order AND next_attempt_at IS NOT NULL`,
            [row.webhook_id],
          );
          await mailDisabled(client, row);
        }
      }
      await client.query('COMMIT');
      if (!outcome.ok)
        options.logger.warn(
          { deliveryId: row.id, webhookId: row.webhook_id, status: outcome.status, error: outcome.error },
          'webhook delivery failed',
        );
      return true;
    });
  }

  /** One HTTP attempt: signed, the host checked again and the connection pinned to what was checked. */
  async function attempt(
    row: DueRow,
  ): Promise<{ ok: true; status: number } | { ok: false; status: number | null; error: string }> {
    let url: URL;
    let addresses: LookupAddress[];
    try {
      url = webhookUrlShape(row.url, options.mode);
      addresses = await checkedAddresses(url, options.mode, resolve);
    } catch (error) {
      return { ok: false, status: null, error: errorText(error) };
    }
    // One moment for the signature and its header: two readings could fall on either side of a second.
    const timestamp = new Date(Math.floor(signedAt().getTime() / 1000) * 1000);
    const signature = new Webhook(row.secret).sign(row.id, timestamp, row.body);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Courtside-Webhooks/1',
      'webhook-id': row.id,
      'webhook-timestamp': String(timestamp.getTime() / 1000),
      'webhook-signature': signature,
    };
    return new Promise((done) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(row.body) },
          agent: false,
          timeout: DELIVERY_TIMEOUT_MS,
          // The addresses checked above, nothing the resolver says a moment later (DNS rebinding).
          lookup: (_host, lookupOptions, callback) => {
            const first = addresses[0]!;
            if ((lookupOptions as { all?: boolean }).all)
              (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
            else callback(null, first.address, first.family);
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < ERROR_TEXT_MAX) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () => {
            clearTimeout(deadline);
            // Redirects are not followed: a 3xx is a failure like any answer that is not 2xx.
            if (status >= 200 && status < 300) return done({ ok: true, status });
            const text = Buffer.concat(chunks).toString('utf8').slice(0, ERROR_TEXT_MAX).trim();
            done({ ok: false, status, error: `HTTP ${status}${text ? `: ${text}` : ''}` });
          });
          response.on('error', (error) => {
            clearTimeout(deadline);
            done({ ok: false, status, error: errorText(error) });
          });
        },
      );
      // The whole attempt, answer included, has 10 s.
      const deadline = setTimeout(
        () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
        DELIVERY_TIMEOUT_MS,
      );
      request.on('timeout', () =>
        request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
      );
      request.on('error', (error) => {
        clearTimeout(deadline);
        done({ ok: false, status: null, error: errorText(error) });
      });
      request.end(row.body);
    });
  }

  /** The managers hear that the endpoint is disabled: once, with the disabling, in their mail language (§18). */
  async function mailDisabled(client: pg.PoolClient, row: DueRow): Promise<void> {
    const managers = await managerAddressesOf(client, schema, row.company_id);
    const mailer = createMailer({ mailUrl: options.mailUrl, db: client, wakeSender: options.wakeMailSender });
    for (const { email, language } of managers)
      await mailer.send({
        to: email,
        ...disabledMail[language](row.url),
        idempotencyKey: `webhook-disabled:${row.webhook_id}:${email}`,
      });
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    while (await sendOne()) sent++;
    return sent;
  }

  const running = startOutboxWorkers({
    count: workers,
    pollMs,
    sendOne,
    onError: (error) => options.logger.error({ err: error }, 'webhook sender failed, retrying'),
  });

  return {
    wake: running.wake,
    sendDue,
    async stop() {
      await running.stop();
      await pool.end();
    },
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}
