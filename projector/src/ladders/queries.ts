import type pg from 'pg';
import { API_ACCOUNTS_TABLE } from '../api-tables.ts';
import { currentSeasonId, isActive } from '@courtside/events/ladders/season-rules';
import type { LadderDetails, LaddersState, SeasonDetails } from '@courtside/events/ladders/decider';
import type { SportsCategory } from '@courtside/events/ladders/model';
import { rulesOf, type LadderRules } from '@courtside/events/ladders/rules';
import { boxSettingsOf, type BoxSettings, type SeasonFormat } from '@courtside/events/boxes/model';

/**
 * The queries on the ladders tables (`ladders`, `seasons`), in the module that owns them: the ladder rules' state
 * (the loader the ladder and season commands decide against, under the company's lock) and the views the routes
 * read.
 */

/** A ladder as the spec's admin API shows it (§3 "Ladder"). */
interface LadderView {
  uuid: string;
  name: string;
  email: string;
  sportsCategory: SportsCategory;
  hasActiveSeasons: boolean;
}

/** A season as the spec's admin API shows it (§3 "Season"). */
type SeasonView = Omit<SeasonDetails, 'seasonId' | 'ladderId'> & {
  uuid: string;
  active: boolean;
  current: boolean;
  /** DESIGN.md §5: always all of them, defaults for what was never set. */
  rules: LadderRules;
  /** DESIGN.md §12: LADDER unless set; the box settings always, defaults for what was never set. */
  format: SeasonFormat;
  box: BoxSettings;
};

type Queryable = Pick<pg.Pool, 'query'>;

const ladderColumns = `l.id AS uuid, l.name, l.email, l.sports_category AS "sportsCategory",
  EXISTS (SELECT 1 FROM seasons s WHERE s.ladder_id = l.id AND s.start_date <= $2::date AND s.end_date >= $2::date)
    AS "hasActiveSeasons"`;

export async function laddersOf(db: Queryable, companyId: string, today: string): Promise<LadderView[]> {
  const { rows } = await db.query<LadderView>(
    `SELECT ${ladderColumns} FROM ladders l WHERE l.company_id = $1 ORDER BY lower(l.name)`,
    [companyId, today],
  );
  return rows;
}

export async function ladderById(db: Queryable, companyId: string, ladderId: string, today: string) {
  const { rows } = await db.query<LadderView>(
    `SELECT ${ladderColumns} FROM ladders l WHERE l.company_id = $1 AND l.id = $3`,
    [companyId, today, ladderId],
  );
  return rows[0];
}

export async function ladderByName(db: Queryable, companyId: string, name: string, today: string) {
  const { rows } = await db.query<LadderView>(
    `SELECT ${ladderColumns} FROM ladders l WHERE l.company_id = $1 AND lower(l.name) = lower($3)`,
    [companyId, today, name.trim()],
  );
  return rows[0];
}

/** The ladder's seasons in start order, with `active` and `current` for today. */
export async function seasonsOf(db: Queryable, ladderId: string, today: string): Promise<SeasonView[]> {
  const { rows } = await db.query<
    Omit<SeasonView, 'active' | 'current' | 'box'> & { box: BoxSettings | null }
  >(
    `SELECT id AS uuid, name, start_date AS "startDate", end_date AS "endDate",
       minimum_played_matches AS "minimumPlayedMatches", open_for_registration AS "openForRegistration",
       match_type AS "matchType", rules, format, box
     FROM seasons WHERE ladder_id = $1 ORDER BY start_date, name`,
    [ladderId],
  );
  const current = currentSeasonId(rows, today);
  return rows.map((season) => ({
    ...season,
    rules: rulesOf(season.rules),
    box: boxSettingsOf(season.box),
    active: isActive(season, today),
    current: season.uuid === current,
  }));
}

