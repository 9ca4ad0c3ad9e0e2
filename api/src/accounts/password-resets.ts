import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/** DESIGN.md §10: a forgot-password link works for 30 minutes. */
const RESET_LIFETIME_MS = 30 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The page a reset link opens (DESIGN.md §10). */
export const resetPage = (locale: string, token: string) =>
  `/webapps/account/${locale}/reset?token=${encodeURIComponent(token)}`;

/**
 * Forgot-password links: a random token, of which only the hash is stored. A token opens the account once, within
 * 30 minutes; a newer link leaves older ones valid until they are used or lapse (each mail stands on its own), and
 * using any of them ends them all.
 */
export class PasswordResets {
  constructor(
    private readonly db: Pick<pg.Pool, 'query'>,
    private readonly clock: () => Date,
  ) {}

  /** A new link's token for the account. */
  async issue(accountId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.query(
      `INSERT INTO courtside.password_resets (token_hash, account_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4)`,
      [sha256(token), accountId, now, new Date(now.getTime() + RESET_LIFETIME_MS)],
    );
    return token;
  }

  /**
   * Uses a token: the account it opens, once; undefined when it is unknown, used or lapsed. The account's other
   * links end with it (the password they would replace is gone).
   */
  async use(token: string): Promise<string | undefined> {
    const now = this.clock();
    const { rows } = await this.db.query<{ account_id: string }>(
      `WITH used AS (
         UPDATE courtside.password_resets SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING account_id
       ), others AS (
         UPDATE courtside.password_resets SET used_at = $2
         WHERE account_id IN (SELECT account_id FROM used) AND used_at IS NULL AND token_hash <> $1
       )
       SELECT account_id FROM used`,
      [sha256(token), now],
    );
    return rows[0]?.account_id;
  }
}

/** The reset mail, in the language of the page it was asked on. */
export function resetMail(link: string, language: string): { subject: string; text: string } {
  return language === 'nl'
    ? {
        subject: 'Stel een nieuw Courtside-wachtwoord in',
        text:
          'Iemand vroeg een nieuw wachtwoord aan voor je Courtside-account.\n\n' +
          `Nieuw wachtwoord: ${link}\n\n` +
          'De link is 30 minuten geldig en werkt één keer. Met een nieuw wachtwoord word je overal uitgelogd.\n\n' +
          'Heb je dit niet gevraagd? Dan kun je deze mail negeren; je wachtwoord blijft hetzelfde.',
      }
    : {
        subject: 'Set a new Courtside password',
        text:
          'Someone asked for a new password for your Courtside account.\n\n' +
          `New password: ${link}\n\n` +
          'The link is valid for 30 minutes and works once. A new password signs you out everywhere.\n\n' +
          "Didn't ask for this? You can ignore this mail; your password stays as it is.",
      };
}
