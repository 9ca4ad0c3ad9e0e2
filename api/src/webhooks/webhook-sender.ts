import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterFailure } from '@courtside/events/webhooks/changes';
import { assertSchemaName } from '@courtside/projector/read-model-schema';
import { managerAddressesOf } from '@courtside/projector/webhook-queries';
import type { Mode } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { batchRecorder, startClaimLoop } from '../notifications/leased-claims.ts';
import { withRollback } from '../notifications/outbox-workers.ts';
import { checkedAddresses, guardedLookup, resolveAll, webhookUrlShape, type Resolve } from './url-guard.ts';

/** DESIGN.md §18: an attempt that has no answer after this long failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * How long a claimed delivery is its sender's: well past the 10 s an attempt may take and the moment its outcome
 * needs, so only a sender that crashed (or stalled for half a minute) loses it to another.
 */
export const DELIVERY_LEASE_MS = 30_000;
/** How much of a receiver's answer is kept as the attempt's error. */
const ERROR_TEXT_MAX = 300;
/** A kept-alive connection idle this long is closed: before the 5 s after which Node's servers (and many) close it. */
const IDLE_CONNECTION_MS = 4_000;

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
  /** Deliveries on their way at once, each to another endpoint. Default 128. */
  concurrency?: number;
  /** How long a claim is the sender's (`DELIVERY_LEASE_MS`); a test that crashes a sender shortens it. */
  leaseMs?: number;
  /** How often an idle sender looks at the outbox without being woken. */
  pollMs?: number;
  /** How the guard resolves a host; the system resolver unless given. */
  resolve?: Resolve;
}

export interface WebhookSender {
  /** Look at the outbox now (the consumer queued deliveries, a manager sent a test). */
  wake(): void;
  /** Lets the deliveries on their way finish and record their outcome, then ends. */
  stop(): Promise<void>;
}

/** A delivery this sender claimed: its lease is what lets it record the outcome. */
interface Claimed {
  id: string;
  webhook_id: string;
  company_id: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
  lease: string;
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

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
 * Claims due deliveries, at most one per endpoint that has none on its way: the endpoint's oldest change not yet
 * done (log order: a newer change waits while an older one is retried) when it is due, or a ping or redelivery. The
 * endpoints come from the pending index (a skip scan over its endpoint ids), not from every endpoint there is. The
 * claimed rows are locked `SKIP LOCKED` and their lease re-checked on the row as it is now, so two senders never
 * claim one delivery; the lease is the database's time (a development clock moved by days must not end it).
 * $1 the clock, $2 endpoints this process has on their way, $3 how many, $4 the lease, $5 its length in ms.
 */
const CLAIM = `
WITH RECURSIVE pending (webhook_id) AS (
  (SELECT webhook_id FROM courtside.webhook_deliveries WHERE next_attempt_at IS NOT NULL
   ORDER BY webhook_id LIMIT 1)
  UNION ALL
  SELECT (SELECT d.webhook_id FROM courtside.webhook_deliveries d
          WHERE d.next_attempt_at IS NOT NULL AND d.webhook_id > p.webhook_id ORDER BY d.webhook_id LIMIT 1)
  FROM pending p WHERE p.webhook_id IS NOT NULL
), candidates AS (
  SELECT c.id FROM pending p
  JOIN courtside.webhooks w ON w.id = p.webhook_id
  CROSS JOIN LATERAL (
    SELECT n.id, n.next_attempt_at, n.seq FROM (
      (SELECT d.id, d.next_attempt_at, d.seq FROM courtside.webhook_deliveries d
       WHERE d.webhook_id = w.id AND d.in_order AND d.next_attempt_at IS NOT NULL AND w.disabled_at IS NULL
       ORDER BY d.seq LIMIT 1)
      UNION ALL
      (SELECT d.id, d.next_attempt_at, d.seq FROM courtside.webhook_deliveries d
       WHERE d.webhook_id = w.id AND NOT d.in_order AND d.next_attempt_at <= $1
       ORDER BY d.next_attempt_at, d.seq LIMIT 1)
    ) n
    WHERE n.next_attempt_at <= $1
    ORDER BY n.next_attempt_at, n.seq LIMIT 1
  ) c
  WHERE w.id <> ALL ($2::uuid[])
    AND NOT EXISTS (SELECT 1 FROM courtside.webhook_deliveries b
                    WHERE b.webhook_id = w.id AND b.leased_until > clock_timestamp())
  ORDER BY c.next_attempt_at, c.seq
  LIMIT $3
), claimed AS (
  SELECT d.id FROM courtside.webhook_deliveries d
  WHERE d.id IN (SELECT id FROM candidates) AND d.next_attempt_at <= $1
    AND (d.leased_until IS NULL OR d.leased_until <= clock_timestamp())
  FOR UPDATE SKIP LOCKED
)
UPDATE courtside.webhook_deliveries d
SET lease = $4, leased_until = clock_timestamp() + make_interval(secs => $5::double precision / 1000)
FROM claimed, courtside.webhooks w
WHERE d.id = claimed.id AND w.id = d.webhook_id
RETURNING d.id, d.webhook_id, w.company_id, w.url, w.secret, d.body, d.attempts, d.lease`;

/**
 * The `2xx` answers of several attempts in one statement; an attempt whose lease another sender took since records
 * nothing (that sender's attempt will). The endpoint's failing streak ends (written only when there was one).
 */
const RECORD_DELIVERED = `
WITH delivered AS (
  UPDATE courtside.webhook_deliveries d
  SET attempts = d.attempts + 1, status = o.status, error = NULL, at = o.at, next_attempt_at = NULL,
      delivered_at = o.at, lease = NULL, leased_until = NULL
  FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::timestamptz[]) AS o (id, lease, status, at)
  WHERE d.id = o.id AND d.lease = o.lease
  RETURNING d.id, d.webhook_id
), streak_ended AS (
  UPDATE courtside.webhooks w SET failing_since = NULL
  WHERE w.id IN (SELECT webhook_id FROM delivered) AND w.failing_since IS NOT NULL
)
SELECT id FROM delivered`;

/**
 * Delivers the webhooks outbox (DESIGN.md §18; docs/decisions/webhooks.md "The sender"). One loop claims due
 * deliveries with a lease (`CLAIM`): one per endpoint that has nothing on its way, so an endpoint never has two at
 * once and its changes go in log order. Each is sent outside any transaction, on a kept-alive connection of its
 * endpoint's origin, and its outcome recorded after (the `2xx` answers of several endpoints in one statement). A
 * sender that crashes mid-send leaves its lease, and once that has passed the delivery is sent again with the same
 * `webhook-id`. An endpoint that hangs holds its own queue and one of `concurrency` places, nothing else. Only a 2xx
 * counts; anything else is tried again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An endpoint failing for 3
 * days in a row is disabled and its managers are mailed.
 */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const schema = assertSchemaName(options.readModelSchema);
  const concurrency = options.concurrency ?? 128;
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  // The claim loop, the recorder of answers, and a failure's transaction or two.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  pool.on('error', (error) => options.logger.error({ err: error }, 'webhook sender pool error'));
  const pollMs = options.pollMs ?? 1_000;
  const signedAt = options.signedAt ?? (() => new Date());
  const resolve = options.resolve ?? resolveAll;
  // Node's agent keeps a pool of connections per host and port: an endpoint's origin. Each connection it opens goes
  // through the guard, so a kept-alive one was checked when it was opened.
  const agentOptions = {
    keepAlive: true,
    timeout: IDLE_CONNECTION_MS,
    lookup: guardedLookup(options.mode, resolve),
  };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  /** Endpoint id → its delivery on the way. */
  const onTheWay = new Map<string, Promise<void>>();
  const claims = startClaimLoop({
    pollMs,
    room: () => Math.max(0, concurrency - onTheWay.size),
    async claim(room) {
      const { rows } = await pool.query<Claimed>(CLAIM, [
        options.clock(),
        [...onTheWay.keys()],
        room,
        randomUUID(),
        leaseMs,
      ]);
      for (const row of rows) send(row);
      return rows.length;
    },
    onError: (error) => options.logger.error({ err: error }, 'webhook sender failed to claim, retrying'),
  });

