import type pg from 'pg';
import type { CompanyState } from '@courtside/events/companies/decider';

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

/** What the company decider needs: the company, if it exists. */
export async function companyStateOf(db: Queryable, companyId: string): Promise<CompanyState> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM companies WHERE id = $1',
    [companyId],
  );
  const row = rows[0];
  return row ? { company: { companyId: row.id, name: row.name } } : {};
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
