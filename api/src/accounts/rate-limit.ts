import type pg from 'pg';
import { HttpError } from '../http/http-error.ts';

export interface RateLimit {
  /** e.g. `login:account:{email}` */
  key: string;
  max: number;
  windowMs: number;
}

/** Fixed-window counters in Postgres, so that every api process counts together. */
export class RateLimiter {
  constructor(
    private readonly db: pg.Pool,
    private readonly clock: () => Date,
  ) {}

  /** Throws 429 with Retry-After when any of the limits is used up. */
  async check(limits: readonly RateLimit[]): Promise<void> {
    const now = this.clock().getTime();
    const { rows } = await this.db.query<{ key: string; window_started_at: Date; count: number }>(
      'SELECT key, window_started_at, count FROM courtside.rate_limits WHERE key = ANY($1)',
      [limits.map((limit) => limit.key)],
    );
    for (const limit of limits) {
      const row = rows.find((candidate) => candidate.key === limit.key);
      if (!row) continue;
      const windowEnds = row.window_started_at.getTime() + limit.windowMs;
      if (windowEnds > now && row.count >= limit.max) {
        const seconds = Math.ceil((windowEnds - now) / 1000);
        throw new HttpError(
          429,
          `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
          undefined,
          { 'Retry-After': String(seconds) },
        );
      }
    }
  }

  async record(limits: readonly RateLimit[]): Promise<void> {
    const now = this.clock();
    for (const limit of limits) {
      await this.db.query(
        `INSERT INTO courtside.rate_limits (key, window_started_at, count) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3 / 1000.0)
                        THEN 1 ELSE rate_limits.count + 1 END,
           window_started_at = CASE WHEN rate_limits.window_started_at <= $2::timestamptz - make_interval(secs => $3 / 1000.0)
                        THEN $2 ELSE rate_limits.window_started_at END`,
        [limit.key, now, limit.windowMs],
      );
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM courtside.rate_limits WHERE key = $1', [key]);
  }
}
