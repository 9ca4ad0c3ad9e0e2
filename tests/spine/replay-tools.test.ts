import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { productProjections } from '@courtside/projector/catalog';
import {
  createReadModelSchema,
  liveReadModelSchema,
  prepareReadModelSchema,
} from '@courtside/projector/read-model-schema';
import { createBackend } from '../support/courtside.ts';

const execFileAsync = promisify(execFile);
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function connect(databaseUrl: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  return db;
}

/** What a schema holds: every column, index, constraint and sequence, and which migrations have run in it. */
async function describeSchema(db: pg.Client, schema: string): Promise<unknown> {
  const columns = await db.query(
    `SELECT table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default
     FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
    [schema],
  );
  const indexes = await db.query(
    `SELECT tablename, indexname, indexdef
     FROM pg_indexes WHERE schemaname = $1 ORDER BY tablename, indexname`,
    [schema],
  );
  const constraints = await db.query(
    `SELECT c.conrelid::regclass::text AS owner, c.conname, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = $1
     ORDER BY c.conname`,
    [schema],
  );
  const others = await db.query(
    `SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 ORDER BY c.relname`,
    [schema],
  );
  const bookkeeping = [];
  for (const { relname } of others.rows.filter(
    (row) => row.relkind === 'r' && /^pgmigrations_/.test(row.relname),
  )) {
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM "${schema}"."${relname}" ORDER BY run_on, id`,
    );
    bookkeeping.push([relname, rows.map((row) => row.name)]);
  }
  const description = {
    columns: columns.rows,
    indexes: indexes.rows,
    constraints: constraints.rows,
    others: others.rows,
    bookkeeping,
  };
  // Foreign keys, defaults and constraints' tables name their schema: compared without it.
  return JSON.parse(JSON.stringify(description).replaceAll(schema, '<schema>'));
}

describe("a replay's fresh read-model schema", () => {
  it('made in one query is the schema the migrations make, with the same migrations recorded as run', async () => {
    const { databaseUrl } = await createBackend('embedded');
    await prepareReadModelSchema(databaseUrl, 'schema_by_runner', productProjections);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    cleanups.push(() => pool.end());
    await createReadModelSchema(pool, 'schema_by_query', productProjections);
    const db = await connect(databaseUrl);
    const migrated = await describeSchema(db, 'schema_by_runner');
    expect(await describeSchema(db, 'schema_by_query')).toEqual(migrated);
    // The migrations then find nothing to do there, and the schema stays as it was.
    await prepareReadModelSchema(databaseUrl, 'schema_by_query', productProjections);
    expect(await describeSchema(db, 'schema_by_query')).toEqual(migrated);
    await expect(createReadModelSchema(pool, 'schema_by_query', productProjections)).rejects.toThrow(
      /already exists/,
    );
  });

  it('made without the bookkeeping (a rebuild dropped once compared) has every other object the migrations make', async () => {
    const { databaseUrl } = await createBackend('embedded');
    await prepareReadModelSchema(databaseUrl, 'schema_by_runner', productProjections);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    cleanups.push(() => pool.end());
    await createReadModelSchema(pool, 'schema_unrecorded', productProjections, { bookkeeping: false });
    const db = await connect(databaseUrl);
    const bookkeeping = /pgmigrations_/;
    const withoutBookkeeping = (description: unknown) =>
      JSON.parse(
        JSON.stringify(description, (key, value: unknown) =>
          Array.isArray(value) && key !== 'bookkeeping'
            ? value.filter((entry) => !bookkeeping.test(JSON.stringify(entry)))
            : value,
        ),
      );
    const unrecorded = (await describeSchema(db, 'schema_unrecorded')) as { bookkeeping: unknown[] };
    expect(unrecorded.bookkeeping).toEqual([]);
    expect(unrecorded).toEqual({
      ...withoutBookkeeping(await describeSchema(db, 'schema_by_runner')),
      bookkeeping: [],
    });
  });
});

describe('npm run replay and npm run verify', () => {
  it('run from their bundle: the rebuild is identical to the live read models and every chain intact', async () => {
    const { databaseUrl } = await createBackend('embedded');
    await prepareReadModelSchema(databaseUrl, liveReadModelSchema, productProjections);
    const env = { ...process.env, DATABASE_URL: databaseUrl, KAFKA_BROKERS: '' };
    const replay = await execFileAsync(
      process.execPath,
      ['projector/scripts/run-tool.mjs', 'replay-cli', '--verify'],
      { env },
    );
    expect(replay.stdout).toContain('Every rebuilt table is identical to the live one.');
    const db = await connect(databaseUrl);
    const rebuilt = async () =>
      (
        await db.query<{ name: string }>(
          `SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE '${liveReadModelSchema}\\_replay\\_%'`,
        )
      ).rows.map((row) => row.name);
    // The rebuild is dropped once compared, kept with --keep.
    expect(await rebuilt()).toEqual([]);
    const kept = await execFileAsync(
      process.execPath,
      ['projector/scripts/run-tool.mjs', 'replay-cli', '--verify', '--keep'],
      { env },
    );
    expect(await rebuilt()).toEqual([kept.stdout.match(/Rebuilt into (\w+)/)![1]]);
    const verify = await execFileAsync(process.execPath, ['projector/scripts/run-tool.mjs', 'verify-cli'], {
      env,
    });
    expect(verify.stdout).toContain('Every chain is intact.');
  });
});
