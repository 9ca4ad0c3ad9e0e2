import type pg from 'pg';
import type { Box, BoxesState } from '@courtside/events/boxes/decider';
import type { SeasonTeamsWithBoxesState } from '@courtside/events/boxes/leaving';
import { boxSettingsOf, type BoxSettings, type SeasonFormat } from '@courtside/events/boxes/model';
import type { BoxMatch } from '@courtside/events/boxes/rules';
import type { BoxMovement } from '@courtside/events/boxes/model';
import type { MatchType } from '@courtside/events/ladders/model';
import type { RecordedSide } from '@courtside/events/matches/decider';
import { INITIAL_RATING, sideOf } from '@courtside/events/ratings/glicko2';
import { API_ACCOUNTS_TABLE, accountNameSql } from '../api-tables.ts';
import { seasonTeamsStateOf } from '../teams/queries.ts';

/**
 * The queries on the boxes table (DESIGN.md §12), in the module that owns it: the state the draw and the close are
 * decided against (under the company's lock), and what the public box tables are computed from.
 */

type Queryable = Pick<pg.Pool, 'query'>;

/** The boxes drawn last, by number. */
export async function boxesOf(db: Queryable, seasonId: string): Promise<Box[]> {
  const { rows } = await db.query<Box>(
    `SELECT id AS "boxId", number, team_ids AS "teamIds", match_ids AS "matchIds"
     FROM boxes WHERE season_id = $1 ORDER BY number`,
    [seasonId],
  );
  return rows;
}

/** The boxes' matches as the tables read them (cancelled ones left out): a result counts once confirmed. */
export async function boxMatchesOf(
  db: Queryable,
  matchIds: string[],
): Promise<Array<BoxMatch & { cancelled: boolean }>> {
  if (matchIds.length === 0) return [];
  const { rows } = await db.query<{
    matchId: string;
    defenderId: string;
    challengerId: string;
    defender: RecordedSide;
    challenger: RecordedSide;
    status: string;
    confirmationState: string;
  }>(
    `SELECT id AS "matchId", defender_id AS "defenderId", challenger_id AS "challengerId",
       defender_score AS defender, challenger_score AS challenger, status, confirmation_state AS "confirmationState"
     FROM matches WHERE id = ANY($1::uuid[])`,
    [matchIds],
  );
  return rows.map(({ status, confirmationState, ...match }) => ({
    ...match,
    counts: confirmationState === 'confirmed',
    cancelled: status === 'cancelled',
  }));
}

/** A box season's settings, as the draw and the close are decided against them. */
export async function boxSeasonOf(db: Queryable, seasonId: string) {
  const { rows } = await db.query<{
    seasonId: string;
    ladderId: string;
    companyId: string;
    startDate: string;
    format: SeasonFormat;
    box: Partial<BoxSettings> | null;
    matchType: MatchType;
  }>(
    `SELECT id AS "seasonId", ladder_id AS "ladderId", company_id AS "companyId",
       to_char(start_date, 'YYYY-MM-DD') AS "startDate", format, box, match_type AS "matchType"
     FROM seasons WHERE id = $1`,
    [seasonId],
  );
  const season = rows[0];
  return season && { ...season, box: boxSettingsOf(season.box) };
}

/**
 * The season's boxes, their matches, its active sides (position order, with their rating in the ladder's sports
 * category, DESIGN.md §11) and, for a close, the next season (of the same company) with its teams.
 */
export async function boxesStateOf(
  db: Queryable,
  seasonId: string,
  nextSeasonId?: string,
): Promise<BoxesState> {
  const season = await boxSeasonOf(db, seasonId);
  if (!season) return { teams: [], boxes: [], matches: {} };
  const { companyId, ...settings } = season;
  const [teams, boxes, next] = await Promise.all([
    db.query<{ teamId: string; memberIds: string[]; ratings: Array<{ rating: number; deviation: number }> }>(
      `SELECT t.id AS "teamId", array_agg(m.account_id ORDER BY m.member_order) AS "memberIds",
         json_agg(json_build_object('rating', coalesce(pr.rating, 1500), 'deviation', coalesce(pr.deviation, 350))
           ORDER BY m.member_order) AS ratings
       FROM teams t JOIN team_members m ON m.team_id = t.id JOIN ladders l ON l.id = t.ladder_id
         LEFT JOIN player_ratings pr ON pr.player_id = m.account_id AND pr.company_id = t.company_id
           AND pr.sports_category = l.sports_category
       WHERE t.season_id = $1 AND t.status = 'active' GROUP BY t.id, t.position ORDER BY t.position, t.id`,
      [seasonId],
    ),
    boxesOf(db, seasonId),
    nextSeasonId ? nextSeasonOf(db, companyId, nextSeasonId) : Promise.resolve(undefined),
  ]);
  const matches = await boxMatchesOf(
    db,
    boxes.flatMap((box) => box.matchIds),
  );
  return {
    season: settings,
    teams: teams.rows.map(({ ratings, ...team }) => ({
      ...team,
      rating: sideOf(ratings.length ? ratings.map((r) => ({ ...r, volatility: 0 })) : [INITIAL_RATING])
        .rating,
    })),
    boxes,
    matches: Object.fromEntries(matches.map((match) => [match.matchId, match])),
    ...(next ? { next } : {}),
  };
}

