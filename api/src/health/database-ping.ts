import type pg from 'pg';

/** Throws when the database does not answer (the readiness check). */
export async function pingDatabase(pool: Pick<pg.Pool, 'query'>): Promise<void> {
  await pool.query('SELECT 1');
}
