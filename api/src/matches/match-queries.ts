import type pg from 'pg';
import type { MatchState, RecordedSide } from '@courtside/events/matches/decider';
import type { MatchType } from '@courtside/events/ladders/model';

type Queryable = Pick<pg.Pool, 'query'>;

/** A season's match settings and its active teams' positions, as the match rules decide against them. */
export async function seasonMatchStateOf(db: Queryable, seasonId: string): Promise<MatchState> {
  const { rows } = await db.query<{
    seasonId: string;
    ladderId: string;
    matchType: MatchType;
    latestDate: string;
    positions: Record<string, number> | null;
  }>(
    `SELECT s.id AS "seasonId", s.ladder_id AS "ladderId", s.match_type AS "matchType",
       to_char(s.end_date, 'YYYY-MM-DD') AS "latestDate",
       (SELECT json_object_agg(t.id, t.position) FROM teams t WHERE t.season_id = s.id AND t.status = 'active')
         AS positions
     FROM seasons s WHERE s.id = $1`,
    [seasonId],
  );
  const season = rows[0];
  return season ? { season: { ...season, positions: season.positions ?? {} } } : {};
}

/** One match with its season, as the match rules decide against it. */
export async function matchStateOf(db: Queryable, matchId: string): Promise<MatchState> {
  const { rows } = await db.query<{
    seasonId: string;
    defenderId: string;
    challengerId: string;
    defender: RecordedSide;
    challenger: RecordedSide;
    date: string | null;
    status: string;
    hadWinner: boolean;
  }>(
    `SELECT season_id AS "seasonId", defender_id AS "defenderId", challenger_id AS "challengerId",
       defender_score AS defender, challenger_score AS challenger, date, status, had_winner AS "hadWinner"
     FROM matches WHERE id = $1`,
    [matchId],
  );
  const row = rows[0];
  if (!row) return {};
  const { season } = await seasonMatchStateOf(db, row.seasonId);
  const { seasonId: _seasonId, status, ...match } = row;
  return { season, match: { matchId, ...match, cancelled: status === 'cancelled' } };
}
