import type pg from 'pg';
import type { CompanyState, ManagerInvitation } from '@courtside/events/companies/decider';
import { API_ACCOUNTS_TABLE, API_INVITATIONS_TABLE } from '../api-tables.ts';

/**
 * The queries on the companies tables (`companies`, `company_managers`), in the module that owns them: the company
 * rules' state (the loader a command decides against, under the company's lock) and who manages what.
 */

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Whether an account manages a company (spec §6: a user who owns at least one company is a manager). `companyId` is a
 * uuid: anything else fails in Postgres, so an id from outside is checked first.
 */
export async function managesCompany(db: Queryable, accountId: string, companyId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM company_managers WHERE company_id = $1 AND account_id = $2',
    [companyId, accountId],
  );
  return rowCount === 1;
}

/** The companies an account manages, oldest first. */
export async function companiesManagedBy(
  db: Queryable,
  accountId: string,
): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT c.id, c.name FROM companies c JOIN company_managers m ON m.company_id = c.id
     WHERE m.account_id = $1 ORDER BY c.created_at, c.name`,
    [accountId],
  );
  return rows;
}

/** What the company decider needs: the company, if it exists, its managers (oldest first) and their invitations. */
export async function companyStateOf(db: Queryable, companyId: string): Promise<CompanyState> {
  const [company, managers, invitations] = await Promise.all([
    db.query<{ id: string; name: string }>('SELECT id, name FROM companies WHERE id = $1', [companyId]),
    db.query<{ account_id: string }>(
      'SELECT account_id FROM company_managers WHERE company_id = $1 ORDER BY since, account_id',
      [companyId],
    ),
    db.query<ManagerInvitation & { invitedBy: string | null }>(
      `SELECT id AS "invitationId", state,
         to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt",
         invited_by AS "invitedBy"
       FROM manager_invitations WHERE company_id = $1 ORDER BY invited_at, id`,
      [companyId],
    ),
  ]);
  const row = company.rows[0];
  if (!row) return {};
  return {
    company: { companyId: row.id, name: row.name },
    managers: managers.rows.map((manager) => manager.account_id),
    ...(invitations.rows.length > 0
      ? {
          invitations: Object.fromEntries(
            invitations.rows.map(({ invitedBy, ...invitation }) => [
              invitation.invitationId,
              invitedBy === null ? invitation : { ...invitation, invitedBy },
            ]),
          ),
        }
      : {}),
  };
}

/** DESIGN.md §9 `GET managers`: every manager since when, and the open invitations (addresses beside the log). */
export async function managersOf(db: Queryable, companyId: string, now: Date) {
  const [managers, invitations] = await Promise.all([
    db.query<{ accountId: string; fullName: string; email: string; since: Date }>(
      `SELECT m.account_id AS "accountId", coalesce(a.full_name, '') AS "fullName", a.email, m.since
       FROM company_managers m JOIN ${API_ACCOUNTS_TABLE} a ON a.id = m.account_id
       WHERE m.company_id = $1 ORDER BY m.since, m.account_id`,
      [companyId],
    ),
    db.query<{ invitationId: string; email: string; invitedAt: Date; expiresAt: Date }>(
      `SELECT v.id AS "invitationId", i.email, v.invited_at AS "invitedAt", v.expires_at AS "expiresAt"
       FROM manager_invitations v JOIN ${API_INVITATIONS_TABLE} i ON i.id = v.id
       WHERE v.company_id = $1 AND v.state = 'pending' AND v.expires_at > $2 ORDER BY v.invited_at, v.id`,
      [companyId, now],
    ),
  ]);
  return {
    managers: managers.rows.map((manager) => ({ ...manager, since: manager.since.toISOString() })),
    invitations: invitations.rows.map((invitation) => ({
      ...invitation,
      invitedAt: invitation.invitedAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}

/** The ids of the companies an account manages. */
export async function companiesManagedIds(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ company_id: string }>(
    'SELECT company_id FROM company_managers WHERE account_id = $1',
    [accountId],
  );
  return rows.map((row) => row.company_id);
}

/**
 * The companies of which the account is the only manager while they have other members: a waiting or active team
 * of another account in any of their seasons (DESIGN.md §15 "Account": such an account cannot be erased, 409
 * LAST_MANAGER). A company with no other members may be left without a manager.
 */
export async function companiesSolelyManagedWithMembers(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ company_id: string }>(
    `SELECT m.company_id FROM company_managers m
     WHERE m.account_id = $1
       AND NOT EXISTS (
         SELECT 1 FROM company_managers other WHERE other.company_id = m.company_id AND other.account_id <> $1)
       AND EXISTS (
         SELECT 1 FROM teams t JOIN team_members tm ON tm.team_id = t.id
         WHERE t.company_id = m.company_id AND t.status IN ('waiting', 'active') AND tm.account_id <> $1)
     ORDER BY m.company_id`,
    [accountId],
  );
  return rows.map((row) => row.company_id);
}

/** A company's name, for the mails that name it. */
export async function companyNameOf(db: Queryable, companyId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId]);
  return rows[0]?.name;
}
