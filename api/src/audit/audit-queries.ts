import type pg from 'pg';
import { API_ACCOUNTS_TABLE, accountNameSql } from '@courtside/projector/api-tables';

export interface HistoryRow {
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
  db: Pick<pg.Pool, 'query'>,
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
