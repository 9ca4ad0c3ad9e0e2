import type { QueryResultRow } from 'pg';
import { isProvisional } from '@courtside/events/ratings/glicko2';
import type { SportsCategory } from '@courtside/events/ladders/model';
import { API_ACCOUNTS_TABLE, accountNameSql } from '../api-tables.ts';

/** The reads of the ratings read model (DESIGN.md §11); names come from the accounts beside the log. */
interface Queryable {
  query<R extends QueryResultRow>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

const nameOf = (alias: string) => accountNameSql(alias, "'Player'");

/** The player's name, or undefined when no account has that id. */
export async function playerNameOf(db: Queryable, playerId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT ${nameOf('a')} AS name FROM ${API_ACCOUNTS_TABLE} a WHERE a.id = $1`,
    [playerId],
  );
  return rows[0]?.name;
}

interface CompanyRatings {
  companyId: string;
  name: string;
  ratings: Array<{
    sportsCategory: SportsCategory;
    rating: number;
    deviation: number;
    provisional: boolean;
    matches: number;
  }>;
}

/** The player's ratings in every company they were rated in, by company name. */
export async function companyRatingsOf(db: Queryable, playerId: string): Promise<CompanyRatings[]> {
  const { rows } = await db.query<{
    company_id: string;
    name: string;
    sports_category: SportsCategory;
    rating: number;
    deviation: number;
    matches: number;
  }>(
    `SELECT r.company_id, c.name, r.sports_category, r.rating, r.deviation, r.matches
     FROM player_ratings r JOIN companies c ON c.id = r.company_id
     WHERE r.player_id = $1 ORDER BY lower(c.name), r.company_id, r.sports_category`,
    [playerId],
  );
  const companies = new Map<string, CompanyRatings>();
  for (const row of rows) {
    const company = companies.get(row.company_id) ?? {
      companyId: row.company_id,
      name: row.name,
      ratings: [],
    };
    company.ratings.push({
      sportsCategory: row.sports_category,
      rating: Math.round(row.rating),
      deviation: Math.round(row.deviation),
      provisional: isProvisional(row),
      matches: row.matches,
    });
    companies.set(row.company_id, company);
  }
  return [...companies.values()];
}

export interface PlayedResult {
  matchId: string;
  won: boolean;
}

/**
 * The player's confirmed results with a winner in every club, newest first: what the record, the streak and the
 * recent matches are made of (a walkover counts as played, won and lost: DESIGN.md §15).
 */
export async function resultsOf(db: Queryable, playerId: string): Promise<PlayedResult[]> {
  const { rows } = await db.query<{ match_id: string; won: boolean }>(
    `SELECT match_id, (winner = 'defender') = ($1 = ANY(defender_ids)) AS won
     FROM rating_results
     WHERE counts AND winner IS NOT NULL AND place IS NOT NULL AND (defender_ids || challenger_ids) @> ARRAY[$1::uuid]
     ORDER BY counted_at DESC, place DESC`,
    [playerId],
  );
  return rows.map((row) => ({ matchId: row.match_id, won: row.won }));
}

interface RatingChangeView {
  matchId: string;
  at: string;
  before: number;
  after: number;
  deviationBefore: number;
  deviationAfter: number;
  expected: number;
  won: boolean;
  opponents: Array<{ playerId: string; name: string; rating: number }>;
}

/** How the player's rating of one company and sports category moved, oldest first. */
export async function ratingChangesOf(
  db: Queryable,
  playerId: string,
  companyId: string,
  sportsCategory: SportsCategory,
): Promise<RatingChangeView[]> {
  const { rows } = await db.query<{
    match_id: string;
    at: Date;
    before: number;
    after: number;
    deviation_before: number;
    deviation_after: number;
    expected: number;
    won: boolean;
    opponents: Array<{ playerId: string; rating: number; name: string }>;
  }>(
    `SELECT c.match_id, c.at, c.before, c.after, c.deviation_before, c.deviation_after, c.expected, c.won,
       (SELECT json_agg(o || jsonb_build_object('name',
          coalesce((SELECT ${nameOf('a')} FROM ${API_ACCOUNTS_TABLE} a WHERE a.id = (o->>'playerId')::uuid), 'Player'))
          ORDER BY n)
        FROM jsonb_array_elements(c.opponents) WITH ORDINALITY AS e(o, n)) AS opponents
     FROM rating_changes c
     WHERE c.player_id = $1 AND c.company_id = $2 AND c.sports_category = $3 ORDER BY c.place`,
    [playerId, companyId, sportsCategory],
  );
  return rows.map((row) => ({
    matchId: row.match_id,
    at: row.at.toISOString(),
    before: row.before,
    after: row.after,
    deviationBefore: row.deviation_before,
    deviationAfter: row.deviation_after,
    expected: row.expected,
    won: row.won,
    opponents: row.opponents.map(({ playerId: id, name, rating }) => ({ playerId: id, name, rating })),
  }));
}

/** The confirmed results with a winner between `a` and `b` on opposite sides, newest first. */
export async function versusOf(
  db: Queryable,
  a: string,
  b: string,
): Promise<Array<{ matchId: string; wonByA: boolean }>> {
  const { rows } = await db.query<{ match_id: string; won_by_a: boolean }>(
    `SELECT match_id, (winner = 'defender') = ($1 = ANY(defender_ids)) AS won_by_a
     FROM rating_results
     WHERE counts AND winner IS NOT NULL AND place IS NOT NULL
       AND (($1 = ANY(defender_ids) AND $2 = ANY(challenger_ids)) OR ($1 = ANY(challenger_ids) AND $2 = ANY(defender_ids)))
     ORDER BY counted_at DESC, place DESC`,
    [a, b],
  );
  return rows.map((row) => ({ matchId: row.match_id, wonByA: row.won_by_a }));
}
