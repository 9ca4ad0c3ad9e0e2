import pg from 'pg';
import type { EventRegistry } from '@courtside/events/event-registry';
import {
  startCheckpointedConsumer,
  type CheckpointedChunk,
  type CheckpointedConsumer,
} from '@courtside/eventlog/log/checkpointed-consumer';
import type { EventLog } from '@courtside/eventlog/log/port';
import {
  mailWithdrawnBy,
  notify,
  settledBy,
  reminderDue,
  REMINDER_BEFORE_MS,
  type ChallengeReminderDue,
  type NotificationLanguage,
  type NotificationText,
  type NotifierInput,
  type NotifyContext,
} from '@courtside/events/notifications/notify';
import { UNSUBSCRIBE_PATH } from '@courtside/events/api-paths';
import { assertSchemaName } from '@courtside/projector/read-model-schema';
import { ProjectionTracker } from '@courtside/projector/projection-tracker';
import { afterTheProjector, readableEvents } from '../log-readers.ts';
import { renderMail } from './mail-render.ts';
import { challengesDueForReminder } from '@courtside/projector/notify-queries';
import { readNotifyContext } from './notify-context.ts';
import { pushAllowed, pushUrgency } from '@courtside/events/notifications/push';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** Postgres channel on which a committed notification is announced; every api process pushes it to its sockets. */
export const NOTIFICATION_CHANNEL = 'courtside_notification';

/** An event older than this when the notifier first decides on it (a notifier new to an old log) is not mailed. */
const MAIL_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
const MAX_RECORDS_PER_TRANSACTION = 200;
const PROJECTOR_POLL_MS = 250;
const HEARTBEAT_MS = 2_000;

interface NotifierLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

interface NotifierOptions {
  databaseUrl: string;
  log: EventLog;
  registry: EventRegistry;
  /** The live read models it reads recipients from; it waits until the projector has applied each event. */
  readModelSchema: string;
  clock: () => Date;
  /** The site's absolute address (`https://club.example`): links in mails. */
  publicUrl: string;
  unsubscribeSecret: string;
  logger: NotifierLogger;
  /** How often the notifier's clock looks for answers due within a day (challenge.reminder). */
  reminderIntervalMs?: number;
  /** After each commit that queued mail: the sender may start at once. */
  onMailQueued?: () => void;
  /** After each commit that queued pushes to phones (DESIGN.md §17): the push sender may start at once. */
  onPushQueued?: () => void;
  /** After each committed batch: for metrics. */
  onNotified?: (events: number, notifications: number) => void;
  /** The club's time zone, in which mails write deadlines; the process's own (`TZ`, README) unless given. */
  timeZone?: string;
}

export interface Notifier {
  readonly started: Promise<void>;
  /** One pass of the reminder clock now. */
  runReminders(): Promise<void>;
  stop(): Promise<void>;
}

/** What an api process pushes to `account:{accountId}` as `notification.created {notification}`. */
export interface NotificationItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  createdAt: string;
  readAt: string | null;
}

/**
 * The NOTIFY of a committed notification: the item without its words, the words in every language, and the
 * account's mail language for a socket that named none.
 */
export interface NotificationAnnouncement {
  accountId: string;
  language: NotificationLanguage;
  texts: Record<NotificationLanguage, NotificationText>;
  notification: Pick<NotificationItem, 'id' | 'kind' | 'createdAt' | 'readAt'>;
}

/**
 * The club's time zone: the process's own (`TZ`, README; clubs have no zone of their own). Node answers no zone for a
 * TZ it does not know: UTC then, and mails say so.
 */
export function clubTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/**
 * The notifier (DESIGN.md §6): its own reader of the log, apart from the projector. For each event it decides who
 * is told (`notify`, from the read models), and writes the notifications, their mails (into the outbox) and its
 * checkpoint in one transaction. (event id, recipient, kind) is unique: a redelivery, a crash or a replay from 0
 * inserts nothing again, so nobody is told or mailed twice.
 */
