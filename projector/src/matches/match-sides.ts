import { KNOCKOUT_MATCH_TYPE } from '@courtside/events/tournaments/knockout';

/**
 * SQL for what a match reads from its season, ladder and teams, for a match of a season and for a knockout's draw
 * match alike (DESIGN.md §16: its tournament stands in as its season and ladder, its entries as its teams;
 * docs/decisions/tournaments.md "A draw match is a match of its tournament"). `schema`: the read-model schema to
 * name (the notifier's connection has no search path), or none.
 */

const within = (schema: string | undefined) => (schema ? `${schema}.` : '');

/** Every side's members, `(team_id, account_id, member_order)`: the teams' and the knockouts' entries'. */
export const sideMembersSql = (schema?: string) => `(SELECT team_id, account_id, member_order
  FROM ${within(schema)}team_members
  UNION ALL
  SELECT (e.entry->>'entryId')::uuid, x.member::uuid, x.member_order::int
  FROM ${within(schema)}tournaments t CROSS JOIN jsonb_array_elements(t.entries) AS e(entry)
    CROSS JOIN jsonb_array_elements_text(e.entry->'memberIds') WITH ORDINALITY AS x(member, member_order)
  WHERE t.format = 'KNOCKOUT')`;
export const SIDE_MEMBERS = sideMembersSql();

/** The match type of the season `seasonId` (an SQL expression) names, or of the knockout it names. */
export const matchTypeSql = (seasonId: string, schema?: string) =>
  `coalesce((SELECT s.match_type FROM ${within(schema)}seasons s WHERE s.id = ${seasonId}),
    (SELECT '${KNOCKOUT_MATCH_TYPE}'::text FROM ${within(schema)}tournaments t
     WHERE t.id = ${seasonId} AND t.format = 'KNOCKOUT'))`;

/** The sports category of the ladder `ladderId` (an SQL expression) names, or of the knockout it names. */
export const sportsCategorySql = (ladderId: string) =>
  `coalesce((SELECT l.sports_category FROM ladders l WHERE l.id = ${ladderId}),
    (SELECT t.sports_category FROM tournaments t WHERE t.id = ${ladderId}))`;
