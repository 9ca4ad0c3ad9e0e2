import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import pg from 'pg';
import webpush from 'web-push';
import { PUSH_TTL_SECONDS } from '@courtside/events/notifications/push';
import type { VapidKeys } from '../config.ts';
import { backoffMs, errorText, type OutboxLogger, type OutboxRetries } from './outbox-workers.ts';
import { batchRecorder, startClaimLoop } from './leased-claims.ts';
import { vapidAuthorization } from './vapid-authorization.ts';

/** A kept-alive connection idle this long is closed: before the 5 s after which many servers close it. */
const IDLE_CONNECTION_MS = 4_000;

interface PushSenderOptions extends OutboxRetries {
  databaseUrl: string;
  vapid: VapidKeys;
  /** The VAPID `sub` claim: how a push service reaches whoever runs this server (an https address or `mailto:`). */
  subject: string;
  /** The injected clock: when a retry is due (tests move it). */
  clock: () => Date;
  logger: OutboxLogger;
  /** Pushes on their way at once; default 64. */
  concurrency?: number;
  /** A push service that has not answered in this time is cut off, and the push tried again later; default 10 s. */
  timeoutMs?: number;
  /**
   * How long a claimed push is this sender's; default three times `timeoutMs`, at least 30 s, so only a sender that
   * crashed (or stalled that long) loses it to another. A test that kills a sender shortens it.
   */
  leaseMs?: number;
}

export interface PushSender {
  /** Look at the outbox now (something was just queued). */
  wake(): void;
  /** Lets the pushes on their way finish and record their outcome, then ends. */
  stop(): Promise<void>;
}

/** A push this sender claimed: its lease is what lets it record the outcome. */
interface Claimed {
  id: string;
  notification_id: string;
  subscription_id: string;
  payload: { title: string; body: string; url: string };
  urgency: 'normal' | 'high';
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lease: string;
}

/** What the push service's answer means for the push. */
type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'refused'; error: string };

/**
 * Claims up to $2 pushes due that nobody holds, oldest first, and as many whose lease has passed (their sender
 * crashed). Each is locked `SKIP LOCKED` while it is claimed, so two senders never claim one push, and the row is
 * re-checked as it is then. The lease is the database's time (a development clock moved by days must not end it);
 * when a push is due is the injected clock's ($1). $3 the lease, $4 its length in ms.
 */
const CLAIM = `
WITH due AS (
  SELECT id FROM courtside.push_outbox
  WHERE sent_at IS NULL AND failed_at IS NULL AND leased_until IS NULL AND next_attempt_at <= $1
  ORDER BY next_attempt_at, id LIMIT $2
  FOR UPDATE SKIP LOCKED
), expired AS (
  SELECT id FROM courtside.push_outbox
  WHERE leased_until IS NOT NULL AND leased_until <= now() AND sent_at IS NULL AND failed_at IS NULL
  ORDER BY leased_until LIMIT $2
  FOR UPDATE SKIP LOCKED
)
UPDATE courtside.push_outbox o
SET lease = $3, leased_until = now() + make_interval(secs => $4::double precision / 1000)
FROM courtside.push_subscriptions s
WHERE o.id IN (SELECT id FROM due UNION ALL SELECT id FROM expired) AND s.id = o.subscription_id
RETURNING o.id, o.notification_id, o.subscription_id, o.payload, o.urgency, o.attempts,
          s.endpoint, s.p256dh, s.auth, o.lease`;

/**
 * The outcomes of several attempts in one statement: sent (`sent_at`), or tried again later (`next_attempt_at`),
 * or given up (`failed_at`), each with its error. An attempt whose lease another sender took since records nothing
 * (that sender's attempt will).
 */
const RECORD = `
UPDATE courtside.push_outbox o
SET attempts = o.attempts + 1, sent_at = r.sent_at, last_error = r.error,
    next_attempt_at = coalesce(r.next_attempt_at, o.next_attempt_at), failed_at = r.failed_at,
    lease = NULL, leased_until = NULL
FROM unnest($1::bigint[], $2::uuid[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::timestamptz[])
  AS r (id, lease, sent_at, error, next_attempt_at, failed_at)
WHERE o.id = r.id AND o.lease = r.lease
RETURNING o.id`;

/** An attempt's outcome as `RECORD` writes it. */
interface Outcomes {
  row: Claimed;
  sentAt: Date | null;
  error: string | null;
  nextAttemptAt: Date | null;
  failedAt: Date | null;
}

