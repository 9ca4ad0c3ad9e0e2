import type pg from 'pg';
import type { EventLog } from '@courtside/eventlog/log/port';

interface NotifierStatus {
  /** Events in the log the notifier has not decided on yet. */
  lag: number;
  heartbeatAgeSeconds: number | null;
  /** Mails waiting to be sent (including those waiting for a retry). */
  outboxSize: number;
  /** Mails given up after repeated failures. */
  outboxFailed: number;
}

export async function readNotifierStatus(pool: pg.Pool, log: EventLog): Promise<NotifierStatus> {
  const [head, checkpoints, heartbeat, outbox] = await Promise.all([
    log.head(),
    pool.query<{ partition: number; next_offset: string }>(
      'SELECT partition, next_offset FROM courtside.notifier_checkpoints WHERE log = $1',
      [log.id],
    ),
    pool.query<{ age: number | null }>(
      'SELECT extract(epoch FROM now() - beat_at)::float AS age FROM courtside.notifier_heartbeat',
    ),
    pool.query<{ waiting: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)::int AS waiting,
              count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
       FROM courtside.mail_outbox WHERE sent_at IS NULL`,
    ),
  ]);
  const done = new Map(checkpoints.rows.map((row) => [row.partition, Number(row.next_offset)]));
  const lag = Object.entries(head).reduce(
    (sum, [partition, next]) => sum + Math.max(0, next - (done.get(Number(partition)) ?? 0)),
    0,
  );
  return {
    lag,
    heartbeatAgeSeconds: heartbeat.rows[0]?.age ?? null,
    outboxSize: outbox.rows[0]?.waiting ?? 0,
    outboxFailed: outbox.rows[0]?.failed ?? 0,
  };
}
