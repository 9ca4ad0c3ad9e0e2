import type pg from 'pg';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';

type Queryable = Pick<pg.Client, 'query'>;

/**
 * Stops a club as the projector does when one of its events cannot be applied: from now on its commands are
 * answered `503 QUARANTINED`, nothing decided on state that misses that event. `releaseClub` lets it go again.
 */
export async function quarantineClub(
  db: Queryable,
  companyId: string,
  schema = liveReadModelSchema,
): Promise<void> {
  await db.query(
    `INSERT INTO ${schema}.quarantined_companies (company_id, partition, "offset", event_id, event_type, error)
     VALUES ($1, 0, 0, '', '', 'a test')`,
    [companyId],
  );
}

export async function releaseClub(
  db: Queryable,
  companyId: string,
  schema = liveReadModelSchema,
): Promise<void> {
  await db.query(`DELETE FROM ${schema}.quarantined_companies WHERE company_id = $1`, [companyId]);
}