/**
 * Delivers the push outbox (DESIGN.md §17; docs/decisions/notifications.md "Claimed with a lease, sent outside any
 * transaction"). One loop claims a batch of due pushes with a lease (`CLAIM`, one statement); each is sent outside
 * any transaction, at most `concurrency` at once, on kept-alive connections to its push service, and the outcomes
 * are recorded after, those that came meanwhile in one statement (`RECORD`). A push goes once per notification and
 * subscription whatever restarts, with one gap: a sender that crashes between the push service's `201` and the record
 * leaves its lease, and once that has passed the push is sent again, with the same `Topic` (`notification-{id}`),
 * which the push service puts in place of the first if that one is still waiting for the phone. `404`/`410`: the
 * subscription is gone and is deleted (its pushes with it); `429`/`5xx`, a network error or no answer within
 * `timeoutMs`: tried again with backoff, not before `Retry-After`; another `4xx`: given up. Nothing here touches mail
 * or the in-app notifications.
 *
 * web-push writes the request (RFC 8291 `aes128gcm` encryption per push, TTL, Urgency, Topic) with the RFC 8292 VAPID
 * header signed once an hour per push service (`vapid-authorization.ts`); it goes out with Node's `http`/`https` on a
 * kept-alive agent, cut at `timeoutMs` whole (web-push's own `timeout` is the socket's idle time), which also reaches
 * an `http` push service on this machine in development (docs/decisions/notifications.md).
 */
