import pg from 'pg';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { EventRegistry } from '@courtside/events/event-registry';
import type { EventLog, LogBatch, Positions } from '@courtside/eventlog/log/port';
import { foldAudit } from '../audit/fold.ts';
import { foldBoxes } from '../boxes/fold.ts';
import { foldChallenges } from '../challenges/fold.ts';
import { foldCompanies } from '../companies/fold.ts';
import { foldLadders, ladderNamesToLower } from '../ladders/fold.ts';
import { foldLive } from '../live/fold.ts';
import { foldMatches } from '../matches/fold.ts';
import { foldRatings } from '../ratings/fold.ts';
import type { ProjectorLogger } from '../projector.ts';
import { assertSchemaName } from '../read-model-schema.ts';
import { foldTeams } from '../teams/fold.ts';
import { foldTournaments } from '../tournaments/fold.ts';
import { copyCompanyEvents, copyRows, linkedTableCopies, standaloneTableCopies } from './copy-rows.ts';
import { emptyRows, type ReadModelRows } from './rows.ts';

export interface InMemoryRebuildOptions {
  databaseUrl: string;
  log: EventLog;
  registry: EventRegistry;
  /** A fresh schema with the read models' tables, empty. */
  schema: string;
  /** Settles once the schema is made (replay.ts makes it while the log is read): the first write waits for it. */
  schemaCreated?: Promise<void>;
  logger: ProjectorLogger;
  /** How long reading the log to its head may take (default 2 minutes). */
  timeoutMs?: number;
}

export interface InMemoryRebuildResult {
  /** Where the rebuild stands: the checkpoints it wrote. The projector's statements go on from there. */
  positions: Positions;
  events: number;
}

/** Each projection's effect on rows in memory, in the order of productProjections (catalog.ts). */
const folds: ReadonlyArray<(rows: ReadModelRows, event: EventEnvelope, storedText: string) => void> = [
  foldCompanies,
  foldLadders,
  foldTeams,
  foldMatches,
  foldRatings,
  foldChallenges,
  foldLive,
  foldBoxes,
  foldTournaments,
  foldAudit,
];

const uuidShape = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/**
 * A uuid written with a capital letter, anywhere in the event: Postgres would store it lowercase and compare it
 * either way, which the folds' maps do not.
 */
function hasCapitalUuid(value: unknown): boolean {
  if (typeof value === 'string') return value.length === 36 && /[A-F]/.test(value) && uuidShape.test(value);
  if (typeof value !== 'object' || value === null) return false;
  for (const member of Array.isArray(value) ? value : Object.values(value))
    if (hasCapitalUuid(member)) return true;
  return false;
}

/**
 * The product's read models rebuilt from position 0 in memory and written with COPY (docs/decisions/log-and-consumers.md "Replay folds
 * in memory"): the log is read to the head it had when the rebuild started, every event folded by each projection's
 * fold (the same effect as its `apply`), then each table is copied (the history already while the log is read), the
 * checkpoints committed last.
 *
 * A partition stops at the first record a fold cannot reproduce exactly (it does not parse, carries a capitalised
 * uuid, or a fold refuses it): its checkpoint is that record, and the projector's own statements go on from there,
 * quarantining as they would. A fold throws before it changes a row.
 */
