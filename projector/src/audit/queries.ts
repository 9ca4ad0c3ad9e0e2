import type pg from 'pg';
import { prepared } from '@courtside/eventlog/db/prepared';
import type { EventEnvelope } from '@courtside/events/envelope';
import { API_ACCOUNTS_TABLE, accountNameSql } from '../api-tables.ts';
import { ratingFoldTypes } from '@courtside/events/ratings/fold';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * The queries on the audit read model's `company_events` table, in the module that owns it: the audit page, the
 * events a season's history and the ratings fold, and the ndjson export and chain check (page by page).
 */

/** One stored event of a company: its `position` (the company's own count, DESIGN.md §8) and who did it. */
export interface StoredEvent {
  position: number;
  event: EventEnvelope;
  actorName: string | null;
}

interface EventRow {
  seq: number;
  id: string;
  type: string;
  stream_id: string;
  actor_id: string;
  actor_name: string | null;
  occurred_at: Date;
  payload: unknown;
  envelope: EventEnvelope | null;
}

function toStored(companyId: string, row: EventRow): StoredEvent {
  return {
    position: row.seq,
    actorName: row.actor_name,
    // The payload as the projector read it (upcast to the current version): what the fold works with.
    event: {
      id: row.id,
      type: row.type,
      schemaVersion: row.envelope?.schemaVersion ?? 1,
      companyId,
      streamId: row.stream_id,
      actorId: row.actor_id,
      occurredAt: row.occurred_at.toISOString(),
      correlationId: row.envelope?.correlationId ?? row.id,
      payload: row.payload,
    },
  };
}

const columns = `e.seq, e.event_id AS id, e.type, e.stream_id, e.actor_id, e.occurred_at, e.payload, e.envelope,
  ${accountNameSql('a', 'a.email')} AS actor_name`;

/**
 * The events a season's history folds, oldest first: the season's own and its ladder's details (its name and sports
 * category).
 */
export async function seasonFoldEventsOf(
  db: Queryable,
  season: { companyId: string; seasonId: string; ladderId: string },
): Promise<StoredEvent[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${columns}
     FROM company_events e LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id::text = e.actor_id
     WHERE e.company_id = $1
       AND (e.season_id = $2 OR (e.ladder_id = $3 AND e.season_id IS NULL AND e.type IN ('LadderCreated', 'LadderUpdated')))
     ORDER BY e.seq`,
    [season.companyId, season.seasonId, season.ladderId],
  );
  return rows.map((row) => toStored(season.companyId, row));
}

/** The company's events the ratings fold (events/src/ratings/fold.ts) up to `position`, oldest first. */
export async function ratingEventsOf(
  db: Queryable,
  companyId: string,
  position: number,
): Promise<EventEnvelope[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${columns}
     FROM company_events e LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id::text = e.actor_id
     WHERE e.company_id = $1 AND e.seq <= $2 AND e.type = ANY($3::text[])
     ORDER BY e.seq`,
    [companyId, position, [...ratingFoldTypes]],
  );
  return rows.map((row) => toStored(companyId, row).event);
}

/** The position of the company's last event (0: none). */
export async function lastPositionOf(db: Queryable, companyId: string): Promise<number> {
  const { rows } = await db.query<{ last: number | null }>(
    'SELECT max(seq) AS last FROM company_events WHERE company_id = $1',
    [companyId],
  );
  return rows[0]?.last ?? 0;
}

const PAGE = 200;

/**
 * A company's stored events in position order, page by page (never all in memory): the event exactly as the log
 * holds it, or null for a row projected before the copy was kept (the chain check, DESIGN.md §8).
 */
export async function* storedEnvelopesOf(
  db: Queryable,
  companyId: string,
): AsyncGenerator<{ position: number; envelope: Record<string, unknown> | null }> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ seq: number; envelope: Record<string, unknown> | null }>(
      `SELECT seq, envelope FROM company_events WHERE company_id = $1 AND seq > $2 ORDER BY seq LIMIT ${PAGE}`,
      [companyId, after],
    );
    for (const row of rows) yield { position: row.seq, envelope: row.envelope };
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.seq;
  }
}

/**
 * The ndjson export's lines (DESIGN.md §8): each stored event as the log holds it with its `position`, page by page.
 * The stored JSON text is passed on as it is (never parsed and written again), so memory stays flat.
 */
export async function* exportLinesOf(db: Queryable, companyId: string): AsyncGenerator<string> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<EventRow & { text: string | null }>(
      `SELECT e.seq, e.event_id AS id, e.type, e.stream_id, e.actor_id, e.occurred_at,
         CASE WHEN e.envelope IS NULL THEN e.payload END AS payload, e.envelope::text AS text, NULL AS envelope
       FROM company_events e
       WHERE e.company_id = $1 AND e.seq > $2 ORDER BY e.seq LIMIT ${PAGE}`,
      [companyId, after],
    );
    let chunk = '';
    for (const row of rows) {
      const stored = row.text ?? JSON.stringify(toStored(companyId, row).event);
      chunk += `{"position":${row.seq},${stored.slice(1)}\n`;
    }
    if (chunk) yield chunk;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.seq;
  }
}

interface HistoryRow {
  seq: number;
  id: string;
  type: string;
  streamId: string;
  occurredAt: Date;
  payload: unknown;
  actorId: string;
  actorName: string | null;
}

/** A page of a company's events, newest first, with who did them (DESIGN.md §2 audit). */
export async function companyHistoryOf(
  db: Queryable,
  page: { companyId: string; stream?: string | undefined; after?: number | undefined; limit: number },
): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT e.seq, e.event_id AS id, e.type, e.stream_id AS "streamId", e.occurred_at AS "occurredAt", e.payload,
       e.actor_id AS "actorId", ${accountNameSql('a', 'a.email')} AS "actorName"
     FROM company_events e LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id::text = e.actor_id
     WHERE e.company_id = $1
       AND ($2::text IS NULL OR e.stream_id = $2 OR e.ladder_id = $2 OR e.season_id = $2)
       AND ($3::integer IS NULL OR e.seq < $3)
     ORDER BY e.seq DESC LIMIT $4`,
    [page.companyId, page.stream ?? null, page.after ?? null, page.limit],
  );
  return rows;
}

/** The hash of the company's last event, null when it has none (or was written before hashes began). */
export async function lastEventHashOf(db: Queryable, companyId: string): Promise<string | null> {
  const { rows } = await db.query<{ hash: string | null }>(
    prepared(
      `SELECT envelope->>'hash' AS hash FROM company_events WHERE company_id = $1 ORDER BY seq DESC LIMIT 1`,
      [companyId],
    ),
  );
  return rows[0]?.hash ?? null;
}