export function startPushSender(options: PushSenderOptions): PushSender {
  const concurrency = options.concurrency ?? 64;
  const baseDelayMs = options.baseDelayMs ?? 2_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60 * 1000;
  const maxAttempts = options.maxAttempts ?? 12;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? Math.max(30_000, 3 * timeoutMs);
  const pollMs = options.pollMs ?? 1_000;
  // The claim loop, the recorder, and a gone subscription's delete.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 3 });
  pool.on('error', (error) => options.logger.error({ err: error }, 'push sender pool error'));
  const authorizationFor = vapidAuthorization({ subject: options.subject, ...options.vapid });
  // A pool of connections per push service's origin (host and port), kept alive between pushes.
  const agentOptions = { keepAlive: true, timeout: IDLE_CONNECTION_MS };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  const onTheWay = new Set<Promise<void>>();
  /** Claims wait until this many places are free (or none is taken): a batch per statement, not a push. */
  const refillAt = Math.max(1, Math.floor(concurrency / 4));
  const claims = startClaimLoop({
    pollMs,
    room() {
      const room = concurrency - onTheWay.size;
      return room >= refillAt || onTheWay.size === 0 ? room : 0;
    },
    async claim(room) {
      const { rows } = await pool.query<Claimed>(CLAIM, [options.clock(), room, randomUUID(), leaseMs]);
      for (const row of rows) send(row);
      return rows.length;
    },
    onError: (error) => options.logger.error({ err: error }, 'push sender failed to claim, retrying'),
  });

  function send(row: Claimed): void {
    const sent = deliver(row)
      .catch((error: unknown) =>
        // The lease stays: once it has passed the push is sent again, with the same Topic.
        options.logger.error({ err: error, pushId: row.id }, 'push outcome not recorded'),
      )
      .finally(() => {
        onTheWay.delete(sent);
        if (concurrency - onTheWay.size >= refillAt) claims.wake();
      });
    onTheWay.add(sent);
  }

  async function deliver(row: Claimed): Promise<void> {
    const outcome = await attempt(row);
    // The clock after the attempt: an answer that took 10 s is written at the time it came.
    const now = options.clock();
    const attempt_ = row.attempts + 1;
    switch (outcome.kind) {
      case 'sent':
        if (await record(row, { sentAt: now, error: null, nextAttemptAt: null, failedAt: null }))
          options.onSent?.();
        else notRecorded(row);
        return;
      case 'gone':
        // The browser unsubscribed or the push service forgot it: its other pushes go with it.
        await pool.query('DELETE FROM courtside.push_subscriptions WHERE id = $1', [row.subscription_id]);
        return;
      case 'retry':
      case 'refused': {
        const giveUp = outcome.kind === 'refused' || attempt_ >= maxAttempts;
        const waitMs = Math.min(
          maxDelayMs,
          Math.max(
            backoffMs(attempt_, baseDelayMs, maxDelayMs),
            outcome.kind === 'retry' ? (outcome.retryAfterMs ?? 0) : 0,
          ),
        );
        const recorded = await record(row, {
          sentAt: null,
          error: outcome.error,
          nextAttemptAt: new Date(now.getTime() + waitMs),
          failedAt: giveUp ? now : null,
        });
        if (!recorded) return notRecorded(row);
        options.onFailed?.();
        options.logger.warn(
          { pushId: row.id, attempt: attempt_, giveUp, error: outcome.error },
          giveUp ? 'push given up' : 'push not delivered, will retry',
        );
        return;
      }
      default:
        outcome satisfies never;
    }
  }
  const notRecorded = (row: Claimed) =>
    options.logger.warn({ pushId: row.id }, 'push was claimed again before its outcome was recorded');

  /** The outcomes that came while the last statement ran, in one statement. */
  const recorder = batchRecorder<Outcomes>(
    async (batch) => {
      const { rows } = await pool.query<{ id: string }>(RECORD, [
        batch.map((item) => item.row.id),
        batch.map((item) => item.row.lease),
        batch.map((item) => item.sentAt),
        batch.map((item) => item.error),
        batch.map((item) => item.nextAttemptAt),
        batch.map((item) => item.failedAt),
      ]);
      return new Set(rows.map((row) => row.id));
    },
    (item) => item.row.id,
  );
  const record = (row: Claimed, outcome: Omit<Outcomes, 'row'>) => recorder.record({ row, ...outcome });

  /** One attempt: web-push's request, on a kept-alive connection, the whole of it within `timeoutMs`. */
  async function attempt(row: Claimed): Promise<Outcome> {
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    let url: URL;
    try {
      request = webpush.generateRequestDetails(
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
      url = new URL(request.endpoint);
    } catch (error) {
      return { kind: 'refused', error: errorText(error) };
    }
    const headers = request.headers as http.OutgoingHttpHeaders;
    const deadline = performance.now() + timeoutMs;
    const first = await post(url, headers, request.body, deadline, true);
    // A kept-alive connection the push service closed just as it was reused (before any answer): the push most likely
    // never got there, so it goes once more on a new connection within the same time (the same Topic either way).
    const { status, retryAfterHeader, error } = first.staleConnection
      ? await post(url, headers, request.body, deadline, false)
      : first;
    if (status === undefined) return { kind: 'retry', error: error ?? 'no answer' };
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    const answered = `push service answered ${status}`;
    if (status === 429 || status >= 500) {
      const retryAfterMs = retryAfter(retryAfterHeader ?? null, options.clock());
      return { kind: 'retry', error: answered, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
    }
    return { kind: 'refused', error: answered };
  }

  interface Answer {
    status?: number;
    retryAfterHeader?: string;
    error?: string;
    staleConnection?: boolean;
  }
  function post(
    url: URL,
    headers: http.OutgoingHttpHeaders,
    body: Buffer | null,
    deadline: number,
    reuse: boolean,
  ): Promise<Answer> {
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const left = Math.max(1, Math.round(deadline - performance.now()));
    return new Promise((done) => {
      let answered = false;
      const finish = (answer: Answer) => {
        clearTimeout(timer);
        done(answer);
      };
      const request = (protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers,
          // Redirects are not followed: Node's http never does.
          agent: reuse ? agents[protocol] : false,
        },
        (response) => {
          answered = true;
          const status = response.statusCode ?? 0;
          const retryAfterHeader = response.headers['retry-after'];
          // Read to the end either way: the connection goes back to its pool only then.
          response.resume();
          response.on('end', () => finish({ status, ...(retryAfterHeader ? { retryAfterHeader } : {}) }));
          response.on('error', (error) => finish({ error: errorText(error) }));
        },
      );
      const timer = setTimeout(() => {
        const timedOut = new Error(`no answer within ${timeoutMs} ms`);
        timedOut.name = 'TimeoutError';
        request.destroy(timedOut);
      }, left);
      request.on('error', (error: NodeJS.ErrnoException) => {
        const stale =
          request.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        finish({ error: errorText(error), ...(stale ? { staleConnection: true } : {}) });
      });
      request.end(body ?? undefined);
    });
  }

  return {
    wake: claims.wake,
    async stop() {
      await claims.stop();
      await Promise.all(onTheWay);
      await recorder.settled();
      agents['http:'].destroy();
      agents['https:'].destroy();
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
