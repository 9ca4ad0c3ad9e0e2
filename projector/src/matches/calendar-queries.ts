import type pg from 'pg';
import {
  API_ACCOUNTS_TABLE,
  API_MATCH_LOCATIONS_TABLE,
  API_TOURNAMENT_NAMES_TABLE,
  accountNameSql,
} from '../api-tables.ts';
import { matchSideMembers, SIDE_MEMBERS } from './match-sides.ts';

/** The calendar feeds' queries (DESIGN.md §9), in the matches read model: the dated matches a feed shows. */

type Queryable = Pick<pg.Pool, 'query'>;

/** A dated match as a feed shows it. */
export interface FeedMatch {
  id: string;
  date: string;
  status: string;
  sequence: number;
  updatedAt: Date;
  ladderName: string;
  seasonName: string;
  /** DESIGN.md §9: where it is played, when someone said so (the feed's LOCATION, else the ladder's name). */
  location?: string | null;
  defender: { members: Array<{ name: string }> };
  challenger: { members: Array<{ name: string }> };
}

/** A feed holds at most this many matches, the latest by date: enough for years of a club's ladder. */
export const FEED_LIMIT = 1000;

const membersJson = (side: 'defender_id' | 'challenger_id') => `json_build_object('members', coalesce(
  (SELECT json_agg(json_build_object('name', ${accountNameSql('a', "'Player'")}) ORDER BY tm.member_order)
   FROM ${matchSideMembers('m.season_id')} tm JOIN ${API_ACCOUNTS_TABLE} a ON a.id = tm.account_id
   WHERE tm.team_id = m.${side}),
  '[]'::json))`;

async function feedMatches(db: Queryable, where: string, param: string): Promise<FeedMatch[]> {
  const { rows } = await db.query<FeedMatch>(
    `SELECT m.id, m.date, m.status, m.calendar_sequence AS sequence, m.updated_at AS "updatedAt",
       coalesce(l.name, tn.name, '') AS "ladderName", coalesce(s.name, tn.name, '') AS "seasonName", loc.location,
       ${membersJson('defender_id')} AS defender, ${membersJson('challenger_id')} AS challenger
     FROM matches m LEFT JOIN seasons s ON s.id = m.season_id LEFT JOIN ladders l ON l.id = m.ladder_id
       -- DESIGN.md §16: a knockout's draw match is in the feeds under its tournament's name.
       LEFT JOIN tournaments t ON t.id = m.season_id AND s.id IS NULL
       LEFT JOIN ${API_TOURNAMENT_NAMES_TABLE} tn ON tn.id = t.name_id
       LEFT JOIN ${API_MATCH_LOCATIONS_TABLE} loc ON loc.id = m.location_id
     WHERE m.date IS NOT NULL AND ((s.id IS NOT NULL AND l.id IS NOT NULL) OR t.id IS NOT NULL) AND ${where}
     ORDER BY m.date DESC, m.id LIMIT ${FEED_LIMIT}`,
    [param],
  );
  return rows;
}

/** The dated matches in which the account plays (any club, any season). */
export function accountFeedMatches(db: Queryable, accountId: string): Promise<FeedMatch[]> {
  return feedMatches(
    db,
    // From the account's teams to their matches by index, not through every match.
    `m.id IN (
       SELECT d.id FROM ${SIDE_MEMBERS} tm JOIN matches d ON d.defender_id = tm.team_id WHERE tm.account_id = $1
       UNION
       SELECT c.id FROM ${SIDE_MEMBERS} tm JOIN matches c ON c.challenger_id = tm.team_id WHERE tm.account_id = $1)`,
    accountId,
  );
}

/** The dated matches of a ladder (every season). */
export function ladderFeedMatches(db: Queryable, ladderId: string): Promise<FeedMatch[]> {
  return feedMatches(db, 'm.ladder_id = $1', ladderId);
}
