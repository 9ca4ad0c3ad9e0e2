import type pg from 'pg';
import type { OutboxPush } from './projected-notification.ts';

/**
 * The projector's live outbox (`outbox` in the read model schema `schema`, projector/migrations) as the live channel
 * reads it (api/src/live/live-server.ts): the pushes a notification did not carry, and where it starts.
 */

type Queryable = Pick<pg.Pool, 'query'>;

/** The pushes with ids in (after, upTo], in id order. */
export async function outboxRowsBetween(
  db: Queryable,
  schema: string,
  after: number,
  upTo: number,
): Promise<OutboxPush[]> {
  const { rows } = await db.query<OutboxPush>(
    `SELECT id, room, position, event, data FROM ${schema}.outbox WHERE id > $1 AND id <= $2 ORDER BY id`,
    [after, upTo],
  );
  return rows;
}

/** The pushes with the given ids (those that exist), in id order. */
export async function outboxRowsWithIds(
  db: Queryable,
  schema: string,
  ids: readonly number[],
): Promise<OutboxPush[]> {
  const { rows } = await db.query<OutboxPush>(
    `SELECT id, room, position, event, data FROM ${schema}.outbox WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [ids],
  );
  return rows;
}

/** The highest outbox id (0: none yet). */
export async function lastOutboxId(db: Queryable, schema: string): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>(`SELECT max(id) AS max FROM ${schema}.outbox`);
  return rows[0]?.max ?? 0;
}

/**
 * Where a room stands for a subscriber: the room's position as of outbox id `delivered`, the outbox id of the last
 * push at or before position `since` (what the client holds), and the oldest position the outbox still keeps.
 */
export async function roomStanding(
  db: Queryable,
  schema: string,
  at: { room: string; delivered: number; since: number },
): Promise<{ position: number; heldId: number; oldest: number | null }> {
  const { rows } = await db.query<{ position: number; heldId: number; oldest: number | null }>(
    `SELECT coalesce((SELECT last FROM ${schema}.room_positions WHERE room = $1), 0)
                - (SELECT count(*) FROM ${schema}.outbox WHERE room = $1 AND id > $2) AS position,
              coalesce((SELECT max(id) FROM ${schema}.outbox WHERE room = $1 AND position <= $3), 0) AS "heldId",
              (SELECT min(position) FROM ${schema}.outbox WHERE room = $1) AS oldest`,
    [at.room, at.delivered, at.since],
  );
  return rows[0]!;
}

/**
 * A room's missed pushes in (heldId, delivered], at most `limit`, with the rows of the same pushes to other rooms
 * (written within `spread` ids of them); `mine` marks the room's own.
 */
export async function roomCatchUpRows(
  db: Queryable,
  schema: string,
  range: { room: string; heldId: number; delivered: number; limit: number; spread: number },
): Promise<Array<OutboxPush & { mine: boolean }>> {
  const { rows } = await db.query<OutboxPush & { mine: boolean }>(
    `WITH mine AS (
         SELECT id, event, data FROM ${schema}.outbox
         WHERE room = $1 AND id > $2 AND id <= $3 ORDER BY id LIMIT $4
       )
       SELECT DISTINCT ON (o.id) o.id, o.room, o.position, o.event, o.data, (o.room = $1 AND o.id > $2) AS mine
       FROM mine m JOIN ${schema}.outbox o
         ON o.id BETWEEN m.id - $5 AND m.id + $5 AND o.id <= $3 AND o.event = m.event AND o.data = m.data
       ORDER BY o.id`,
    [range.room, range.heldId, range.delivered, range.limit, range.spread],
  );
  return rows;
}