/** A company's ladders with all their seasons, as the ladder rules decide against them. */
export async function laddersStateOf(db: Queryable, companyId: string): Promise<LaddersState> {
  const { rows } = await db.query<
    LadderDetails & {
      seasons: Array<
        SeasonDetails & {
          rules: Partial<LadderRules> | null;
          format: SeasonFormat;
          box: BoxSettings | null;
          hasMatches: boolean;
        }
      > | null;
    }
  >(
    `SELECT l.id AS "ladderId", l.name, l.email, l.sports_category AS "sportsCategory",
       (SELECT json_agg(json_build_object(
          'seasonId', s.id, 'ladderId', s.ladder_id, 'name', s.name,
          'startDate', to_char(s.start_date, 'YYYY-MM-DD'), 'endDate', to_char(s.end_date, 'YYYY-MM-DD'),
          'minimumPlayedMatches', s.minimum_played_matches, 'openForRegistration', s.open_for_registration,
          'matchType', s.match_type, 'rules', s.rules, 'format', s.format, 'box', s.box,
          'hasMatches', EXISTS (SELECT 1 FROM matches m WHERE m.season_id = s.id)))
        FROM seasons s WHERE s.ladder_id = l.id) AS seasons
     FROM ladders l WHERE l.company_id = $1`,
    [companyId],
  );
  return {
    ladders: Object.fromEntries(
      rows.map(({ seasons, ...ladder }) => [
        ladder.ladderId,
        {
          ...ladder,
          seasons: Object.fromEntries(
            (seasons ?? []).map((season) => [
              season.seasonId,
              { ...season, rules: rulesOf(season.rules), box: boxSettingsOf(season.box) },
            ]),
          ),
        },
      ]),
    ),
  };
}

export interface SeasonContext {
  seasonId: string;
  ladderId: string;
  companyId: string;
  ladderName: string;
  seasonName: string;
  sportsCategory: string;
  openForRegistration: boolean;
  startDate: string;
  endDate: string;
}

export async function seasonContext(db: Queryable, seasonId: string): Promise<SeasonContext | undefined> {
  const { rows } = await db.query<SeasonContext>(
    `SELECT s.id AS "seasonId", s.ladder_id AS "ladderId", s.company_id AS "companyId", l.name AS "ladderName",
       s.name AS "seasonName", l.sports_category AS "sportsCategory", s.open_for_registration AS "openForRegistration",
       s.start_date AS "startDate", s.end_date AS "endDate"
     FROM seasons s JOIN ladders l ON l.id = s.ladder_id WHERE s.id = $1`,
    [seasonId],
  );
  return rows[0];
}

/** Every ladder with its company, for the public ladders page. */
export async function publicLaddersOf(db: Queryable) {
  const { rows } = await db.query<{
    uuid: string;
    name: string;
    sportsCategory: string;
    companyId: string;
    companyName: string;
  }>(
    `SELECT l.id AS uuid, l.name, l.sports_category AS "sportsCategory", c.id AS "companyId", c.name AS "companyName"
     FROM ladders l JOIN companies c ON c.id = l.company_id ORDER BY lower(c.name), lower(l.name)`,
  );
  return rows;
}

export async function publicLadderOf(db: Queryable, ladderId: string) {
  const { rows } = await db.query<{
    uuid: string;
    name: string;
    sportsCategory: string;
    withoutManager: boolean;
  }>(
    `SELECT l.id AS uuid, l.name, l.sports_category AS "sportsCategory",
       NOT EXISTS (SELECT 1 FROM company_managers cm JOIN ${API_ACCOUNTS_TABLE} a ON a.id = cm.account_id
                   WHERE cm.company_id = l.company_id AND a.erased_at IS NULL) AS "withoutManager"
     FROM ladders l WHERE l.id = $1`,
    [ladderId],
  );
  const row = rows[0];
  if (!row) return undefined;
  // Said only when so (DESIGN.md §15: the only manager of a club with no members deleted their account).
  const { withoutManager, ...ladder } = row;
  return withoutManager ? { ...ladder, withoutManager } : ladder;
}
