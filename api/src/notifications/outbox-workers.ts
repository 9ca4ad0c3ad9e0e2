import type pg from 'pg';

/**
 * One attempt of an outbox's sender on a connection of its own: `run` begins and commits its transaction, and
 * whatever it throws rolls that back (the item stays due) before the connection goes back to the pool.
 */
export async function withRollback<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await run(client);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** What an outbox's sender logs. */
export interface OutboxLogger {
  info?(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** How an outbox's sender tries again (mail-sender.ts, push-sender.ts). */
export interface OutboxRetries {
  /** How often idle workers look at the outbox without being woken. */
  pollMs?: number;
  /** The first retry waits this long, every next one twice as long (up to `maxDelayMs`), with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the item is given up (failed_at, last_error). */
  maxAttempts?: number;
  onSent?: () => void;
  onFailed?: () => void;
}

export interface OutboxWorkers {
  /** Look at the outbox now (something was just queued). */
  wake(): void;
  /** Lets each worker finish the item it holds, then ends them. */
  stop(): Promise<void>;
}

/**
 * `count` workers that each send one due item after another (`sendOne`, false when none was due) and nap `pollMs`
 * when none was, or after an error, until woken. A wake brings in one napping worker, and a worker that sent one
 * brings in the next: as many work as there are items due, up to `count`, and a single item costs one look at the
 * outbox, not one per worker.
 */
export function startOutboxWorkers(options: {
  count: number;
  pollMs: number;
  sendOne: () => Promise<boolean>;
  onError: (error: unknown) => void;
}): OutboxWorkers {
  let stopping = false;
  const sleepers = new Set<() => void>();
  const wake = () => {
    const first = sleepers.values().next();
    if (!first.done) first.value();
  };
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  async function work(): Promise<void> {
    while (!stopping) {
      try {
        if (await options.sendOne()) wake();
        else await nap(options.pollMs);
      } catch (error) {
        if (stopping) return;
        options.onError(error);
        await nap(options.pollMs);
      }
    }
  }
  const workers = Array.from({ length: options.count }, () => work());
  return {
    wake,
    async stop() {
      stopping = true;
      for (const resume of [...sleepers]) resume();
      await Promise.all(workers);
    },
  };
}

/** Waits between attempts: `base · 2^(attempt−1)`, capped, ±20 % jitter so that retries do not march in step. */
export function backoffMs(
  attempt: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random = Math.random(),
): number {
  const plain = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (0.8 + 0.4 * random));
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}
