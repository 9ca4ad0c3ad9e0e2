import type pg from 'pg';
import type { InactivityState } from '@courtside/events/teams/inactivity';
import type { PausePeriod } from '@courtside/events/teams/pause';
import { rulesOf, type LadderRules } from '@courtside/events/ladders/rules';
import { isoInstant } from '../iso-instant-sql.ts';

/**
 * The inactivity rule's queries (DESIGN.md §5 inactivityDays), in the teams read model: the seasons the deadline
 * process visits and the state the rule decides against (the teams with their last activity).
 */

type Queryable = Pick<pg.Pool, 'query'>;

/** Running seasons whose rules drop inactive teams (DESIGN.md §5 inactivityDays > 0). */
export async function seasonsWithInactivityRule(
  db: Queryable,
  today: string,
): Promise<Array<{ companyId: string; seasonId: string }>> {
  const { rows } = await db.query<{ companyId: string; seasonId: string }>(
    `SELECT company_id AS "companyId", id AS "seasonId" FROM seasons
     WHERE coalesce((rules->>'inactivityDays')::int, 0) > 0 AND start_date <= $1::date AND end_date >= $1::date`,
    [today],
  );
  return rows;
}

/** What the inactivity rule decides against: the active teams in order, each with its last activity. */
export async function inactivityStateOf(db: Queryable, seasonId: string): Promise<InactivityState> {
  const [season, teams] = await Promise.all([
    db.query<{ seasonId: string; ladderId: string; rules: Partial<LadderRules> | null }>(
      'SELECT id AS "seasonId", ladder_id AS "ladderId", rules FROM seasons WHERE id = $1',
      [seasonId],
    ),
    db.query<{ teamId: string; activeSince: string; pauses: PausePeriod[] }>(
      `SELECT t.id AS "teamId", t.pauses, ${isoInstant(`greatest(t.join_date::timestamp AT TIME ZONE 'UTC', t.last_dropped_at,
         (SELECT max(coalesce(m.date::timestamp AT TIME ZONE 'UTC', m.updated_at)) FROM matches m
          WHERE t.id IN (m.defender_id, m.challenger_id) AND m.winner IS NOT NULL
            AND m.confirmation_state = 'confirmed' AND m.status <> 'cancelled'))`)} AS "activeSince"
       FROM teams t WHERE t.season_id = $1 AND t.status = 'active' ORDER BY t.position, t.id`,
      [seasonId],
    ),
  ]);
  const found = season.rows[0];
  if (!found) return { teams: [] };
  const { rules, ...ref } = found;
  return { season: { ...ref, inactivityDays: rulesOf(rules).inactivityDays }, teams: teams.rows };
}
