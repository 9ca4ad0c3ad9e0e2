import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '@courtside/eventlog/db/migrate';
import type { Projection } from './projection.ts';

/** Bump when a projection changes meaning: the new version is built from position 0 beside the old one. */
const READ_MODEL_VERSION = 1;

export const liveReadModelSchema = `read_v${READ_MODEL_VERSION}`;

const bookkeepingMigrations = fileURLToPath(new URL('../migrations', import.meta.url));

export function assertSchemaName(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  return schema;
}

/** Creates or updates the projector's bookkeeping tables and every projection's tables in `schema`. */
export async function prepareReadModelSchema(
  databaseUrl: string,
  schema: string,
  projections: readonly Projection[],
): Promise<void> {
  assertSchemaName(schema);
  // One connection for every folder: opening one per folder was a quarter of a replay's schema creation.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await migrate({
      databaseUrl,
      client,
      schema,
      dir: bookkeepingMigrations,
      migrationsTable: 'pgmigrations_projector',
    });
    for (const projection of projections) {
      await migrate({
        databaseUrl,
        client,
        schema,
        dir: projection.migrationsDir,
        migrationsTable: `pgmigrations_${projection.name.replaceAll(/[^a-z0-9_]/gi, '_')}`,
      });
    }
  } finally {
    await client.end();
  }
}
