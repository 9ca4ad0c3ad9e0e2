import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '../http/http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { wrongCodeLimit } from './login-limits.ts';
import { RateLimiter } from './rate-limit.ts';

const CODE_LIFETIME_MS = 15 * 60 * 1000;
/** Wrong codes a mailed code allows (the change of email's code; sign-up codes count per account, §19). */
export const MAX_WRONG_CODES = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** The 6-digit code mailed at sign-up, and the `refresh` ticket that goes with it (spec §3 "Email verification"). */
export class EmailVerification {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly db: pg.Pool,
    private readonly mailer: Mailer,
    private readonly clock: () => Date,
  ) {
    this.limiter = new RateLimiter(db, clock);
  }

  /** Makes a new code (replacing any earlier one), mails it, and returns the ticket to verify it with. */
  async start(accountId: string, email: string, language: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const refresh = await this.save(accountId, sha256(`${accountId}:${code}`));
    // Through the outbox (no 500 for what a mail server does): a mail server that is down delays the code, it fails no sign-up; a newer code
    // takes the place of one not sent yet.
    await this.mailer.send({
      to: email,
      ...codeMail(code, language),
      code,
      accountId,
      replaces: `verification-code:${accountId}`,
    });
    return refresh;
  }

  /**
   * A sign-up that made no account (its address has one, DESIGN.md §19): a pending verification like any other, so
   * its ticket answers as a real one does, but of a code that was never mailed and that no 6-digit code matches.
   * Also for a new ticket of it (`code`): nothing is mailed.
   */
  async startWithoutAccount(id: string): Promise<string> {
    return this.save(id, sha256(randomBytes(32).toString('hex')));
  }

  /**
   * A new ticket for the code pending now, without mailing another (a sign-in when the account's codes are used up):
   * the ticket of the earlier answer stops working, as with a new code. A new code when none is pending.
   */
  async newTicket(accountId: string, email: string, language: string): Promise<string> {
    const refresh = randomBytes(24).toString('base64url');
    const { rowCount } = await this.db.query(
      'UPDATE courtside.email_verifications SET refresh_hash = $2 WHERE account_id = $1',
      [accountId, sha256(refresh).toString('hex')],
    );
    return rowCount === 1 ? refresh : this.start(accountId, email, language);
  }

  private async save(accountId: string, codeHash: Buffer): Promise<string> {
    const refresh = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.clock().getTime() + CODE_LIFETIME_MS);
    await this.db.query(
      `INSERT INTO courtside.email_verifications (account_id, refresh_hash, code_hash, expires_at, wrong_attempts)
       VALUES ($1, $2, $3, $4, 0)
       ON CONFLICT (account_id) DO UPDATE SET refresh_hash = excluded.refresh_hash, code_hash = excluded.code_hash,
         expires_at = excluded.expires_at, wrong_attempts = 0`,
      [accountId, sha256(refresh).toString('hex'), codeHash.toString('hex'), expiresAt],
    );
    return refresh;
  }

  /**
   * Checks a code against its ticket; wrong, expired or unknown are refused, and five wrong codes lock the account's
   * verification for 15 minutes (§19), also for codes mailed after them. Only a wrong code counts: a ticket that is
   * not the account's is refused before (else anyone who knew an account's id could lock it).
   */
  async verify(accountId: string, refresh: string, code: string): Promise<void> {
    const { rows } = await this.db.query<{ refresh_hash: string; code_hash: string; expires_at: Date }>(
      'SELECT refresh_hash, code_hash, expires_at FROM courtside.email_verifications WHERE account_id = $1',
      [accountId],
    );
    const pending = rows[0];
    if (!pending || !sameHash(pending.refresh_hash, sha256(refresh))) {
      throw new HttpError(400, 'This verification link is not valid any more. Ask for a new code.');
    }
    const limits = [wrongCodeLimit(accountId)];
    await this.limiter.consume(limits, 'Too many wrong codes');
    if (pending.expires_at.getTime() <= this.clock().getTime()) {
      await this.limiter.undo(limits);
      throw new HttpError(410, 'This code has expired. Ask for a new one.');
    }
    if (!sameHash(pending.code_hash, sha256(`${accountId}:${code}`))) {
      throw new HttpError(400, 'This code is not right');
    }
    await this.limiter.undo(limits);
    await this.db.query('DELETE FROM courtside.email_verifications WHERE account_id = $1', [accountId]);
  }

  /** Whether a ticket belongs to the account: for asking a new code. */
  async ticketMatches(accountId: string, refresh: string): Promise<boolean> {
    const { rows } = await this.db.query<{ refresh_hash: string }>(
      'SELECT refresh_hash FROM courtside.email_verifications WHERE account_id = $1',
      [accountId],
    );
    return rows[0] !== undefined && sameHash(rows[0].refresh_hash, sha256(refresh));
  }
}

/** The mail with a sign-up code, in the account's language. */
function codeMail(code: string, language: string): { subject: string; text: string } {
  const dutch = language === 'nl';
  return {
    subject: dutch ? `Je Courtside-code: ${code}` : `Your Courtside code: ${code}`,
    text: dutch
      ? `Welkom bij Courtside!\n\nJe code is ${code}. Hij is 15 minuten geldig.\n\nHeb je geen account aangemaakt? Dan kun je deze mail negeren.`
      : `Welcome to Courtside!\n\nYour code is ${code}. It is valid for 15 minutes.\n\nDidn't sign up? You can ignore this mail.`,
  };
}

function sameHash(storedHex: string, actual: Buffer): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  return stored.length === actual.length && timingSafeEqual(stored, actual);
}
