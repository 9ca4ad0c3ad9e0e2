import type pg from 'pg';

/** Queries on the `seasons` table (the ladders read model) that the api's processes ask beside the ladder views. */

type Queryable = Pick<pg.Pool, 'query'>;

export async function companyOfSeason(db: Queryable, seasonId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ companyId: string }>(
    'SELECT company_id AS "companyId" FROM seasons WHERE id = $1',
    [seasonId],
  );
  return rows[0]?.companyId;
}
