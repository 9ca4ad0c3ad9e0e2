import type pg from 'pg';
import type { EventLog, LogRecord, Positions, SubscribeOptions } from './port.ts';

/**
 * Where a reader keeps its checkpoints: a table of (partition, next_offset), and a `log` column when the table
 * holds the checkpoints of several logs (offsets are only comparable within one log).
 */
interface CheckpointTable {
  /** Schema-qualified, or resolved by the pool's search_path. */
  name: string;
  log?: string;
}

/** A chunk of one partition's records, all at or past the checkpoint, handled in the checkpoint's transaction. */
export interface CheckpointedChunk {
  partition: number;
  records: LogRecord[];
  /** Where the checkpoint stands once the chunk commits. */
  nextOffset: number;
}

interface CheckpointedConsumerOptions<Result> {
  log: EventLog;
  pool: pg.Pool;
  subscription: Pick<SubscribeOptions, 'name' | 'group' | 'partitionsAtOnce' | 'onError'>;
  checkpoints: CheckpointTable;
  maxRecordsPerTransaction: number;
  /** Written before the subscription starts and every `heartbeatMs` after: "this reader is alive". */
  heartbeat: () => Promise<unknown>;
  heartbeatMs: number;
  /** After the positions of newly assigned partitions are read: the reader's own state of them. */
  onAssigned?: (partitions: number[]) => Promise<void>;
  /** Before each chunk's transaction begins: e.g. wait until what the chunk needs to read is there. */
  beforeChunk?: (partition: number, nextOffset: number) => Promise<void>;
  /** Applies the chunk's records in its transaction; the checkpoint moves in the same transaction. */
  apply: (client: pg.PoolClient, chunk: CheckpointedChunk) => Promise<Result>;
  /**
   * A chunk's transaction failed: true when the reader dealt with the cause (e.g. set a record aside) and the chunk
   * is to be tried again at once; false hands the error to the log, which delivers the batch again after a pause.
   */
  recover?: (error: unknown) => Promise<boolean>;
  /** After each committed chunk. */
  committed?: (result: Result, chunk: CheckpointedChunk) => void;
}

export interface CheckpointedConsumer {
  stop(): Promise<void>;
}

/**
 * Reads the log from the reader's checkpoints. Each chunk of a batch commits its effects and its checkpoint in one
 * transaction, the checkpoint row locked first: a second reader of the same partition (a rebalance, a redelivery
 * after a crash) waits for it, then skips what it applied. So a record's effect is neither lost nor doubled.
 */
export async function startCheckpointedConsumer<Result>(
  options: CheckpointedConsumerOptions<Result>,
): Promise<CheckpointedConsumer> {
  const { pool } = options;
  const table = options.checkpoints.name;
  const keyed = options.checkpoints.log !== undefined;
  // $1 is the partition (or partitions), $2 the log when the table is keyed by it.
  const keyOf = (partition: number | number[]) =>
    keyed ? [partition, options.checkpoints.log] : [partition];
  const logIs = keyed ? ' AND log = $2' : '';

  async function readCheckpoints(partitions: number[]): Promise<Positions> {
    const { rows } = await pool.query<{ partition: number; next_offset: string | number }>(
      `SELECT partition, next_offset FROM ${table} WHERE partition = ANY($1)${logIs}`,
      keyOf(partitions),
    );
    await options.onAssigned?.(partitions);
    return Object.fromEntries(rows.map((row) => [row.partition, Number(row.next_offset)]));
  }

  async function handleChunk(partition: number, records: LogRecord[]): Promise<void> {
    const nextOffset = records.at(-1)!.offset + 1;
    await options.beforeChunk?.(partition, nextOffset);
    for (;;) {
      try {
        return await commit(partition, records, nextOffset);
      } catch (error) {
        if (!(await options.recover?.(error))) throw error;
      }
    }
  }

  /**
   * Locks the partition's checkpoint row and reads it. A partition never read before has no row: it is made, then
   * locked (a second reader's insert waits on the first's, then finds it). One statement once the row exists, which
   * is every chunk but a partition's first.
   */
  async function lockCheckpoint(client: pg.PoolClient, partition: number): Promise<number> {
    const lock = () =>
      client.query<{ next_offset: string | number }>(
        `SELECT next_offset FROM ${table} WHERE partition = $1${logIs} FOR UPDATE`,
        keyOf(partition),
      );
    let { rows } = await lock();
    if (rows.length === 0) {
      await client.query(
        `INSERT INTO ${table} (partition, next_offset${keyed ? ', log' : ''}) VALUES ($1, 0${keyed ? ', $2' : ''})
         ON CONFLICT DO NOTHING`,
        keyOf(partition),
      );
      ({ rows } = await lock());
    }
    return Number(rows[0]?.next_offset ?? 0);
  }

  async function commit(partition: number, records: LogRecord[], nextOffset: number): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const done = await lockCheckpoint(client, partition);
      // A record below the checkpoint was applied already (a redelivery after a crash): skip it, never double it.
      const chunk = { partition, records: records.filter((record) => record.offset >= done), nextOffset };
      const result = await options.apply(client, chunk);
      const moved = keyed ? '$3' : '$2';
      await client.query(
        `UPDATE ${table} SET next_offset = ${moved} WHERE partition = $1${logIs} AND next_offset < ${moved}`,
        [...keyOf(partition), nextOffset],
      );
      await client.query('COMMIT');
      options.committed?.(result, chunk);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  await options.heartbeat();
  const heartbeat = setInterval(() => void options.heartbeat().catch(() => undefined), options.heartbeatMs);
  try {
    const subscription = await options.log.subscribe({
      ...options.subscription,
      from: readCheckpoints,
      onBatch: async (batch) => {
        const size = options.maxRecordsPerTransaction;
        for (let start = 0; start < batch.records.length; start += size) {
          await handleChunk(batch.partition, batch.records.slice(start, start + size));
        }
      },
    });
    return {
      async stop() {
        clearInterval(heartbeat);
        await subscription.stop();
      },
    };
  } catch (error) {
    clearInterval(heartbeat);
    throw error;
  }
}
