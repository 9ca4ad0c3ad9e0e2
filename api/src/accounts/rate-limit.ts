import type pg from 'pg';
import { inTransaction } from '@courtside/eventlog/db/pool';
import { HttpError } from '../http/http-error.ts';

export interface RateLimit {
  /** e.g. `login:account:{email}` */
  key: string;
  /** Attempts a window allows; the attempt that reaches it blocks the key. */
  max: number;
  /**
   * How long the count is kept. Without backoff a fixed window from the first attempt, blocked until it ends; with
   * backoff the window restarts at every attempt, so the count is forgotten only after a quiet window.
   */
  windowMs: number;
  /** Past `max`: blocked for `baseMs`, doubled with every further attempt, at most `maxMs`. */
  backoff?: { baseMs: number; maxMs: number };
}

export interface Counter {
  key: string;
  windowStartedAt: Date;
  count: number;
  blockedUntil: Date | null;
}

type Attempt = { allowed: false; retryAfterMs: number } | { allowed: true; counters: Counter[] };

/**
 * Pure: whether one more attempt is allowed under every limit and, if so, the counters that record it. A blocked
 * attempt changes no counter, so hammering a blocked key does not extend its block.
 */
export function decideAttempt(
  limits: readonly RateLimit[],
  counters: ReadonlyMap<string, Counter>,
  now: Date,
): Attempt {
  const retryAfterMs = Math.max(
    0,
    ...limits.map((limit) => (counters.get(limit.key)?.blockedUntil?.getTime() ?? 0) - now.getTime()),
  );
  if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
  return {
    allowed: true,
    counters: limits.map((limit) => {
      const counter = counters.get(limit.key);
      const fresh = !counter || now.getTime() >= counter.windowStartedAt.getTime() + limit.windowMs;
      const count = fresh ? 1 : counter.count + 1;
      const windowStartedAt = fresh || limit.backoff ? now : counter.windowStartedAt;
      return {
        key: limit.key,
        windowStartedAt,
        count,
        blockedUntil: blockedUntil(limit, count, windowStartedAt),
      };
    }),
  };
}

/** Pure: the counters after an attempt is taken back (it succeeded, or could not be judged). */
export function undoAttempt(limits: readonly RateLimit[], counters: ReadonlyMap<string, Counter>): Counter[] {
  return limits.flatMap((limit) => {
    const counter = counters.get(limit.key);
    if (!counter) return [];
    const count = Math.max(0, counter.count - 1);
    return [{ ...counter, count, blockedUntil: count >= limit.max ? counter.blockedUntil : null }];
  });
}

function blockedUntil(limit: RateLimit, count: number, windowStartedAt: Date): Date | null {
  if (count < limit.max) return null;
  if (!limit.backoff) return new Date(windowStartedAt.getTime() + limit.windowMs);
  const waitMs = Math.min(limit.backoff.baseMs * 2 ** (count - limit.max), limit.backoff.maxMs);
  return new Date(windowStartedAt.getTime() + waitMs);
}

/**
 * Counters in Postgres, so that every api process counts together. An attempt is counted when it starts (under
 * row locks), not when it has failed, so a burst of parallel attempts cannot all slip past a limit.
 */
export class RateLimiter {
  constructor(
    private readonly db: pg.Pool,
    private readonly clock: () => Date,
  ) {}

  /**
   * Counts one attempt against every limit, or throws 429 with Retry-After when any of them is used up. `tooMany`
   * names what there were too many of in the answer.
   */
  async consume(limits: readonly RateLimit[], tooMany = 'Too many attempts'): Promise<void> {
    const retryAfterMs = await this.attempt(limits);
    if (retryAfterMs !== undefined) {
      const seconds = Math.ceil(retryAfterMs / 1000);
      const minutes = Math.ceil(seconds / 60);
      throw new HttpError(
        429,
        `${tooMany}. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
  }

  /** Counts one attempt like `consume`, for work that is skipped rather than refused when a limit is used up. */
  async tryConsume(limits: readonly RateLimit[]): Promise<boolean> {
    return (await this.attempt(limits)) === undefined;
  }

  /** Counts one attempt: undefined when it is allowed, else how long until it would be. */
  private async attempt(limits: readonly RateLimit[]): Promise<number | undefined> {
    const now = this.clock();
    const attempt = await this.update(limits, (counters) => {
      const decision = decideAttempt(limits, counters, now);
      return { decision, changed: decision.allowed ? decision.counters : [] };
    });
    return attempt.allowed ? undefined : attempt.retryAfterMs;
  }

  /** Takes an attempt back: it succeeded, or it could not be judged (the server was too busy). */
  async undo(limits: readonly RateLimit[]): Promise<void> {
    await this.update(limits, (counters) => ({
      decision: undefined,
      changed: undoAttempt(limits, counters),
    }));
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM courtside.rate_limits WHERE key = $1', [key]);
  }

  /**
   * Reads the counters under row locks (in key order, so two attempts never deadlock) and writes back what
   * `change` makes of them. A key seen for the first time gets an empty row first, so it has a row to lock too.
   */
  private async update<T>(
    limits: readonly RateLimit[],
    change: (counters: ReadonlyMap<string, Counter>) => { decision: T; changed: Counter[] },
  ): Promise<T> {
    const keys = [...new Set(limits.map((limit) => limit.key))].sort();
    return inTransaction(this.db, async (client) => {
      await client.query(
        `INSERT INTO courtside.rate_limits (key, window_started_at, count)
         SELECT key, 'epoch', 0 FROM unnest($1::text[]) AS key ORDER BY key
         ON CONFLICT (key) DO NOTHING`,
        [keys],
      );
      const { rows } = await client.query<{
        key: string;
        window_started_at: Date;
        count: number;
        blocked_until: Date | null;
      }>(
        `SELECT key, window_started_at, count, blocked_until FROM courtside.rate_limits
         WHERE key = ANY($1) ORDER BY key FOR UPDATE`,
        [keys],
      );
      const counters = new Map(
        rows.map((row) => [
          row.key,
          {
            key: row.key,
            windowStartedAt: row.window_started_at,
            count: row.count,
            blockedUntil: row.blocked_until,
          },
        ]),
      );
      const { decision, changed } = change(counters);
      for (const counter of changed) {
        await client.query(
          `UPDATE courtside.rate_limits SET window_started_at = $2, count = $3, blocked_until = $4 WHERE key = $1`,
          [counter.key, counter.windowStartedAt, counter.count, counter.blockedUntil],
        );
      }
      return decision;
    });
  }
}
