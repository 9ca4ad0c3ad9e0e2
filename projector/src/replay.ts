import pg from 'pg';
import type { EventRegistry } from '@courtside/events/event-registry';
import type { EventLog } from '@courtside/eventlog/log/port';
import type { Projection } from './projection.ts';
import { startProjector, type ProjectorLogger } from './projector.ts';
import { assertSchemaName, createReadModelSchema } from './read-model-schema.ts';
import type { InMemoryRebuildOptions, InMemoryRebuildResult } from './rebuild/in-memory-rebuild.ts';

export interface TableComparison {
  table: string;
  liveRows: number;
  rebuiltRows: number;
  identical: boolean;
}

export interface ReplayReport {
  schema: string;
  positions: Record<number, number>;
  tables: TableComparison[] | undefined;
  identical: boolean | undefined;
  /** What the in-memory rebuild did before the projector took over (when it was asked for and succeeded). */
  inMemory?: { events: number; seconds: number };
}

interface ReplayOptions {
  databaseUrl: string;
  log: EventLog;
  registry: EventRegistry;
  projections: readonly Projection[];
  liveSchema: string;
  /** Where to rebuild; a fresh schema beside the live one by default. */
  targetSchema?: string;
  verify: boolean;
  /** Drop the rebuilt schema before returning (`npm run replay` without --keep or --promote). */
  drop?: boolean;
  logger: ProjectorLogger;
  timeoutMs?: number;
  /**
   * Folds the log up to its head in memory and writes the tables with COPY before the projector takes over
   * (rebuild/in-memory-rebuild.ts: the product's projections only). If it fails, the rebuild starts again with the
   * projector's statements alone.
   */
  inMemory?: (options: InMemoryRebuildOptions) => Promise<InMemoryRebuildResult>;
}

/**
 * Rebuilds every read model from position 0 into fresh tables, with the projector's own code, and (verify) waits
 * until the rebuild stands exactly where the live read models stand, then compares a checksum of each table
 * within one snapshot.
 */
