import { createHash, createHmac } from 'node:crypto';
import type pg from 'pg';

/** A token is 32 bytes of HMAC-SHA256 in base64url: 43 characters of [A-Za-z0-9_-]. */
const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The personal calendar feeds (DESIGN.md §6): one token per account, shown again on every `GET account`,
 * renewable. The token is derived (an HMAC of the account and its generation under the calendar secret), so it
 * need not be stored: the table keeps only its hash, and a feed request is looked up by that hash. Renewing
 * moves the account to the next generation; the old token then matches no row (404).
 */
export class CalendarFeeds {
  constructor(
    private readonly db: Pick<pg.Pool, 'query'>,
    private readonly secret: string,
    private readonly clock: () => Date,
  ) {}

  private tokenOf(accountId: string, generation: number): string {
    return createHmac('sha256', this.secret)
      .update(`calendar-feed:${accountId}:${generation}`)
      .digest('base64url');
  }

  /** The account's current token; the first call makes it. */
  async tokenFor(accountId: string): Promise<string> {
    let row = await this.current(accountId);
    if (!row) {
      await this.db.query(
        `INSERT INTO courtside.calendar_feeds (account_id, generation, token_hash, renewed_at) VALUES ($1, 1, $2, $3)
         ON CONFLICT (account_id) DO NOTHING`,
        [accountId, hashOf(this.tokenOf(accountId, 1)), this.clock()],
      );
      row = (await this.current(accountId))!;
    }
    const token = this.tokenOf(accountId, row.generation);
    // Another secret since (COURTSIDE_SECRET changed): the address shown is the one that works.
    if (hashOf(token) !== row.token_hash) {
      await this.db.query(
        'UPDATE courtside.calendar_feeds SET token_hash = $3 WHERE account_id = $1 AND generation = $2',
        [accountId, row.generation, hashOf(token)],
      );
    }
    return token;
  }

  /** A new token for the account; the old one is forgotten at once. */
  async renew(accountId: string): Promise<string> {
    for (;;) {
      await this.tokenFor(accountId);
      const { generation } = (await this.current(accountId))!;
      const token = this.tokenOf(accountId, generation + 1);
      // Two renewals at once: one wins, the other tries again from the generation it left.
      const { rowCount } = await this.db.query(
        `UPDATE courtside.calendar_feeds SET generation = $2 + 1, token_hash = $3, renewed_at = $4
         WHERE account_id = $1 AND generation = $2`,
        [accountId, generation, hashOf(token), this.clock()],
      );
      if (rowCount === 1) return token;
    }
  }

  /** The account whose feed this token opens, if any. */
  async accountOf(token: string): Promise<string | undefined> {
    if (!CALENDAR_TOKEN.test(token)) return undefined;
    const { rows } = await this.db.query<{ account_id: string }>(
      'SELECT account_id FROM courtside.calendar_feeds WHERE token_hash = $1',
      [hashOf(token)],
    );
    return rows[0]?.account_id;
  }

  private async current(accountId: string) {
    const { rows } = await this.db.query<{ generation: number; token_hash: string }>(
      'SELECT generation, token_hash FROM courtside.calendar_feeds WHERE account_id = $1',
      [accountId],
    );
    return rows[0];
  }
}
