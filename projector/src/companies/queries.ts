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