export async function replay(options: ReplayOptions): Promise<ReplayReport> {
  const live = assertSchemaName(options.liveSchema);
  const target = assertSchemaName(options.targetSchema ?? `${live}_replay_${Date.now()}`);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  try {
    // A name of this instant is new: only a name given, or a second attempt, may find a schema to drop first.
    const freshSchema = async (drop: boolean) => {
      if (drop) await pool.query(`DROP SCHEMA IF EXISTS ${target} CASCADE`);
      // A rebuild that is dropped once compared is never migrated: it needs no record of its migrations.
      await createReadModelSchema(pool, target, options.projections, { bookkeeping: !options.drop });
    };
    // Postgres makes the schema while the in-memory rebuild reads and folds the log: it waits for it only to write.
    const created = freshSchema(options.targetSchema !== undefined);
    created.catch(() => undefined); // awaited below
    let inMemory: ReplayReport['inMemory'];
    if (options.inMemory) {
      try {
        const started = performance.now();
        const { events } = await options.inMemory({ ...options, schema: target, schemaCreated: created });
        inMemory = { events, seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        // A schema that could not be made fails the replay; a fold that failed leaves it to the projector.
        await created;
        options.logger.error(
          { err: error },
          'the in-memory rebuild failed: rebuilding with the projector alone',
        );
        await freshSchema(true);
      }
    } else await created;
    // The in-memory rebuild mostly stands where the rebuild has to already: the projector runs only for the rest.
    const report =
      (await compareAtSamePosition(pool, options, live, target)) ??
      (await projectUntilReached(pool, options, live, target));
    // On the replay's own connection: the tool opened one more for it.
    if (options.drop) await pool.query(`DROP SCHEMA ${target} CASCADE`);
    return { ...report, inMemory };
  } finally {
    await pool.end();
  }
}

/** Runs the projector on the rebuilt schema until it stands where it has to, then compares (as below). */
async function projectUntilReached(
  pool: pg.Pool,
  options: ReplayOptions,
  live: string,
  target: string,
): Promise<ReplayReport> {
  const projector = startProjector({
    databaseUrl: options.databaseUrl,
    log: options.log,
    registry: options.registry,
    projections: options.projections,
    schema: target,
    publish: false,
    logger: options.logger,
  });
  try {
    await projector.started;
    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    for (;;) {
      const report = await compareAtSamePosition(pool, options, live, target);
      if (report) return report;
      if (Date.now() > deadline)
        throw new Error('the rebuild did not reach the position of the live read models in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await projector.stop();
  }
}

/** In one snapshot: when both schemas stand at the same log position, the report; otherwise undefined. */
async function compareAtSamePosition(
  pool: pg.Pool,
  options: ReplayOptions,
  live: string,
  target: string,
): Promise<ReplayReport | undefined> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const [livePositions, rebuiltPositions, head] = await Promise.all([
      positionsOf(client, live),
      positionsOf(client, target),
      options.log.head(),
    ]);
    // Without verify, the rebuild only has to reach the log's head as it was.
    const goal = options.verify ? livePositions : head;
    const reached = Object.entries(goal).every(
      ([partition, offset]) => offset === 0 || (rebuiltPositions[Number(partition)] ?? 0) >= offset,
    );
    const same = !options.verify || samePositions(livePositions, rebuiltPositions);
    if (!reached || !same) return undefined;
    const tables = options.verify
      ? await compareTables(pool, client, live, target, options.projections)
      : undefined;
    return {
      schema: target,
      positions: rebuiltPositions,
      tables,
      identical: tables?.every((table) => table.identical),
    };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

async function positionsOf(client: pg.PoolClient, schema: string): Promise<Record<number, number>> {
  const { rows } = await client.query<{ partition: number; next_offset: number }>(
    `SELECT partition, next_offset FROM ${schema}.checkpoints`,
  );
  return Object.fromEntries(rows.map((row) => [row.partition, row.next_offset]));
}

function samePositions(a: Record<number, number>, b: Record<number, number>): boolean {
  const partitions = new Set([...Object.keys(a), ...Object.keys(b)].map(Number));
  return [...partitions].every((partition) => (a[partition] ?? 0) === (b[partition] ?? 0));
}

/**
 * Checksums of every table in both schemas, side by side on two connections that see one snapshot (the caller's,
 * exported to the second): the live tables on the caller's connection, the rebuilt ones on the other.
 */
async function compareTables(
  pool: pg.Pool,
  client: pg.PoolClient,
  live: string,
  target: string,
  projections: readonly Projection[],
): Promise<TableComparison[]> {
  const tables = projections.flatMap((projection) => projection.tables);
  const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
  const snapshot = rows[0]!.snapshot;
  if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
  const other = await pool.connect();
  try {
    await other.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await other.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
    const [liveSums, rebuiltSums] = await Promise.all([
      checksums(client, live, tables),
      checksums(other, target, tables),
    ]);
    return tables.map((table, index) => {
      const [a, b] = [liveSums[index]!, rebuiltSums[index]!];
      return {
        table,
        liveRows: a.rows,
        rebuiltRows: b.rows,
        identical: a.rows === b.rows && a.digest === b.digest,
      };
    });
  } finally {
    await other.query('ROLLBACK').catch(() => undefined);
    other.release();
  }
}

/** Each table's rows and a digest of them, in one query (one round trip, not one per table). */
async function checksums(
  client: pg.PoolClient,
  schema: string,
  tables: readonly string[],
): Promise<{ rows: number; digest: string }[]> {
  const { rows } = await client.query<{ index: number; rows: number; digest: string | null }>(
    tables
      .map(
        (table, index) =>
          `SELECT ${index} AS index, count(*)::int AS rows,
             md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))) AS digest
           FROM ${schema}.${assertSchemaName(table)} t`,
      )
      .join('\nUNION ALL\n'),
  );
  const sums = new Array<{ rows: number; digest: string }>(tables.length);
  for (const row of rows) sums[row.index] = { rows: row.rows, digest: row.digest ?? '' };
  return sums;
}

/** Makes a verified rebuild the live schema; the old one is kept under another name. Needs the projector stopped. */
export async function promoteRebuild(
  databaseUrl: string,
  liveSchema: string,
  rebuiltSchema: string,
): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [`courtside.projector.${assertSchemaName(liveSchema)}`],
    );
    if (!rows[0]?.locked) throw new Error('stop the projector (and npm start) before promoting a rebuild');
    const retired = `${liveSchema}_retired_${Date.now()}`;
    await client.query('BEGIN');
    await client.query(`ALTER SCHEMA ${liveSchema} RENAME TO ${retired}`);
    await client.query(`ALTER SCHEMA ${assertSchemaName(rebuiltSchema)} RENAME TO ${liveSchema}`);
    await client.query('COMMIT');
    return retired;
  } finally {
    await client.end();
  }
}