export async function rebuildInMemory(options: InMemoryRebuildOptions): Promise<InMemoryRebuildResult> {
  const schema = assertSchemaName(options.schema);
  const goal = await options.log.head();
  const next: Positions = Object.fromEntries(Object.keys(goal).map((partition) => [partition, 0]));
  const stopped = new Set<number>();
  const rows = emptyRows();
  let events = 0;
  // One connection takes the history in while the log is folded; the other reads ladder names and writes the rest.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 2,
    options: `-c search_path=${schema}`,
  });
  const historyClient = await pool.connect();
  try {
    const history = (async () => {
      await options.schemaCreated;
      await historyClient.query('BEGIN');
      return copyCompanyEvents(historyClient);
    })();
    history.catch(() => undefined); // seen by the first write or the end
    const caughtUp = () =>
      Object.entries(goal).every(([p, offset]) => stopped.has(Number(p)) || next[Number(p)]! >= offset);
    if (!caughtUp()) {
      let reached!: () => void;
      let failed!: (error: unknown) => void;
      const done = new Promise<void>((resolve, reject) => ((reached = resolve), (failed = reject)));
      const timer = setTimeout(
        () => failed(new Error('the in-memory rebuild did not reach the head of the log in time')),
        options.timeoutMs ?? 120_000,
      );
      const subscription = await options.log.subscribe({
        name: `rebuild-${schema}`,
        from: async (partitions) => Object.fromEntries(partitions.map((p) => [p, next[p] ?? 0])),
        // A failure here (the history's COPY, the database) ends the rebuild: it is not the log's to retry.
        onBatch: async (batch) => {
          try {
            events += await foldBatch(batch);
            await (await history).write(rows.newCompanyEvents.splice(0));
            if (caughtUp()) reached();
          } catch (error) {
            failed(error);
          }
        },
        onError: (error) =>
          options.logger.error({ err: error }, 'in-memory rebuild: reading the log failed, retrying'),
      });
      try {
        await done;
      } finally {
        clearTimeout(timer);
        await subscription.stop();
      }
    }
    await (await history).end();
    // The history's connection copies the tables without foreign keys while the other copies the rest; the
    // checkpoints commit last, with the second, so a rebuild that failed halfway is never taken for one that is done.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await Promise.all([
        copyRows(historyClient, rows, standaloneTableCopies),
        copyRows(client, rows, linkedTableCopies),
      ]);
      await historyClient.query('COMMIT');
      await client.query(
        'INSERT INTO checkpoints (partition, next_offset) SELECT * FROM unnest($1::integer[], $2::bigint[])',
        [Object.keys(next).map(Number), Object.values(next)],
      );
      await client.query('COMMIT');
    } finally {
      client.release(true);
    }
    return { positions: { ...next }, events };
  } finally {
    historyClient.release(true);
    await pool.end();
  }

  /** Folds what the batch holds below the goal; returns how many events it folded. */
  async function foldBatch(batch: LogBatch): Promise<number> {
    const { partition } = batch;
    const parsed: Array<{ offset: number; event: EventEnvelope; stored: string }> = [];
    for (const record of batch.records) {
      if (stopped.has(partition) || record.offset < next[partition]! || record.offset >= goal[partition]!)
        continue;
      let event: EventEnvelope | undefined;
      try {
        event = options.registry.parse(record.value);
      } catch {
        // The projector quarantines what does not parse: left to it.
      }
      if (!event || hasCapitalUuid(event)) {
        stopAt(partition, record.offset, 'an event the statements must apply');
        break;
      }
      parsed.push({ offset: record.offset, event, stored: JSON.stringify(record.value) });
    }
    await learnLowerNames(parsed.flatMap(({ event }) => ladderNamesToLower(event)));
    let folded = 0;
    for (const { offset, event, stored } of parsed) {
      try {
        for (const fold of folds) fold(rows, event, stored);
      } catch (error) {
        stopAt(partition, offset, error instanceof Error ? error.message : String(error));
        break;
      }
      next[partition] = offset + 1;
      folded++;
    }
    return folded;
  }

  function stopAt(partition: number, offset: number, reason: string): void {
    stopped.add(partition);
    next[partition] = offset;
    options.logger.info({ partition, offset, reason }, 'in-memory rebuild stops here; the projector goes on');
  }

  async function learnLowerNames(names: string[]): Promise<void> {
    const unknown = [...new Set(names)].filter((name) => !rows.lowerNames.has(name));
    if (unknown.length === 0) return;
    const { rows: lowered } = await pool.query<{ name: string; lower: string }>(
      'SELECT name, lower(name) AS lower FROM unnest($1::text[]) AS name',
      [unknown],
    );
    for (const { name, lower } of lowered) rows.lowerNames.set(name, lower);
  }
}
