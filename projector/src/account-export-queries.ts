import { PROVISIONAL_ABOVE } from '@courtside/events/ratings/glicko2';
import { API_ACCOUNTS_TABLE, DISPUTE_REASONS_TABLE, accountNameSql } from './api-tables.ts';

/**
 * The read models' lists in an account's export (DESIGN.md §10): the clubs it manages, its teams, their matches and
 * challenges, the points it scored live, its ratings with their history, and the reasons of the disputes it wrote. Each is a query of one page: `$1` the account, `$2` the last key of the
 * page before (NULL first), ordered by `key`; the api pages through them (api/src/accounts/account-export.ts) and adds
 * its own tables' lists.
 */
interface ReadModelExportSection {
  name: string;
  key: string;
  sql: string;
}

export function readModelExportSections(page: number): ReadModelExportSection[] {
  const myTeams = 'SELECT team_id FROM team_members WHERE account_id = $1';
  return [
    {
      name: 'managerRoles',
      key: 'companyId',
      sql: `SELECT c.id AS "companyId", c.name AS "companyName" FROM company_managers m
      JOIN companies c ON c.id = m.company_id
      WHERE m.account_id = $1 AND ($2::uuid IS NULL OR c.id > $2) ORDER BY c.id LIMIT ${page}`,
    },
    {
      name: 'teams',
      key: 'teamId',
      sql: `SELECT t.id AS "teamId", t.company_id AS "companyId", t.ladder_id AS "ladderId", t.season_id AS "seasonId",
        t.status, CASE WHEN t.status = 'left' THEN t.left_position ELSE t.position END AS position,
        t.registered_at AS "registeredAt", t.join_date AS "joinDate",
        t.leave_date AS "leaveDate",
        (SELECT array_agg(o.account_id ORDER BY o.member_order) FROM team_members o WHERE o.team_id = t.id)
          AS "memberIds"
      FROM teams t WHERE t.id IN (${myTeams}) AND ($2::uuid IS NULL OR t.id > $2) ORDER BY t.id LIMIT ${page}`,
    },
    {
      name: 'matches',
      key: 'matchId',
      sql: `SELECT m.id AS "matchId", m.company_id AS "companyId", m.season_id AS "seasonId",
        m.defender_id AS "defenderTeamId", m.challenger_id AS "challengerTeamId", m.status, m.date,
        m.defender_score AS "defenderScore", m.challenger_score AS "challengerScore", m.winner,
        m.created_at AS "createdAt"
      FROM matches m WHERE (m.defender_id IN (${myTeams}) OR m.challenger_id IN (${myTeams}))
        AND ($2::uuid IS NULL OR m.id > $2) ORDER BY m.id LIMIT ${page}`,
    },
    {
      name: 'challenges',
      key: 'challengeId',
      sql: `SELECT c.id AS "challengeId", c.company_id AS "companyId", c.season_id AS "seasonId",
        c.challenger_team_id AS "challengerTeamId", c.defender_team_id AS "defenderTeamId", c.state,
        c.issued_at AS "issuedAt", c.respond_by AS "respondBy", c.play_by AS "playBy", c.match_id AS "matchId"
      FROM challenges c WHERE (c.challenger_team_id IN (${myTeams}) OR c.defender_team_id IN (${myTeams}))
        AND ($2::uuid IS NULL OR c.id > $2) ORDER BY c.id LIMIT ${page}`,
    },
    {
      name: 'livePointsScored',
      key: 'eventId',
      sql: `SELECT e.event_id AS "eventId", e.company_id AS "companyId", e.stream_id AS "matchId", e.type,
        e.occurred_at AS "occurredAt", e.payload
      FROM company_events e WHERE e.actor_id = $1::text AND e.type IN ('PointScored', 'PointUndone')
        AND ($2::uuid IS NULL OR e.event_id > $2) ORDER BY e.event_id LIMIT ${page}`,
    },
    {
      // Per club and sports category, as the player page shows them (rounded, provisional), each with how it moved,
      // oldest first, as the page's rating history does (the opponents named as pages name them).
      name: 'ratings',
      key: '_key',
      sql: `SELECT r.company_id::text || '/' || r.sports_category AS "_key", r.company_id AS "companyId",
        c.name AS "companyName", r.sports_category AS "sportsCategory", round(r.rating)::int AS rating,
        round(r.deviation)::int AS deviation, r.deviation > ${PROVISIONAL_ABOVE} AS provisional, r.matches,
        (SELECT coalesce(json_agg(json_build_object('matchId', h.match_id,
            'at', to_char(h.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'before', h.before,
            'after', h.after, 'deviationBefore', h.deviation_before, 'deviationAfter', h.deviation_after,
            'expected', h.expected, 'won', h.won,
            'opponents', (SELECT coalesce(json_agg(json_build_object('playerId', o->>'playerId',
                'name', coalesce((SELECT ${accountNameSql('a', "'Player'")} FROM ${API_ACCOUNTS_TABLE} a
                                  WHERE a.id = (o->>'playerId')::uuid), 'Player'),
                'rating', o->'rating') ORDER BY n), '[]')
              FROM jsonb_array_elements(h.opponents) WITH ORDINALITY AS e(o, n)))
          ORDER BY h.place), '[]')
         FROM rating_changes h
         WHERE h.player_id = r.player_id AND h.company_id = r.company_id AND h.sports_category = r.sports_category)
          AS history
      FROM player_ratings r JOIN companies c ON c.id = r.company_id
      WHERE r.player_id = $1 AND ($2::text IS NULL OR r.company_id::text || '/' || r.sports_category > $2)
      ORDER BY 1 LIMIT ${page}`,
    },
    {
      // Free text the account wrote, kept beside the log (DESIGN.md §10), with the match its dispute was about.
      name: 'disputeReasons',
      key: 'reasonId',
      sql: `SELECT r.id AS "reasonId", d.company_id AS "companyId", d.stream_id AS "matchId", r.text,
        r.created_at AS "writtenAt"
      FROM ${DISPUTE_REASONS_TABLE} r
        LEFT JOIN LATERAL (SELECT e.company_id, e.stream_id FROM company_events e
          WHERE e.actor_id = $1::text AND e.type = 'ResultDisputed' AND e.payload->>'reasonId' = r.id::text
          LIMIT 1) d ON true
      WHERE r.account_id = ($1::text)::uuid AND ($2::uuid IS NULL OR r.id > $2) ORDER BY r.id LIMIT ${page}`,
    },
  ];
}
