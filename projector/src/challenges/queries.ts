import type pg from 'pg';
import type { Challenge, SeasonChallengesState } from '@courtside/events/challenges/decider';
import type { MatchType } from '@courtside/events/ladders/model';
import type { SeasonFormat } from '@courtside/events/boxes/model';
import { rulesOf, type LadderRules } from '@courtside/events/ladders/rules';
import { challengeViewColumns, withoutNulls, type ChallengeView } from './projection.ts';
import { isoInstant } from '../iso-instant-sql.ts';

/**
 * The queries on the challenges table, in the module that owns it: the challenge rules' state (the loader the
 * challenge commands decide against, under the company's lock), the lists the routes read, and what the deadline
 * process visits.
 */

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * A season as the challenge rules decide against it: its dates, match type and rules, the active teams in ladder
 * order with their members, and the challenges that can still matter (open or accepted, and `also` if given).
 */
export async function seasonChallengesStateOf(
  db: Queryable,
  seasonId: string,
  also?: string,
): Promise<SeasonChallengesState> {
  const [season, teams, challenges] = await Promise.all([
    db.query<{
      seasonId: string;
      ladderId: string;
      startDate: string;
      endDate: string;
      matchType: MatchType;
      rules: Partial<LadderRules> | null;
      format: SeasonFormat;
    }>(
      `SELECT id AS "seasonId", ladder_id AS "ladderId", to_char(start_date, 'YYYY-MM-DD') AS "startDate",
         to_char(end_date, 'YYYY-MM-DD') AS "endDate", match_type AS "matchType", rules, format
       FROM seasons WHERE id = $1`,
      [seasonId],
    ),
    db.query<{ teamId: string; memberIds: string[]; pausedUntil?: string }>(
      `SELECT t.id AS "teamId", array_agg(m.account_id ORDER BY m.member_order) AS "memberIds",
         to_char(t.paused_until, 'YYYY-MM-DD') AS "pausedUntil"
       FROM teams t JOIN team_members m ON m.team_id = t.id
       WHERE t.season_id = $1 AND t.status = 'active' GROUP BY t.id, t.position ORDER BY t.position, t.id`,
      [seasonId],
    ),
    db.query<Challenge>(
      `SELECT c.id AS "challengeId", c.challenger_team_id AS "challengerTeamId",
         c.defender_team_id AS "defenderTeamId", c.state, ${isoInstant('c.issued_at')} AS "issuedAt",
         ${isoInstant('c.respond_by')} AS "respondBy", ${isoInstant('c.play_by')} AS "playBy", c.match_id AS "matchId",
         c.play_days AS "playDays", c.decline_is_walkover AS "declineIsWalkover",
         coalesce(m.status = 'cancelled' OR (m.winner IS NOT NULL AND m.confirmation_state = 'confirmed'), false)
           AS settled
       FROM challenges c LEFT JOIN matches m ON m.id = c.match_id
       WHERE c.season_id = $1 AND (c.state IN ('open', 'accepted') OR c.id = $2)`,
      [seasonId, also ?? null],
    ),
  ]);
  const found = season.rows[0];
  if (!found) return { teams: [], challenges: {} };
  const { rules, ...settings } = found;
  return {
    season: { ...settings, rules: rulesOf(rules) },
    teams: teams.rows.map(withoutNulls),
    challenges: Object.fromEntries(
      challenges.rows.map((challenge) => [challenge.challengeId, withoutNulls(challenge)]),
    ),
  };
}

/** A result entered for a challenge's match that does not count yet: waiting for the other side, or disputed. */
export type UnsettledResult = 'pending' | 'disputed';

/** The season's accepted challenges whose match has a result that does not count yet, by match id. */
export async function unsettledResultsOf(
  db: Queryable,
  seasonId: string,
): Promise<Record<string, UnsettledResult>> {
  const { rows } = await db.query<{ matchId: string; result: UnsettledResult }>(
    `SELECT m.id AS "matchId", m.confirmation_state AS result
     FROM challenges c JOIN matches m ON m.id = c.match_id
     WHERE c.season_id = $1 AND c.state = 'accepted' AND m.status <> 'cancelled' AND m.winner IS NOT NULL
       AND m.confirmation_state IN ('pending', 'disputed')`,
    [seasonId],
  );
  return Object.fromEntries(rows.map((row) => [row.matchId, row.result]));
}

/** Where a challenge belongs: its season and company. */
export async function challengeContext(
  db: Queryable,
  challengeId: string,
): Promise<{ seasonId: string; companyId: string } | undefined> {
  const { rows } = await db.query<{ seasonId: string; companyId: string }>(
    'SELECT season_id AS "seasonId", company_id AS "companyId" FROM challenges WHERE id = $1',
    [challengeId],
  );
  return rows[0];
}

/**
 * Open challenges first, then the recent ones (answered in the last 30 days), newest first. `overdue` is judged
 * by the server's clock `now` (DESIGN.md §14): accepted, its play-by passed, and its match without a result.
 */
export async function challengesOfSeason(
  db: Queryable,
  seasonId: string,
  now: Date,
): Promise<Array<ChallengeView & { overdue: boolean }>> {
  const { rows } = await db.query<ChallengeView & { overdue: boolean }>(
    `SELECT ${challengeViewColumns},
       (c.state = 'accepted' AND c.match_id IS NOT NULL AND c.play_by IS NOT NULL AND c.play_by < $2::timestamptz
        AND NOT EXISTS (SELECT 1 FROM matches om WHERE om.id = c.match_id AND om.status <> 'planned')) AS overdue
     FROM challenges c
     WHERE c.season_id = $1 AND (c.state IN ('open', 'accepted') OR c.updated_at > $2::timestamptz - interval '30 days')
     ORDER BY (c.state = 'open') DESC, c.issued_at DESC LIMIT 200`,
    [seasonId, now.toISOString()],
  );
  return rows.map(withoutNulls);
}

/** The challenges of the teams an account plays in, open first, newest first. */
export async function challengesOfAccount(db: Queryable, accountId: string): Promise<ChallengeView[]> {
  const { rows } = await db.query<ChallengeView>(
    `SELECT ${challengeViewColumns} FROM challenges c
     WHERE EXISTS (SELECT 1 FROM team_members m WHERE m.account_id = $1
                   AND m.team_id IN (c.challenger_team_id, c.defender_team_id))
     ORDER BY (c.state = 'open') DESC, c.issued_at DESC LIMIT 200`,
    [accountId],
  );
  return rows.map(withoutNulls);
}

/** Seasons with an open challenge whose answer time has run out, per company: what the deadline process visits. */
export async function seasonsWithDueChallenges(
  db: Queryable,
  now: Date,
): Promise<Array<{ companyId: string; seasonId: string }>> {
  const { rows } = await db.query<{ companyId: string; seasonId: string }>(
    `SELECT DISTINCT company_id AS "companyId", season_id AS "seasonId" FROM challenges
     WHERE state = 'open' AND respond_by <= $1`,
    [now.toISOString()],
  );
  return rows;
}
