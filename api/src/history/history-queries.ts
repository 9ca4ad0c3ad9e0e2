import type pg from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { SideScoreInput } from '@courtside/events/matches/scoring';
import { API_ACCOUNTS_TABLE, accountNameSql } from '@courtside/projector/api-tables';
import { ratingFoldTypes } from '@courtside/events/ratings/fold';

type Queryable = Pick<pg.Pool, 'query'>;

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

/** Names (or emails) of accounts, by id. */
export async function accountNamesOf(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; full_name: string | null }>(
    `SELECT id::text, ${accountNameSql(API_ACCOUNTS_TABLE, 'NULL')} AS full_name FROM ${API_ACCOUNTS_TABLE} WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.full_name]));
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

export interface ResultRow {
  season_id: string;
  season_name: string;
  match_id: string;
  date: string | null;
  status: string;
  match_type: 'GAMESONLY' | 'BESTOFTHREE' | 'BESTOFFIVE';
  defender_score: SideScoreInput;
  challenger_score: SideScoreInput;
  winner: 'defender' | 'challenger' | null;
  confirmation_state: string;
  defender_names: string[] | null;
  challenger_names: string[] | null;
}

const namesOf = (
  side: string,
) => `(SELECT array_agg(${accountNameSql('a', "'Player'")} ORDER BY tm.member_order)
  FROM team_members tm JOIN ${API_ACCOUNTS_TABLE} a ON a.id = tm.account_id WHERE tm.team_id = m.${side})`;

/** Every match of a company with its result, season by season (oldest season first), page by page. */
export async function* resultsOf(db: Queryable, companyId: string): AsyncGenerator<ResultRow> {
  const { rows: seasons } = await db.query<{ id: string }>(
    'SELECT id FROM seasons WHERE company_id = $1 ORDER BY start_date, id',
    [companyId],
  );
  for (const season of seasons) {
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const { rows } = await db.query<ResultRow & { created_at: Date }>(
        `SELECT s.id AS season_id, s.name AS season_name, m.id AS match_id, m.date, m.status, s.match_type,
           m.defender_score, m.challenger_score, m.winner, m.confirmation_state, m.created_at,
           ${namesOf('defender_id')} AS defender_names, ${namesOf('challenger_id')} AS challenger_names
         FROM matches m JOIN seasons s ON s.id = m.season_id
         WHERE m.season_id = $1 AND ($2::timestamptz IS NULL OR (m.created_at, m.id) > ($2, $3::uuid))
         ORDER BY m.created_at, m.id LIMIT ${PAGE}`,
        [season.id, after?.createdAt ?? null, after?.id ?? null],
      );
      yield* rows;
      if (rows.length < PAGE) break;
      const last = rows.at(-1)!;
      after = { createdAt: last.created_at, id: last.match_id };
    }
  }
}
