import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

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

/**
 * Brings a schema up to date. Concurrent callers wait for each other on node-pg-migrate's advisory lock. When every
 * migration of the folder has run (one query says so), node-pg-migrate is not loaded at all: its runner took 0.3 s
 * to import at a load of 15, in every command-line tool's start.
 */
export async function migrate(options: MigrateOptions): Promise<void> {
  if (await upToDate(options)) return;
  // The package's unbundled runner: its bundle's entry loads every part of it (~0.7 s of a command-line tool's start).
  const { runner } = await import('node-pg-migrate/runner');
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

/** The migrations of a folder by name (the file's name without `.sql`), in the order they run. */
export function migrationNames(dir: string): string[] {
  // As node-pg-migrate lists them: every file but hidden ones, by name (they begin with their timestamp).
  return readdirSync(dir)
    .filter((file) => !file.startsWith('.'))
    .sort()
    .map((file) => path.basename(file, path.extname(file)));
}

/** Whether the bookkeeping table lists exactly the folder's migrations, in order (the runner would do nothing). */
async function upToDate(options: MigrateOptions): Promise<boolean> {
  const client = options.client ?? new pg.Client({ connectionString: options.databaseUrl });
  if (!options.client) await client.connect();
  try {
    const table = `"${options.schema}"."${options.migrationsTable}"`;
    const { rows: found } = await client.query<{ found: boolean }>(
      'SELECT to_regclass($1) IS NOT NULL AS found',
      [table],
    );
    if (!found[0]?.found) return false;
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY run_on, id`);
    const applied = rows.map((row) => row.name);
    const names = migrationNames(options.dir);
    return applied.length === names.length && names.every((name, index) => applied[index] === name);
  } finally {
    if (!options.client) await client.end();
  }
}

/** The `-- Up Migration` part of a `.sql` migration, as node-pg-migrate cuts it out. */
function upSql(content: string): string {
  const up = content.search(/^\s*--[\s-]*up\s+migration/im);
  const down = content.search(/^\s*--[\s-]*down\s+migration/im);
  if (up < 0) return content;
  return content.slice(up, down < up ? undefined : down);
}

/**
 * The statements that make a new schema with the migrations of every folder already run: the objects and the
 * bookkeeping tables exactly as node-pg-migrate leaves them (so its runner finds nothing to do there later), in one
 * round trip instead of a dozen per folder. For a schema that does not exist yet (it fails if it does); the caller
 * sends them as one query, one transaction. `bookkeeping: false` leaves the bookkeeping out, for a schema no runner
 * will see (a fifth of the relations to make and to drop).
 */
export function freshSchemaSql(
  schema: string,
  folders: { dir: string; migrationsTable: string }[],
  { bookkeeping = true }: { bookkeeping?: boolean } = {},
): string {
  const statements = [
    // A schema lost in a crash is only a replay to run again: its commit does not wait for the disk.
    'SET LOCAL synchronous_commit TO off;',
    `CREATE SCHEMA "${schema}";`,
    `SET LOCAL search_path TO "${schema}";`,
  ];
  for (const { dir, migrationsTable } of folders) {
    const table = `"${schema}"."${migrationsTable}"`;
    if (bookkeeping)
      statements.push(
        `CREATE TABLE ${table} (id SERIAL PRIMARY KEY, name varchar(255) NOT NULL, run_on timestamp NOT NULL);`,
      );
    for (const name of migrationNames(dir)) {
      if (!/^[\w.-]+$/.test(name)) throw new Error(`unexpected migration name ${name}`);
      const file = readdirSync(dir).find((entry) => path.basename(entry, path.extname(entry)) === name)!;
      statements.push(upSql(readFileSync(path.join(dir, file), 'utf8')), ';');
      if (bookkeeping) statements.push(`INSERT INTO ${table} (name, run_on) VALUES ('${name}', NOW());`);
    }
  }
  return `BEGIN;\n${statements.join('\n')}\nCOMMIT;`;
}
