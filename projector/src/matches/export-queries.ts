import type pg from 'pg';
import type { SideScoreInput } from '@courtside/events/matches/scoring';
import { API_ACCOUNTS_TABLE, API_TOURNAMENT_NAMES_TABLE, accountNameSql } from '../api-tables.ts';
import { KNOCKOUT_MATCH_TYPE } from '@courtside/events/tournaments/knockout';
import { matchSideMembers } from './match-sides.ts';

/** The company's results export (DESIGN.md §8), in the matches read model: every match with its result. */

type Queryable = Pick<pg.Pool, 'query'>;

const PAGE = 200;

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
  FROM ${matchSideMembers('m.season_id')} tm JOIN ${API_ACCOUNTS_TABLE} a ON a.id = tm.account_id WHERE tm.team_id = m.${side})`;

/**
 * Every match of a company with its result, season by season (oldest season first), page by page; a knockout's
 * draw matches (DESIGN.md §16) under their tournament, among the seasons by its first day.
 */
export async function* resultsOf(db: Queryable, companyId: string): AsyncGenerator<ResultRow> {
  const { rows: seasons } = await db.query<{ id: string }>(
    `SELECT id FROM (SELECT id, start_date AS first_day, 0 AS kind FROM seasons WHERE company_id = $1
       UNION ALL SELECT id, left(starts_at, 10)::date, 1 FROM tournaments
       WHERE company_id = $1 AND format = 'KNOCKOUT') parts
     ORDER BY first_day, kind, id`,
    [companyId],
  );
  for (const season of seasons) {
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const { rows } = await db.query<ResultRow & { created_at: Date }>(
        `SELECT m.season_id, coalesce(s.name, tn.name, '') AS season_name, m.id AS match_id, m.date, m.status,
           coalesce(s.match_type, '${KNOCKOUT_MATCH_TYPE}') AS match_type,
           m.defender_score, m.challenger_score, m.winner, m.confirmation_state, m.created_at,
           ${namesOf('defender_id')} AS defender_names, ${namesOf('challenger_id')} AS challenger_names
         FROM matches m LEFT JOIN seasons s ON s.id = m.season_id
           LEFT JOIN tournaments t ON t.id = m.season_id AND s.id IS NULL
           LEFT JOIN ${API_TOURNAMENT_NAMES_TABLE} tn ON tn.id = t.name_id
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
