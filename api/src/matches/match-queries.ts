import type pg from 'pg';
import type { Confirmation, MatchState, RecordedSide } from '@courtside/events/matches/decider';
import type { LiveMatchState } from '@courtside/events/live/decider';
import type { LiveConfig, Side } from '@courtside/events/live/engine';
import type { MatchType } from '@courtside/events/ladders/model';
import { rulesOf, type LadderRules } from '@courtside/events/ladders/rules';
import { API_ACCOUNTS_TABLE } from '@courtside/projector/api-tables';
import { confirmationJson } from '@courtside/projector/matches/match-view';

type Queryable = Pick<pg.Pool, 'query'>;

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

/** The columns the match routes check a caller against. */
export interface MatchRow {
  id: string;
  company_id: string;
  season_id: string;
  ladder_id: string;
  status: string;
  had_winner: boolean;
  date: string | null;
}

export async function matchRowOf(db: Queryable, matchId: string): Promise<MatchRow | undefined> {
  const { rows } = await db.query<MatchRow>(
    'SELECT id, company_id, season_id, ladder_id, status, had_winner, date FROM matches WHERE id = $1',
    [matchId],
  );
  return rows[0];
}

/** The side of the match an account plays on, if any. */
export async function sideOf(
  db: Queryable,
  matchId: string,
  accountId: string,
): Promise<'defender' | 'challenger' | undefined> {
  const { rows } = await db.query<{ side: 'defender' | 'challenger' }>(
    `SELECT CASE WHEN tm.team_id = m.defender_id THEN 'defender' ELSE 'challenger' END AS side
     FROM matches m JOIN team_members tm ON tm.team_id IN (m.defender_id, m.challenger_id)
     WHERE m.id = $1 AND tm.account_id = $2`,
    [matchId, accountId],
  );
  return rows[0]?.side;
}

/**
 * Spec §7 "Matches" list: one page of match ids for the filters, in the spec's order. A match matches every tag
 * (its ladder, season, teams and their players are its `tags`, GIN-indexed).
 */
export async function matchIdsOf(
  db: Queryable,
  filter: {
    PAGE: number;
    TAGS: string[];
    NOTCOMPLETED?: string;
    COMPLETED?: string;
    /** Only the matches of this account. */
    own: string | undefined;
    pageSize: number;
  },
): Promise<string[]> {
  const statuses = [
    ...(filter.NOTCOMPLETED ? ['planned'] : []),
    ...(filter.COMPLETED ? ['completed', 'retired', 'walkover', 'cancelled'] : []),
  ];
  const order =
    filter.NOTCOMPLETED && !filter.COMPLETED
      ? 'm.date ASC NULLS LAST, m.created_at, m.id'
      : 'coalesce(m.date, to_char(m.updated_at, \'YYYY-MM-DD"T"HH24:MI\')) DESC, m.id';
  const { rows } = await db.query<{ id: string }>(
    `SELECT m.id FROM matches m
     WHERE (cardinality($1::text[]) = 0 OR m.status = ANY($1::text[]))
       AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM team_members tm
            WHERE tm.team_id IN (m.defender_id, m.challenger_id) AND tm.account_id = $2))
       AND m.tags @> $3::uuid[]
     ORDER BY ${order} LIMIT $4 OFFSET $5`,
    [statuses, filter.own ?? null, filter.TAGS, filter.pageSize, filter.PAGE * filter.pageSize],
  );
  return rows.map((row) => row.id);
}

/** The members of both sides with their contact details (spec §7 "contactinfo"), defender first. */
export async function matchContactsOf(db: Queryable, matchId: string) {
  const { rows } = await db.query<{
    side: 'defender' | 'challenger';
    account_id: string;
    name: string;
    email: string;
    cc: string | null;
    number: string | null;
  }>(
    `SELECT CASE WHEN tm.team_id = m.defender_id THEN 'defender' ELSE 'challenger' END AS side, a.id AS account_id,
       coalesce(a.full_name, a.email) AS name, a.email, a.phone_country_code AS cc, a.phone_number AS number
     FROM matches m JOIN team_members tm ON tm.team_id IN (m.defender_id, m.challenger_id)
     JOIN ${API_ACCOUNTS_TABLE} a ON a.id = tm.account_id WHERE m.id = $1 ORDER BY side DESC, tm.member_order`,
    [matchId],
  );
  return rows;
}

/** What live scoring decides against: the match with its season, its sport, and its points so far. */
export async function liveStateOf(db: Queryable, matchId: string): Promise<LiveMatchState> {
  const match = await matchStateOf(db, matchId);
  const { rows } = await db.query<{
    firstServer: Side;
    noAd: boolean;
    finalSet: LiveConfig['finalSet'];
    points: Side[];
    ended: boolean;
    sportsCategory: string;
  }>(
    `SELECT l.first_server AS "firstServer", l.no_ad AS "noAd", l.final_set AS "finalSet", l.points, l.ended,
       ld.sports_category AS "sportsCategory"
     FROM live_scores l JOIN ladders ld ON ld.id = l.ladder_id WHERE l.match_id = $1`,
    [matchId],
  );
  const row = rows[0];
  if (!row || !match.season) return { match };
  const { points, ended, sportsCategory, ...rules } = row;
  // While scored live the match's games only mirror the points: no result is recorded until the match ends.
  const noScore = { matchSets: [], special: 'none' as const };
  const recorded = match.match && { ...match.match, defender: noScore, challenger: noScore };
  return {
    match: recorded ? { ...match, match: recorded } : match,
    sportsCategory,
    live: { config: { matchType: match.season.matchType, ...rules }, points, ended },
  };
}