  function send(row: Claimed): void {
    const sent = deliver(row)
      .catch((error: unknown) =>
        // The lease stays: once it has passed the delivery is sent again, with the same webhook-id.
        options.logger.error({ err: error, deliveryId: row.id }, 'webhook delivery outcome not recorded'),
      )
      .finally(() => {
        onTheWay.delete(row.webhook_id);
        claims.wake();
      });
    onTheWay.set(row.webhook_id, sent);
  }

  async function deliver(row: Claimed): Promise<void> {
    const outcome = await attempt(row);
    // The clock after the attempt: an answer that took 10 s is written at the time it came.
    const at = options.clock();
    const recorded = outcome.ok
      ? await recordDelivered(row, outcome.status, at)
      : await recordFailed(row, outcome, at);
    if (!recorded)
      options.logger.warn(
        { deliveryId: row.id, webhookId: row.webhook_id },
        'webhook delivery was claimed again before its outcome was recorded',
      );
    else if (!outcome.ok)
      options.logger.warn(
        { deliveryId: row.id, webhookId: row.webhook_id, status: outcome.status, error: outcome.error },
        'webhook delivery failed',
      );
  }

  /** The `2xx` answers that came while the last statement ran, in one statement. */
  const delivered = batchRecorder<{ row: Claimed; status: number; at: Date }>(
    async (batch) => {
      const { rows } = await pool.query<{ id: string }>(RECORD_DELIVERED, [
        batch.map((item) => item.row.id),
        batch.map((item) => item.row.lease),
        batch.map((item) => item.status),
        batch.map((item) => item.at),
      ]);
      return new Set(rows.map((row) => row.id));
    },
    (item) => item.row.id,
  );
  const recordDelivered = (row: Claimed, status: number, at: Date) => delivered.record({ row, status, at });

