import { KNOCKOUT_MATCH_TYPE } from '@courtside/events/tournaments/knockout';

/**
 * SQL for what a match reads from its season, ladder and teams, for a match of a season and for a knockout's draw
 * match alike (DESIGN.md §16: its tournament stands in as its season and ladder, its entries as its teams;
 * docs/decisions/tournaments.md "A draw match is a match of its tournament"). `schema`: the read-model schema to
 * name (the notifier's connection has no search path), or none.
 */

const within = (schema: string | undefined) => (schema ? `${schema}.` : '');

/**
 * Every side's members, `(team_id, account_id, member_order)`: the teams' and the knockouts' entries'. With
 * `seasonId` (an SQL expression: the match's `season_id`), only that knockout's entries are read (its row by key),
 * not every knockout's: what a query about one match uses.
 */
export const sideMembersSql = (
  schema?: string,
  seasonId?: string,
) => `(SELECT team_id, account_id, member_order
  FROM ${within(schema)}team_members
  UNION ALL
  SELECT (side_e.entry->>'entryId')::uuid, side_x.member::uuid, side_x.member_order::int
  FROM ${within(schema)}tournaments side_t CROSS JOIN jsonb_array_elements(side_t.entries) AS side_e(entry)
    CROSS JOIN jsonb_array_elements_text(side_e.entry->'memberIds') WITH ORDINALITY AS side_x(member, member_order)
  WHERE side_t.format = 'KNOCKOUT'${seasonId ? ` AND side_t.id = ${seasonId}` : ''})`;
export const SIDE_MEMBERS = sideMembersSql();
/** The members of the sides of the match whose `season_id` is the SQL expression `seasonId`. */
export const matchSideMembers = (seasonId: string) => sideMembersSql(undefined, seasonId);

// The subqueries' aliases (`side_…`) are their own, so that an expression of the caller's never names one of them.

/** The match type of the season `seasonId` (an SQL expression) names, or of the knockout it names. */
export const matchTypeSql = (seasonId: string, schema?: string) =>
  `coalesce((SELECT side_s.match_type FROM ${within(schema)}seasons side_s WHERE side_s.id = ${seasonId}),
    (SELECT '${KNOCKOUT_MATCH_TYPE}'::text FROM ${within(schema)}tournaments side_t
     WHERE side_t.id = ${seasonId} AND side_t.format = 'KNOCKOUT'))`;

/** The sports category of the ladder `ladderId` (an SQL expression) names, or of the knockout it names. */
export const sportsCategorySql = (ladderId: string) =>
  `coalesce((SELECT side_l.sports_category FROM ladders side_l WHERE side_l.id = ${ladderId}),
    (SELECT side_t.sports_category FROM tournaments side_t WHERE side_t.id = ${ladderId}))`;
