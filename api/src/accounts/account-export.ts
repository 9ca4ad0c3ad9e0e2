import type pg from 'pg';
import type { Preferences } from '../notifications/notification-store.ts';
import { readModelExportSections } from '@courtside/projector/account-export-queries';
import { invitationOwnedBySql } from './account-addresses.ts';
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
  const sections: Section[] = [
    ...readModelExportSections(PAGE).map((section) => ({ ...section, db: readModels })),
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
      // Those the account sent, and those sent to any address it confirmed while that address was its own
      // (account-addresses.ts): not those of a former owner of its address, erased or moved on.
      name: 'invitations',
      db,
      key: 'invitationId',
      sql: `SELECT i.id AS "invitationId", i.kind, i.email, i.company_id AS "companyId", i.season_id AS "seasonId",
          i.team_id AS "teamId", i.invited_by AS "invitedBy", i.created_at AS "createdAt"
        FROM courtside.invitations i WHERE (i.invited_by = $1 OR ${invitationOwnedBySql('i', '$1')})
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
