import pg from 'pg';

// Bigint columns (log offsets, sequence numbers) stay below 2^53 for any real club; read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A calendar day stays the text YYYY-MM-DD: a Date would shift it by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** A pool whose idle-client errors (a restarted database) are reported instead of crashing the process. */
export function createPool(
  connectionString: string,
  options: {
    max?: number;
    onError?: (error: Error) => void;
    pipeline?: boolean;
    /** Postgres cancels a statement (lock waits included) that runs longer: the caller gets an error, not a wait. */
    statementTimeoutMs?: number;
  } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.statementTimeoutMs === undefined
      ? {}
      : { options: `-c statement_timeout=${Math.round(options.statementTimeoutMs)}` }),
    // Queries sent without waiting for the one before to answer (one round trip for several).
    pipeline: options.pipeline ?? false,
  });
  pool.on('error', (error) => options.onError?.(error));
  return pool;
}

export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
