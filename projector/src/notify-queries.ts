import type pg from 'pg';
import type { MatchType } from '@courtside/events/ladders/model';
import type { SideScoreInput } from '@courtside/events/matches/scoring';
import { matchTypeSql, sideMembersSql } from './matches/match-sides.ts';

/**
 * What the notifier reads of the read models about one event (api/src/notifications/notify-context.ts): the two
 * sides of a challenge or a match, the ladder's name, the company's managers and the teams' members. Schema-qualified
 * (`schema`, the live read model schema): the notifier runs them on its own connection, inside its transaction.
 */

type Queryable = Pick<pg.ClientBase, 'query'>;

export async function challengeSidesOf(db: Queryable, schema: string, challengeId: string) {
  const { rows } = await db.query<{ defender_team_id: string; challenger_team_id: string }>(
    `SELECT defender_team_id, challenger_team_id FROM ${schema}.challenges WHERE id = $1`,
    [challengeId],
  );
  return rows[0];
}

/** A match's sides, date and score, its match type, and whether a challenge's decline or expiry made it. */
export async function matchSidesOf(db: Queryable, schema: string, matchId: string) {
  const { rows } = await db.query<{
    defender_id: string;
    challenger_id: string;
    date: string | null;
    by_challenge: boolean;
    match_type: MatchType | null;
    defender_score: SideScoreInput;
    challenger_score: SideScoreInput;
  }>(
    `SELECT m.defender_id, m.challenger_id, m.date, m.defender_score, m.challenger_score,
              coalesce(c.state IN ('declined', 'expired') AND c.match_id = m.id, false) AS by_challenge,
              ${matchTypeSql('m.season_id', schema)} AS match_type
       FROM ${schema}.matches m LEFT JOIN ${schema}.challenges c ON c.id = m.challenge_id
       WHERE m.id = $1`,
    [matchId],
  );
  return rows[0];
}

export async function ladderNameOf(db: Queryable, schema: string, ladderId: string) {
  const { rows } = await db.query<{ name: string; company_id: string }>(
    `SELECT name, company_id FROM ${schema}.ladders WHERE id = $1`,
    [ladderId],
  );
  return rows[0];
}

/** The company's managers' account ids, in order. */
export async function managerIdsOf(db: Queryable, schema: string, companyId: string): Promise<string[]> {
  const { rows } = await db.query<{ account_id: string }>(
    `SELECT account_id FROM ${schema}.company_managers WHERE company_id::text = $1 ORDER BY account_id`,
    [companyId],
  );
  return rows.map((row) => row.account_id);
}

/** The members of the teams (or a knockout's entries), each team's in member order. */
export async function teamMembersOf(db: Queryable, schema: string, teamIds: readonly string[]) {
  const { rows } = await db.query<{ team_id: string; account_id: string }>(
    `SELECT team_id, account_id FROM ${sideMembersSql(schema)} tm WHERE team_id = ANY($1::uuid[])
     ORDER BY team_id, member_order`,
    [[...teamIds]],
  );
  return rows;
}

/**
 * Open challenges whose answer is due in (from, until] and that got no reminder yet (the api's
 * `courtside.notifications` has none with source `reminder:<id>`): what the notifier's clock reminds of.
 */
export async function challengesDueForReminder(
  db: Pick<pg.Pool, 'query'>,
  schema: string,
  from: Date,
  until: Date,
) {
  const { rows } = await db.query<{
    id: string;
    company_id: string;
    season_id: string;
    ladder_id: string;
    challenger_team_id: string;
    defender_team_id: string;
    issued_at: Date;
    respond_by: Date;
  }>(
    `SELECT c.id, c.company_id, c.season_id, c.ladder_id, c.challenger_team_id, c.defender_team_id,
            c.issued_at, c.respond_by
     FROM ${schema}.challenges c
     WHERE c.state = 'open' AND c.respond_by > $1 AND c.respond_by <= $2
       AND NOT EXISTS (SELECT 1 FROM courtside.notifications n WHERE n.source = 'reminder:' || c.id::text)`,
    [from, until],
  );
  return rows;
}

/**
 * Teams still waiting for approval that registered before `before` (the day's 18:00), each with its company and its
 * managers, the ladder's name and the members in order: what the waiting teams' digest lists (DESIGN.md §17).
 */
export async function waitingTeamsBefore(db: Pick<pg.Pool, 'query'>, schema: string, before: Date) {
  const { rows } = await db.query<{
    company_id: string;
    company_name: string;
    manager_ids: string[];
    team_id: string;
    ladder_name: string;
    registered_at: Date;
    member_ids: string[];
  }>(
    `SELECT t.company_id, c.name AS company_name,
            array(SELECT m.account_id FROM ${schema}.company_managers m WHERE m.company_id = t.company_id
                  ORDER BY m.account_id) AS manager_ids,
            t.id AS team_id, l.name AS ladder_name, t.registered_at,
            array(SELECT tm.account_id FROM ${schema}.team_members tm WHERE tm.team_id = t.id
                  ORDER BY tm.member_order) AS member_ids
     FROM ${schema}.teams t
       JOIN ${schema}.ladders l ON l.id = t.ladder_id
       JOIN ${schema}.companies c ON c.id = t.company_id
     WHERE t.status = 'waiting' AND t.registered_at < $1
     ORDER BY t.company_id, t.registered_at`,
    [before],
  );
  return rows;
}