/**
 * What a command that may take a team out of the season (a remove, a leave, an erasure) is decided against: the
 * season's teams and its boxes (DESIGN.md §19 "Box seasons"), each by its own loader.
 */
export async function seasonTeamsWithBoxesStateOf(
  db: Queryable,
  seasonId: string,
): Promise<SeasonTeamsWithBoxesState> {
  const [teams, boxes] = await Promise.all([seasonTeamsStateOf(db, seasonId), boxesStateOf(db, seasonId)]);
  return { teams, boxes };
}

async function nextSeasonOf(db: Queryable, companyId: string, seasonId: string): Promise<BoxesState['next']> {
  const { rows } = await db.query<NonNullable<BoxesState['next']>>(
    `SELECT s.id AS "seasonId", s.ladder_id AS "ladderId", to_char(s.start_date, 'YYYY-MM-DD') AS "startDate",
       EXISTS (SELECT 1 FROM matches m WHERE m.season_id = s.id) AS "hasMatches",
       coalesce((SELECT json_agg(json_build_object('teamId', t.id, 'status', t.status, 'memberIds',
           (SELECT json_agg(tm.account_id ORDER BY tm.member_order) FROM team_members tm WHERE tm.team_id = t.id))
           ORDER BY t.status, t.position, t.registered_at, t.id)
         FROM teams t WHERE t.season_id = s.id AND t.status IN ('active', 'waiting')), '[]') AS teams
     FROM seasons s WHERE s.id = $1 AND s.company_id = $2`,
    [seasonId, companyId],
  );
  return rows[0];
}

/**
 * The sides of public box tables: each side's players (their ids, for the links to their pages, DESIGN.md §19
 * "Player pages", and names) and whether it left the season after the draw (DESIGN.md §19 "Box seasons").
 */
export async function boxSidesOf(
  db: Queryable,
  teamIds: string[],
): Promise<Map<string, { members: Array<{ playerId: string; fullName: string }>; left: boolean }>> {
  if (teamIds.length === 0) return new Map();
  const { rows } = await db.query<{
    teamId: string;
    left: boolean;
    members: Array<{ playerId: string; fullName: string }>;
  }>(
    `SELECT t.id AS "teamId", t.status = 'left' AS left,
       json_agg(json_build_object('playerId', m.account_id, 'fullName', ${accountNameSql('a', "'Player'")})
         ORDER BY m.member_order) AS members
     FROM teams t JOIN team_members m ON m.team_id = t.id JOIN ${API_ACCOUNTS_TABLE} a ON a.id = m.account_id
     WHERE t.id = ANY($1::uuid[]) GROUP BY t.id`,
    [teamIds],
  );
  return new Map(rows.map(({ teamId, ...side }) => [teamId, side]));
}

/** One side of a closed box as the close recorded it (BoxesClosed's position). */
interface RecordedMove {
  teamId: string;
  fromTeamId: string;
  fromBox?: number;
  movement?: BoxMovement;
}

/**
 * DESIGN.md §12 close, for the public tables: in a closed season, where each side went (by its team there); in the
 * season a box season was closed into, where each side came from (by its team there: the closed season, the box and
 * how it moved). A side the close said nothing of (a close recorded before it said so) has a null movement.
 */
export async function boxMovesOf(
  db: Queryable,
  seasonId: string,
): Promise<{
  closedInto: string | null;
  went: Map<string, BoxMovement | null>;
  cameFrom: Map<string, { seasonId: string; box: number | null; movement: BoxMovement | null }>;
}> {
  const { rows } = await db.query<{
    seasonId: string;
    closedInto: string | null;
    moves: RecordedMove[] | null;
  }>(
    `SELECT season_id AS "seasonId", closed_into AS "closedInto", moves FROM boxes
     WHERE season_id = $1 OR closed_into = $1`,
    [seasonId],
  );
  const closed = rows.filter((row) => row.seasonId === seasonId);
  const before = rows.filter((row) => row.closedInto === seasonId);
  return {
    closedInto: closed.find((row) => row.closedInto)?.closedInto ?? null,
    went: new Map(
      closed.flatMap((row) => row.moves ?? []).map((move) => [move.fromTeamId, move.movement ?? null]),
    ),
    cameFrom: new Map(
      before.flatMap((row) =>
        (row.moves ?? []).map((move) => [
          move.teamId,
          { seasonId: row.seasonId, box: move.fromBox ?? null, movement: move.movement ?? null },
        ]),
      ),
    ),
  };
}
