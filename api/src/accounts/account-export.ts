import type pg from 'pg';
import type { Preferences } from '../notifications/notification-store.ts';
import { publicAccount, type StoredAccount } from './account-store.ts';

type Queryable = Pick<pg.Pool, 'query'>;

const PAGE = 500;

/** One list of the export: read page by page after the last key, so no list is ever whole in memory. */
interface Section {
  name: string;
  db: Queryable;
  /** A query of one page: `$1` the account, `$2` the last key of the page before (NULL first), ordered by `key`. */
  sql: string;
  /** The row's column that orders the pages (it is left out of the document when it starts with `_`). */
  key: string;
  params?: unknown[];
}

/**
 * Every fact about an account as one JSON document (DESIGN.md §10 export), written as it is read: the account, its
 * preferences, then each list page by page, so memory stays flat whatever the account holds. Read models on
 * `readModels` (their search path), the api's own tables (schema courtside) on `db`.
 */
export async function* accountExport(
  { db, readModels }: { db: Queryable; readModels: Queryable },
  account: StoredAccount,
  preferences: Preferences,
): AsyncGenerator<string> {
  const myTeams = 'SELECT team_id FROM team_members WHERE account_id = $1';
  const sections: Section[] = [
    {
      name: 'managerRoles',
      db: readModels,
      key: 'companyId',
      sql: `SELECT c.id AS "companyId", c.name AS "companyName" FROM company_managers m
        JOIN companies c ON c.id = m.company_id
        WHERE m.account_id = $1 AND ($2::uuid IS NULL OR c.id > $2) ORDER BY c.id LIMIT ${PAGE}`,
    },
    {
      name: 'teams',
      db: readModels,
      key: 'teamId',
      sql: `SELECT t.id AS "teamId", t.company_id AS "companyId", t.ladder_id AS "ladderId", t.season_id AS "seasonId",
          t.status, t.position, t.registered_at AS "registeredAt", t.join_date AS "joinDate",
          t.leave_date AS "leaveDate",
          (SELECT array_agg(o.account_id ORDER BY o.member_order) FROM team_members o WHERE o.team_id = t.id)
            AS "memberIds"
        FROM teams t WHERE t.id IN (${myTeams}) AND ($2::uuid IS NULL OR t.id > $2) ORDER BY t.id LIMIT ${PAGE}`,
    },
    {
      name: 'matches',
      db: readModels,
      key: 'matchId',
      sql: `SELECT m.id AS "matchId", m.company_id AS "companyId", m.season_id AS "seasonId",
          m.defender_id AS "defenderTeamId", m.challenger_id AS "challengerTeamId", m.status, m.date,
          m.defender_score AS "defenderScore", m.challenger_score AS "challengerScore", m.winner,
          m.created_at AS "createdAt"
        FROM matches m WHERE (m.defender_id IN (${myTeams}) OR m.challenger_id IN (${myTeams}))
          AND ($2::uuid IS NULL OR m.id > $2) ORDER BY m.id LIMIT ${PAGE}`,
    },
    {
      name: 'challenges',
      db: readModels,
      key: 'challengeId',
      sql: `SELECT c.id AS "challengeId", c.company_id AS "companyId", c.season_id AS "seasonId",
          c.challenger_team_id AS "challengerTeamId", c.defender_team_id AS "defenderTeamId", c.state,
          c.issued_at AS "issuedAt", c.respond_by AS "respondBy", c.play_by AS "playBy", c.match_id AS "matchId"
        FROM challenges c WHERE (c.challenger_team_id IN (${myTeams}) OR c.defender_team_id IN (${myTeams}))
          AND ($2::uuid IS NULL OR c.id > $2) ORDER BY c.id LIMIT ${PAGE}`,
    },
    {
      name: 'livePointsScored',
      db: readModels,
      key: 'eventId',
      sql: `SELECT e.event_id AS "eventId", e.company_id AS "companyId", e.stream_id AS "matchId", e.type,
          e.occurred_at AS "occurredAt", e.payload
        FROM company_events e WHERE e.actor_id = $1::text AND e.type IN ('PointScored', 'PointUndone')
          AND ($2::uuid IS NULL OR e.event_id > $2) ORDER BY e.event_id LIMIT ${PAGE}`,
    },
    {
      name: 'notifications',
      db,
      key: '_number',
      // Each notification in every language it was written in (texts: {en: {title, body, url}, nl: …}); paged by the
      // account's own numbers (their index).
      sql: `SELECT n.number AS "_number", n.kind, n.texts, n.created_at AS "createdAt", n.read_at AS "readAt"
        FROM courtside.notifications n WHERE n.account_id = $1 AND ($2::bigint IS NULL OR n.number > $2)
        ORDER BY n.number LIMIT ${PAGE}`,
    },
    {
      name: 'invitations',
      db,
      key: 'invitationId',
      params: [account.email],
      sql: `SELECT i.id AS "invitationId", i.kind, i.email, i.company_id AS "companyId", i.season_id AS "seasonId",
          i.team_id AS "teamId", i.invited_by AS "invitedBy", i.created_at AS "createdAt"
        FROM courtside.invitations i WHERE (i.invited_by = $1 OR i.email = $3)
          AND ($2::uuid IS NULL OR i.id > $2) ORDER BY i.id LIMIT ${PAGE}`,
    },
  ];

  yield `{"account":${JSON.stringify(publicAccount(account))},"preferences":${JSON.stringify(preferences)}`;
  for (const section of sections) {
    yield `,"${section.name}":[`;
    let after: unknown = null;
    let first = true;
    for (;;) {
      const { rows } = await section.db.query<Record<string, unknown>>(section.sql, [
        account.id,
        after,
        ...(section.params ?? []),
      ]);
      if (rows.length > 0) {
        const texts = rows.map((row) => JSON.stringify(withoutHiddenKey(row, section.key)));
        yield `${first ? '' : ','}${texts.join(',')}`;
        first = false;
        after = rows.at(-1)![section.key];
      }
      if (rows.length < PAGE) break;
    }
    yield ']';
  }
  yield '}\n';
}

function withoutHiddenKey(row: Record<string, unknown>, key: string): Record<string, unknown> {
  if (!key.startsWith('_')) return row;
  const { [key]: _hidden, ...rest } = row;
  return rest;
}
