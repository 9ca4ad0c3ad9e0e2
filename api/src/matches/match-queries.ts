import type pg from 'pg';
import type { Confirmation, MatchState, RecordedSide } from '@courtside/events/matches/decider';
import type { MatchType } from '@courtside/events/ladders/model';
import { rulesOf, type LadderRules } from '@courtside/events/ladders/rules';

type Queryable = Pick<pg.Pool, 'query'>;

/** A match's confirmation as JSON (DESIGN.md §5), from its columns. */
export const confirmationJson = (table: string) => `json_strip_nulls(json_build_object(
  'state', ${table}.confirmation_state,
  'dueAt', to_char(${table}.confirmation_due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'enteredBy', ${table}.entered_by, 'side', ${table}.entered_side))`;

/** A season's match settings and its active teams' positions, as the match rules decide against them. */
export async function seasonMatchStateOf(db: Queryable, seasonId: string): Promise<MatchState> {
  const { rows } = await db.query<{
    seasonId: string;
    ladderId: string;
    matchType: MatchType;
    latestDate: string;
    positions: Record<string, number> | null;
    rules: Partial<LadderRules> | null;
  }>(
    `SELECT s.id AS "seasonId", s.ladder_id AS "ladderId", s.match_type AS "matchType",
       to_char(s.end_date, 'YYYY-MM-DD') AS "latestDate", s.rules,
       (SELECT json_object_agg(t.id, t.position) FROM teams t WHERE t.season_id = s.id AND t.status = 'active')
         AS positions
     FROM seasons s WHERE s.id = $1`,
    [seasonId],
  );
  const season = rows[0];
  if (!season) return {};
  const { rules, ...settings } = season;
  const { confirmHours, movement } = rulesOf(rules);
  return { season: { ...settings, positions: season.positions ?? {}, confirmHours, movement } };
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
    confirmation: Confirmation;
  }>(
    `SELECT season_id AS "seasonId", defender_id AS "defenderId", challenger_id AS "challengerId",
       defender_score AS defender, challenger_score AS challenger, date, status, had_winner AS "hadWinner",
       ${confirmationJson('matches')} AS confirmation
     FROM matches WHERE id = $1`,
    [matchId],
  );
  const row = rows[0];
  if (!row) return {};
  const { season } = await seasonMatchStateOf(db, row.seasonId);
  const { seasonId: _seasonId, status, ...match } = row;
  return { season, match: { matchId, ...match, cancelled: status === 'cancelled' } };
}