  /** A failed attempt: its retry, the endpoint's failing streak, and when that reached 3 days, the disabling. */
  function recordFailed(row: Claimed, outcome: Outcome & { ok: false }, at: Date): Promise<boolean> {
    return withRollback(pool, async (client) => {
      await client.query('BEGIN');
      // NO KEY: the consumer's inserts of new deliveries (their foreign key) do not wait for this.
      const { rows: endpoints } = await client.query<{
        failing_since: Date | null;
        disabled_at: Date | null;
      }>('SELECT failing_since, disabled_at FROM courtside.webhooks WHERE id = $1 FOR NO KEY UPDATE', [
        row.webhook_id,
      ]);
      const endpoint = endpoints[0];
      const attempted = row.attempts + 1;
      const failingSince = endpoint?.failing_since ?? at;
      const next = afterFailure(attempted, at, failingSince);
      const { rowCount } = await client.query(
        `UPDATE courtside.webhook_deliveries SET attempts = $2, status = $3, error = $4, at = $5,
           next_attempt_at = $6, lease = NULL, leased_until = NULL WHERE id = $1 AND lease = $7`,
        [row.id, attempted, outcome.status, outcome.error, at, next.nextAttemptAt, row.lease],
      );
      // The endpoint was deleted (and its deliveries with it), or another sender claimed this one since.
      if (!endpoint || rowCount !== 1) {
        await client.query('ROLLBACK');
        return endpoint === undefined;
      }
      const disable = next.disable && endpoint.disabled_at === null;
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
      await client.query('COMMIT');
      return true;
    });
  }

  /** One attempt: signed, the host checked again, on a kept-alive connection that the guard let open. */
  async function attempt(row: Claimed): Promise<Outcome> {
    let url: URL;
    try {
      url = webhookUrlShape(row.url, options.mode);
      await checkedAddresses(url, options.mode, resolve);
    } catch (error) {
      return { ok: false, status: null, error: errorText(error) };
    }
    // One moment for the signature and its header: two readings could fall on either side of a second.
    const timestamp = new Date(Math.floor(signedAt().getTime() / 1000) * 1000);
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(row.body),
      'user-agent': 'Courtside-Webhooks/1',
      'webhook-id': row.id,
      'webhook-timestamp': String(timestamp.getTime() / 1000),
      'webhook-signature': new Webhook(row.secret).sign(row.id, timestamp, row.body),
    };
    // The whole attempt, answer included, has 10 s.
    const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
    const first = await post(url, headers, row.body, deadline, true);
    // A kept-alive connection the receiver closed just as it was reused (before any answer): the request most likely
    // never got there, so it goes once more on a new connection (Node's documented pattern), within the same 10 s;
    // the same webhook-id lets a receiver drop a repeat.
    return first.staleConnection
      ? (await post(url, headers, row.body, deadline, false)).outcome
      : first.outcome;
  }

  function post(
    url: URL,
    headers: http.OutgoingHttpHeaders,
    body: string,
    deadline: number,
    reuse: boolean,
  ): Promise<{ outcome: Outcome; staleConnection: boolean }> {
    const timeoutMs = Math.max(1, Math.round(deadline - performance.now()));
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    return new Promise((done) => {
      let answered = false;
      const finish = (outcome: Outcome, staleConnection = false) => {
        clearTimeout(timer);
        done({ outcome, staleConnection });
      };
      const request = (protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers,
          // A retry on a stale connection opens a new one, through the guard as well.
          ...(reuse ? { agent: agents[protocol] } : { agent: false, lookup: agentOptions.lookup }),
          timeout: timeoutMs,
        },
        (response) => {
          answered = true;
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          // Read to the end either way: the connection goes back to its pool only then.
          response.on('data', (chunk: Buffer) => {
            if (size < ERROR_TEXT_MAX) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () => {
            // Redirects are not followed: a 3xx is a failure like any answer that is not 2xx.
            if (status >= 200 && status < 300) return finish({ ok: true, status });
            const text = Buffer.concat(chunks).toString('utf8').slice(0, ERROR_TEXT_MAX).trim();
            finish({ ok: false, status, error: `HTTP ${status}${text ? `: ${text}` : ''}` });
          });
          response.on('error', (error) => finish({ ok: false, status, error: errorText(error) }));
        },
      );
      const timer = setTimeout(
        () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
        timeoutMs,
      );
      request.on('timeout', () =>
        request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        const stale =
          request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !answered;
        finish({ ok: false, status: null, error: errorText(error) }, stale);
      });
      request.end(body);
    });
  }

  /** The managers hear that the endpoint is disabled: once, with the disabling, in their mail language (§18). */
  async function mailDisabled(client: pg.PoolClient, row: Claimed): Promise<void> {
    const managers = await managerAddressesOf(client, schema, row.company_id);
    const mailer = createMailer({ mailUrl: options.mailUrl, db: client, wakeSender: options.wakeMailSender });
    for (const { email, language } of managers)
      await mailer.send({
        to: email,
        ...disabledMail[language](row.url),
        idempotencyKey: `webhook-disabled:${row.webhook_id}:${email}`,
      });
  }

  return {
    wake: claims.wake,
    async stop() {
      await claims.stop();
      await Promise.all(onTheWay.values());
      await delivered.settled();
      agents['http:'].destroy();
      agents['https:'].destroy();
      await pool.end();
    },
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}
