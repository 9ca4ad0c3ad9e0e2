import type pg from 'pg';
import type { Confirmation, MatchActor, MatchState, RecordedSide } from '@courtside/events/matches/decider';
import type { MatchType } from '@courtside/events/ladders/model';
import type { SeasonFormat } from '@courtside/events/boxes/model';
import { rulesOf, type LadderRules } from '@courtside/events/ladders/rules';
import { API_ACCOUNTS_TABLE, API_MATCH_LOCATIONS_TABLE, accountNameSql } from '../api-tables.ts';
import { confirmationJson } from './match-view.ts';
import { matchSideMembers } from './match-sides.ts';
import { knockoutMatchStateOf } from '../tournaments/queries.ts';

/**
 * The queries on the matches tables, in the module that owns them: the match rules' state (the loaders the
 * commands decide against, under the company's lock) and the lists the routes read.
 */

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * A season's match settings and its active teams' positions, as the match rules decide against them; with
 * `accountId`, also whether that account manages the season's club (`caller`).
 */
export async function seasonMatchStateOf(
  db: Queryable,
  seasonId: string,
  accountId?: string,
): Promise<MatchState> {
  const { rows } = await db.query<{
    seasonId: string;
    ladderId: string;
    matchType: MatchType;
    earliestDate: string;
    latestDate: string;
    positions: Record<string, number> | null;
    rules: Partial<LadderRules> | null;
    manages: boolean;
    format: SeasonFormat;
  }>(
    `SELECT s.id AS "seasonId", s.ladder_id AS "ladderId", s.match_type AS "matchType",
       to_char(s.start_date, 'YYYY-MM-DD') AS "earliestDate", to_char(s.end_date, 'YYYY-MM-DD') AS "latestDate",
       s.rules, s.format,
       (SELECT json_object_agg(t.id, t.position) FROM teams t WHERE t.season_id = s.id AND t.status = 'active')
         AS positions,
       EXISTS (SELECT 1 FROM company_managers cm WHERE cm.company_id = s.company_id AND cm.account_id = $2)
         AS manages
     FROM seasons s WHERE s.id = $1`,
    [seasonId, accountId ?? null],
  );
  const season = rows[0];
  if (!season) return {};
  const { rules, manages, ...settings } = season;
  const { confirmHours, movement } = rulesOf(rules);
  return {
    season: { ...settings, positions: season.positions ?? {}, confirmHours, movement },
    ...(accountId === undefined
      ? {}
      : { caller: { accountId, actor: manages ? { role: 'manager' as const } : null } }),
  };
}

/**
 * One match with its season, as the match rules decide against it; with `accountId`, also what that account is to
 * the match (`caller`): a manager of its club first, else a player of one side, else nothing.
 */
export async function matchStateOf(db: Queryable, matchId: string, accountId?: string): Promise<MatchState> {
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
    locationId: string | null;
    manages: boolean;
    side: 'defender' | 'challenger' | null;
  }>(
    `SELECT m.season_id AS "seasonId", m.defender_id AS "defenderId", m.challenger_id AS "challengerId",
       m.defender_score AS defender, m.challenger_score AS challenger, m.date, m.status,
       m.had_winner AS "hadWinner", m.location_id AS "locationId",
       -- A counted result is only that to the rules: who entered it is the view's (as evolve folds it).
       CASE WHEN m.confirmation_state = 'confirmed' THEN json_build_object('state', 'confirmed')
         ELSE ${confirmationJson('m')} END AS confirmation,
       EXISTS (SELECT 1 FROM company_managers cm WHERE cm.company_id = m.company_id AND cm.account_id = $2)
         AS manages,
       (SELECT CASE WHEN tm.team_id = m.defender_id THEN 'defender' ELSE 'challenger' END
          FROM ${matchSideMembers('m.season_id')} tm
          WHERE tm.team_id IN (m.defender_id, m.challenger_id) AND tm.account_id = $2
          LIMIT 1) AS side
     FROM matches m WHERE m.id = $1`,
    [matchId, accountId ?? null],
  );
  const row = rows[0];
  if (!row) return {};
  // A knockout's draw match has its tournament in place of a season (DESIGN.md §16).
  const seasonal: Pick<MatchState, 'season' | 'knockout'> = await seasonMatchStateOf(db, row.seasonId);
  const { season, knockout } = seasonal.season ? seasonal : await knockoutMatchStateOf(db, row.seasonId);
  const { seasonId: _seasonId, status, manages, side, ...match } = row;
  const actor: MatchActor | null = manages
    ? { role: 'manager' }
    : side && accountId
      ? { role: 'player', accountId, side }
      : null;
  return {
    season,
    ...(knockout ? { knockout } : {}),
    match: { matchId, ...match, cancelled: status === 'cancelled' },
    ...(accountId === undefined ? {} : { caller: { accountId, actor } }),
  };
}

/** The club a match belongs to (it never changes): what a command on it locks, known before the lock. */
export async function matchCompanyOf(db: Queryable, matchId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ company_id: string }>('SELECT company_id FROM matches WHERE id = $1', [
    matchId,
  ]);
  return rows[0]?.company_id;
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
      : // Newest first: by the day played (the time of the last change when undated), then the later change, then id.
        'coalesce(m.date, to_char(m.updated_at, \'YYYY-MM-DD"T"HH24:MI\')) DESC, m.updated_at DESC, m.id';
  const { rows } = await db.query<{ id: string }>(
    `SELECT m.id FROM matches m
     WHERE (cardinality($1::text[]) = 0 OR m.status = ANY($1::text[]))
       AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM ${matchSideMembers('m.season_id')} tm
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
       ${accountNameSql('a', 'a.email')} AS name, coalesce(a.email, '') AS email, a.phone_country_code AS cc, a.phone_number AS number
     FROM matches m JOIN LATERAL ${matchSideMembers('m.season_id')} tm ON tm.team_id IN (m.defender_id, m.challenger_id)
     JOIN ${API_ACCOUNTS_TABLE} a ON a.id = tm.account_id WHERE m.id = $1 ORDER BY side DESC, tm.member_order`,
    [matchId],
  );
  return rows;
}

/** Results whose confirmation time ran out (DESIGN.md §5): the deadline process confirms them. */
export async function dueResults(
  db: Queryable,
  now: Date,
): Promise<Array<{ companyId: string; matchId: string }>> {
  const { rows } = await db.query<{ companyId: string; matchId: string }>(
    `SELECT company_id AS "companyId", id AS "matchId" FROM matches
     WHERE confirmation_state = 'pending' AND confirmation_due_at <= $1 ORDER BY confirmation_due_at, id`,
    [now.toISOString()],
  );
  return rows;
}

/** The match's location as the read models show it now (its text, beside the log), or null. */
export async function matchLocationOf(db: Queryable, matchId: string): Promise<string | null> {
  const { rows } = await db.query<{ location: string }>(
    `SELECT loc.location FROM matches m JOIN ${API_MATCH_LOCATIONS_TABLE} loc ON loc.id = m.location_id
     WHERE m.id = $1`,
    [matchId],
  );
  return rows[0]?.location ?? null;
}
