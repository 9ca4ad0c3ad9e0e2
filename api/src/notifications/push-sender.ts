import pg from 'pg';
import webpush from 'web-push';
import { PUSH_TTL_SECONDS } from '@courtside/events/notifications/push';
import type { VapidKeys } from '../config.ts';
import {
  backoffMs,
  errorText,
  startOutboxWorkers,
  type OutboxLogger,
  type OutboxRetries,
  type OutboxWorkers,
  withRollback,
} from './outbox-workers.ts';
import { vapidAuthorization } from './vapid-authorization.ts';

interface PushSenderOptions extends OutboxRetries {
  databaseUrl: string;
  vapid: VapidKeys;
  /** The VAPID `sub` claim: how a push service reaches whoever runs this server (an https address or `mailto:`). */
  subject: string;
  /** The injected clock: when a retry is due (tests move it). */
  clock: () => Date;
  logger: OutboxLogger;
  /** Pushes sent at the same time; default 8. */
  workers?: number;
  /** A push service that has not answered in this time is cut off, and the push tried again later; default 10 s. */
  timeoutMs?: number;
}

export type PushSender = OutboxWorkers;

interface PushRow {
  id: string;
  notification_id: string;
  subscription_id: string;
  payload: { title: string; body: string; url: string };
  urgency: 'normal' | 'high';
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service's answer means for the push. */
type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'refused'; error: string };

/**
 * Delivers the push outbox (DESIGN.md §17), like the mail sender delivers mail: each push is sent while its outbox
 * row is locked (FOR UPDATE SKIP LOCKED) and marked sent in the same transaction, so a push goes once per
 * notification and subscription whatever restarts (the one gap, a crash between the push service's `201` and the
 * commit, sends it again with the same `Topic`, which the push service puts in place of the first if that one is still
 * waiting for the phone). `404`/`410`: the subscription is gone and is deleted (its pushes with it); `429`/`5xx`, a
 * network error or no answer within `timeoutMs`: tried again with backoff, not before `Retry-After`; another `4xx`:
 * given up. Nothing here touches mail or the in-app notifications.
 *
 * web-push writes the request (RFC 8291 `aes128gcm` encryption per push, TTL, Urgency, Topic) with the RFC 8292 VAPID
 * header signed once an hour per push service (`vapid-authorization.ts`); it goes out with `fetch`, which cuts the
 * whole request at `timeoutMs` (web-push's own `timeout` is the socket's idle time) and also reaches an `http` push
 * service on this machine in development (docs/decisions/notifications.md).
 */
export function startPushSender(options: PushSenderOptions): PushSender {
  const workerCount = options.workers ?? 8;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: workerCount + 1 });
  pool.on('error', (error) => options.logger.error({ err: error }, 'push sender pool error'));
  const baseDelayMs = options.baseDelayMs ?? 2_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60 * 1000;
  const maxAttempts = options.maxAttempts ?? 12;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pollMs = options.pollMs ?? 1_000;
  const authorizationFor = vapidAuthorization({ subject: options.subject, ...options.vapid });
  async function deliver(row: PushRow): Promise<Outcome> {
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(row.payload),
      {
        // The VAPID header signed for the push service's origin (no `vapidDetails`: web-push would sign anew).
        headers: { Authorization: authorizationFor(row.endpoint) },
        TTL: PUSH_TTL_SECONDS,
        urgency: row.urgency,
        contentEncoding: 'aes128gcm',
        topic: `notification-${row.notification_id}`,
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        // fetch writes the body's length itself.
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      return { kind: 'retry', error: errorText(error) };
    }
    const { status } = response;
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    const error = `push service answered ${status}`;
    if (status === 429 || status >= 500) {
      const retryAfterMs = retryAfter(response.headers.get('retry-after'), options.clock());
      return { kind: 'retry', error, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
    }
    return { kind: 'refused', error };
  }

  /** Sends one due push; false when there was none. */
  function sendOne(): Promise<boolean> {
    return withRollback(pool, async (client) => {
      await client.query('BEGIN');
      const { rows } = await client.query<PushRow>(
        `SELECT o.id, o.notification_id, o.subscription_id, o.payload, o.urgency, o.attempts,
                s.endpoint, s.p256dh, s.auth
         FROM courtside.push_outbox o JOIN courtside.push_subscriptions s ON s.id = o.subscription_id
         WHERE o.sent_at IS NULL AND o.failed_at IS NULL AND o.next_attempt_at <= $1
         ORDER BY o.next_attempt_at, o.id LIMIT 1 FOR UPDATE OF o SKIP LOCKED`,
        [options.clock()],
      );
      const row = rows[0];
      if (!row) {
        await client.query('COMMIT');
        return false;
      }
      const attempt = row.attempts + 1;
      const outcome = await deliver(row);
      const now = options.clock();
      switch (outcome.kind) {
        case 'sent':
          await client.query(
            'UPDATE courtside.push_outbox SET attempts = $2, sent_at = $3, last_error = NULL WHERE id = $1',
            [row.id, attempt, now],
          );
          break;
        case 'gone':
          // The browser unsubscribed or the push service forgot it: its other pushes go with it.
          await client.query('DELETE FROM courtside.push_subscriptions WHERE id = $1', [row.subscription_id]);
          break;
        case 'retry':
        case 'refused': {
          const giveUp = outcome.kind === 'refused' || attempt >= maxAttempts;
          const waitMs = Math.min(
            maxDelayMs,
            Math.max(
              backoffMs(attempt, baseDelayMs, maxDelayMs),
              outcome.kind === 'retry' ? (outcome.retryAfterMs ?? 0) : 0,
            ),
          );
          await client.query(
            `UPDATE courtside.push_outbox SET attempts = $2, last_error = $3, next_attempt_at = $4,
               failed_at = CASE WHEN $5::boolean THEN $6::timestamptz END
             WHERE id = $1`,
            [row.id, attempt, outcome.error, new Date(now.getTime() + waitMs), giveUp, now],
          );
          options.onFailed?.();
          options.logger.warn(
            { pushId: row.id, attempt, giveUp, error: outcome.error },
            giveUp ? 'push given up' : 'push not delivered, will retry',
          );
          break;
        }
        default:
          outcome satisfies never;
      }
      await client.query('COMMIT');
      if (outcome.kind === 'sent') options.onSent?.();
      return true;
    });
  }

  const workers = startOutboxWorkers({
    count: workerCount,
    pollMs,
    sendOne,
    onError: (error) => options.logger.error({ err: error }, 'push sender failed, retrying'),
  });

  return {
    wake: workers.wake,
    async stop() {
      await workers.stop();
      await pool.end();
    },
  };
}

/** `Retry-After` (RFC 9110 §10.2.3): seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfter(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