export function startNotifier(options: NotifierOptions): Notifier {
  const schema = assertSchemaName(options.readModelSchema);
  const timeZone = options.timeZone ?? clubTimeZone();
  // A zone given that Intl does not know would fail every mail with a deadline: refused here, at the start.
  new Intl.DateTimeFormat('en', { timeZone });
  // Pipelined: a chunk's reads, then its writes, go out together instead of one round trip each.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 3, pipeline: true });
  pool.on('error', (error) => options.logger.error({ err: error }, 'notifier pool error'));
  const logId = options.log.id;
  let consumer: CheckpointedConsumer | undefined;
  let reminders: NodeJS.Timeout | undefined;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  // Polling goes on without the projector's announcements.
  const projection = new ProjectionTracker(pool, options.databaseUrl, schema, (error) => {
    if (!stopping) options.logger.warn({ err: error }, 'notifier lost the projector announcements');
  });

  const beat = () =>
    pool.query(
      `INSERT INTO courtside.notifier_heartbeat (singleton, beat_at) VALUES (true, now())
       ON CONFLICT (singleton) DO UPDATE SET beat_at = excluded.beat_at`,
    );

  const parse = readableEvents<NotifierInput>(options.registry, options.logger, 'notifier');

  const started = (async () => {
    await projection.start();
    consumer = await startCheckpointedConsumer({
      log: options.log,
      pool,
      subscription: {
        name: 'notifier',
        // Kafka: the consumer group `courtside.notifier` (DESIGN.md §6); another topic (a test's) gets its own.
        group:
          logId === 'kafka:courtside.events'
            ? 'courtside.notifier'
            : `courtside.notifier.${logId.replace(/^kafka:/, '')}`,
        onError: (error) => {
          if (!stopping) options.logger.error({ err: error }, 'notifier batch failed, retrying');
        },
      },
      checkpoints: { name: 'courtside.notifier_checkpoints', log: logId },
      maxRecordsPerTransaction: MAX_RECORDS_PER_TRANSACTION,
      heartbeat: beat,
      heartbeatMs: HEARTBEAT_MS,
      beforeChunk: afterTheProjector(projection, PROJECTOR_POLL_MS, () => stopping, 'notifier'),
      apply: notifyChunk,
      committed: (written) => {
        options.onNotified?.(written.events, written.told);
        if (written.mailed > 0) options.onMailQueued?.();
        if (written.phoned > 0) options.onPushQueued?.();
      },
    });
    if (stopping) return void (await consumer.stop());
    reminders = setInterval(
      () =>
        void runReminders().catch((error: unknown) =>
          options.logger.error({ err: error }, 'notifier reminders failed'),
        ),
      options.reminderIntervalMs ?? 60_000,
    );
    options.logger.info({ log: logId }, 'notifier started');
  })();

  async function notifyChunk(client: pg.PoolClient, chunk: CheckpointedChunk) {
    // The read models stand still for this chunk (it waited for them to pass it): read each thing once.
    const reads = cachedReads(client);
    const events = chunk.records.flatMap((record) => parse(record) ?? []);
    // Every event's reads at once, then every event's writes in the log's order, without waiting in between: on the
    // pipelined connection a chunk costs a few round trips, not a few per event.
    const contexts = await Promise.all(events.map((event) => readNotifyContext(reads, schema, event)));
    const results = await Promise.all(
      events.map((event, index) => decideAndWrite(client, event, contexts[index]!)),
    );
    const written = { events: events.length, told: 0, mailed: 0, phoned: 0 };
    for (const { told, mailed, phoned } of results) {
      written.told += told;
      written.mailed += mailed;
      written.phoned += phoned;
    }
    return written;
  }

  /**
   * Decides on one event and writes what it decided: what it settles and withdraws, then in one statement the
   * notifications that are new (the unique key drops the rest), the mails of those, their pushes to each of the
   * account's phones (DESIGN.md §17; unique per notification and subscription), and their live-push NOTIFY
   * (delivered when the transaction commits). The statements are sent in that order without waiting for each other:
   * one connection runs them in the order sent.
   */
  async function decideAndWrite(
    client: pg.PoolClient,
    event: NotifierInput,
    context: NotifyContext,
  ): Promise<{ told: number; mailed: number; phoned: number }> {
    const notifications = notify(event, { ...context, timeZone });
    const now = options.clock();
    const settled = settle(client, event, now);
    const withdrawn = withdrawMail(client, event, now);
    if (notifications.length === 0) {
      await Promise.all([settled, withdrawn]);
      return { told: 0, mailed: 0, phoned: 0 };
    }
    const occurredAt = 'occurredAt' in event ? Date.parse(event.occurredAt) : now.getTime();
    const mayMail = now.getTime() - occurredAt <= MAIL_MAX_AGE_MS;
    const base = options.publicUrl.replace(/\/+$/, '');
    const mails = notifications.map((notification) => {
      const email = context.people[notification.recipientId]?.email;
      if (!notification.mail || !mayMail || !email) return undefined;
      const token = signUnsubscribeToken(
        options.unsubscribeSecret,
        { accountId: notification.recipientId, kind: notification.kind },
        now,
      );
      const unsubscribeUrl = `${base}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
      return {
        email,
        unsubscribeUrl,
        ...renderMail(notification, { actionUrl: `${base}${notification.url}`, unsubscribeUrl }),
      };
    });
    const column = <T>(pick: (index: number) => T) => notifications.map((_, index) => pick(index));
    // An event too old to mail is too old for the lock screen as well.
    const phoned = notifications.map(
      (notification) =>
        mayMail && pushAllowed(notification.kind, context.people[notification.recipientId]?.push ?? {}),
    );
    // New notifications only (the idempotency key) take their account's next numbers; the push carries the words
    // in every language, and each api process picks those of the page each socket is on.
    const insert = client.query<{ told: number; mailed: number; phoned: number }>(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
                              $6::text[], $7::text[], $8::text[], $9::text[], $15::text[], $16::boolean[],
                              $17::text[]) WITH ORDINALITY
           AS i (account_id, kind, language, texts, recipient, subject, text_body, html_body, unsubscribe_url, named,
                 push, urgency, nth)
       ), fresh AS (
         SELECT i.*, count(*) OVER (PARTITION BY i.account_id) AS count,
                row_number() OVER (PARTITION BY i.account_id ORDER BY i.nth) AS rank
         FROM input i
         WHERE NOT EXISTS (SELECT 1 FROM courtside.notifications n
                           WHERE n.source = $10 AND n.account_id = i.account_id AND n.kind = i.kind)
       ), numbered AS (
         INSERT INTO courtside.notification_numbers (account_id, last)
         SELECT account_id, count(*) FROM fresh GROUP BY account_id
         ON CONFLICT (account_id) DO UPDATE SET last = notification_numbers.last + excluded.last
         RETURNING account_id, last
       ), inserted AS (
         INSERT INTO courtside.notifications (source, account_id, number, kind, texts, created_at, about, named)
         SELECT $10, f.account_id, c.last - f.count + f.rank, f.kind, f.texts::jsonb, $11, $14::uuid,
                string_to_array(f.named, ',')::uuid[]
         FROM fresh f JOIN numbered c ON c.account_id = f.account_id
         ON CONFLICT (source, account_id, kind) DO NOTHING
         RETURNING id, account_id, number, kind, texts
       ), mailed AS (
         INSERT INTO courtside.mail_outbox
           (notification_id, recipient, subject, text_body, html_body, unsubscribe_url, created_at, next_attempt_at)
         SELECT n.id, i.recipient, i.subject, i.text_body, i.html_body, i.unsubscribe_url, $11, now()
         FROM inserted n JOIN input i ON i.account_id = n.account_id AND i.kind = n.kind
         WHERE i.recipient IS NOT NULL
         ON CONFLICT (notification_id) DO NOTHING
         RETURNING notification_id
       ), phoned AS (
         INSERT INTO courtside.push_outbox
           (notification_id, subscription_id, payload, urgency, created_at, next_attempt_at)
         SELECT n.id, s.id, n.texts -> i.language, i.urgency, $11, $11
         FROM inserted n JOIN input i ON i.account_id = n.account_id AND i.kind = n.kind
           JOIN courtside.push_subscriptions s ON s.account_id = n.account_id
         WHERE i.push
         ON CONFLICT (notification_id, subscription_id) DO NOTHING
         RETURNING id
       ), pushed AS (
         SELECT pg_notify($12, json_build_object('accountId', n.account_id, 'language', i.language,
           'texts', n.texts, 'notification', json_build_object(
             'id', n.number::text, 'kind', n.kind, 'createdAt', $13::text, 'readAt', null))::text)
         FROM inserted n JOIN input i ON i.account_id = n.account_id AND i.kind = n.kind
       )
       SELECT (SELECT count(*) FROM inserted)::int AS told, (SELECT count(*) FROM mailed)::int AS mailed,
              (SELECT count(*) FROM phoned)::int AS phoned, (SELECT count(*) FROM pushed)::int AS pushed`,
      [
        column((i) => notifications[i]!.recipientId),
        column((i) => notifications[i]!.kind),
        column((i) => notifications[i]!.language),
        column((i) => JSON.stringify(notifications[i]!.texts)),
        column((i) => mails[i]?.email ?? null),
        column((i) => mails[i]?.subject ?? null),
        column((i) => mails[i]?.text ?? null),
        column((i) => mails[i]?.html ?? null),
        column((i) => mails[i]?.unsubscribeUrl ?? null),
        event.id,
        now,
        NOTIFICATION_CHANNEL,
        now.toISOString(),
        // One event's notifications are about one thing (a waiting team), if anything.
        notifications[0]!.about ?? null,
        column((i) => notifications[i]!.named.join(',')),
        phoned,
        column((i) => pushUrgency(notifications[i]!.kind)),
      ],
    );
    const [, , { rows }] = await Promise.all([settled, withdrawn, insert]);
    return { told: rows[0]?.told ?? 0, mailed: rows[0]?.mailed ?? 0, phoned: rows[0]?.phoned ?? 0 };
  }

  /**
   * What the event settles is read for everyone who has it (a team accepted: every manager's `team.waiting`), before
   * the event's own notifications are written (a result entered anew settles the last one and asks again).
   */
  async function settle(client: pg.PoolClient, event: NotifierInput, now: Date): Promise<void> {
    const settled = settledBy(event);
    if (!settled) return;
    await client.query(
      `UPDATE courtside.notifications SET read_at = $3
       WHERE about = $1 AND kind = $2 AND read_at IS NULL`,
      [settled.about, settled.kind, now],
    );
  }

  /**
   * DESIGN.md §17: the unsent mails (and pushes to phones) the event withdraws are not sent. A mail a sender holds right now (on its way) is
   * left to it: sent, it stays sent; failed, the sender sees `mail_withdrawn_at` and drops it (mail-sender.ts).
   */
  async function withdrawMail(client: pg.PoolClient, event: NotifierInput, now: Date): Promise<void> {
    const withdrawn = mailWithdrawnBy(event);
    if (!withdrawn) return;
    await client.query(
      `WITH withdrawn AS (
         UPDATE courtside.notifications SET mail_withdrawn_at = $3
         WHERE about = $1 AND kind = $2 AND mail_withdrawn_at IS NULL
         RETURNING id
       ), unmailed AS (
         DELETE FROM courtside.mail_outbox WHERE id IN (
           SELECT o.id FROM courtside.mail_outbox o JOIN withdrawn w ON w.id = o.notification_id
           WHERE o.sent_at IS NULL FOR UPDATE OF o SKIP LOCKED)
       )
       DELETE FROM courtside.push_outbox WHERE id IN (
         SELECT o.id FROM courtside.push_outbox o JOIN withdrawn w ON w.id = o.notification_id
         WHERE o.sent_at IS NULL FOR UPDATE OF o SKIP LOCKED)`,
      [withdrawn.about, withdrawn.kind, now],
    );
  }

  /** The notifier's clock: open challenges whose answer is due within a day get one reminder each. */
  async function runReminders(): Promise<void> {
    const now = options.clock();
    const rows = await challengesDueForReminder(
      pool,
      schema,
      now,
      new Date(now.getTime() + REMINDER_BEFORE_MS),
    );
    for (const row of rows) {
      const due = { issuedAt: row.issued_at.toISOString(), respondBy: row.respond_by.toISOString() };
      if (!reminderDue(due, now)) continue;
      const input: ChallengeReminderDue = {
        type: 'ChallengeReminderDue',
        id: `reminder:${row.id}`,
        companyId: row.company_id,
        actorId: 'system',
        payload: {
          challengeId: row.id,
          seasonId: row.season_id,
          ladderId: row.ladder_id,
          challengerTeamId: row.challenger_team_id,
          defenderTeamId: row.defender_team_id,
          respondBy: due.respondBy,
        },
      };
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const written = await decideAndWrite(client, input, await readNotifyContext(client, schema, input));
        await client.query('COMMIT');
        if (written.mailed > 0) options.onMailQueued?.();
        if (written.phoned > 0) options.onPushQueued?.();
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }
  }

  return {
    started,
    runReminders,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearInterval(reminders);
        await started.catch(() => undefined);
        await consumer?.stop();
        await projection.close();
        await pool.end();
      })();
      return stopped;
    },
  };
}

/** Answers a repeated read query from memory: the same SQL with the same values gives the same rows. */
function cachedReads(client: pg.ClientBase): Pick<pg.ClientBase, 'query'> {
  const answers = new Map<string, Promise<pg.QueryResult>>();
  const query = (text: string, values?: unknown[]) => {
    const key = `${text}\u0000${JSON.stringify(values ?? [])}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = client.query(text, values);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
  return { query } as unknown as Pick<pg.ClientBase, 'query'>;
}
