import type pg from 'pg';
// The package's unbundled runner: its bundle's entry loads every part of it (~0.7 s of a command-line tool's start).
import { runner } from 'node-pg-migrate/runner';

interface MigrateOptions {
  databaseUrl: string;
  /** A connection to use instead of opening one (several folders migrated in a row share it). */
  client?: pg.Client;
  /** Folder of `.sql` migrations (`-- Up Migration` / `-- Down Migration`). */
  dir: string;
  /** Schema the migrations create their objects in, and where their bookkeeping table lives. */
  schema: string;
  /** One bookkeeping table per migration folder, so folders migrate independently. */
  migrationsTable: string;
}

/** Brings a schema up to date. Concurrent callers wait for each other on node-pg-migrate's advisory lock. */
export async function migrate(options: MigrateOptions): Promise<void> {
  await runner({
    ...(options.client ? { dbClient: options.client } : { databaseUrl: options.databaseUrl }),
    dir: options.dir,
    schema: options.schema,
    createSchema: true,
    migrationsSchema: options.schema,
    createMigrationsSchema: true,
    migrationsTable: options.migrationsTable,
    direction: 'up',
    checkOrder: true,
    // Several processes starting at once (two api processes and a projector) take turns instead of failing.
    advisoryLockMode: 'wait',
    log: () => undefined,
  });
}
