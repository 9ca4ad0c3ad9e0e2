import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '../http/http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { MAX_WRONG_CODES } from './email-verification.ts';

const CODE_LIFETIME_MS = 15 * 60 * 1000;

const codeHash = (accountId: string, newEmail: string, code: string) =>
  createHash('sha256').update(`${accountId}:${newEmail}:${code}`).digest();

/**
 * A change of email (DESIGN.md §10): a 6-digit code goes to the new address, which the account takes once the code
 * comes back; the old address is told. An address that has an account already is told so, and nothing changes: the
 * caller's answer is the same, so it tells nobody whether an address has an account.
 */
export class EmailChange {
  constructor(
    private readonly db: pg.Pool,
    private readonly mailer: Mailer,
    private readonly clock: () => Date,
  ) {}

  async start(
    account: { id: string; email: string },
    newEmail: string,
    { taken, language }: { taken: boolean; language: string },
  ): Promise<void> {
    const words = emailChangeWords(language);
    if (taken) {
      // A waiting change to another address stays as it was.
      await this.mailer.send({ to: newEmail, ...words.taken });
    } else {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.db.query(
        `INSERT INTO courtside.email_changes (account_id, new_email, code_hash, expires_at, wrong_attempts)
         VALUES ($1, $2, $3, $4, 0)
         ON CONFLICT (account_id) DO UPDATE SET new_email = excluded.new_email, code_hash = excluded.code_hash,
           expires_at = excluded.expires_at, wrong_attempts = 0`,
        [
          account.id,
          newEmail,
          codeHash(account.id, newEmail, code).toString('hex'),
          new Date(this.clock().getTime() + CODE_LIFETIME_MS),
        ],
      );
      await this.mailer.send({
        to: newEmail,
        ...words.code(code),
        code,
        accountId: account.id,
        replaces: `email-change-code:${account.id}`,
      });
    }
    await this.mailer.send({ to: account.email, ...words.told(newEmail), accountId: account.id });
  }

  /** Checks the code; the new address it proves. 410 none waiting or expired, 429 too many wrong, 400 wrong. */
  async confirm(accountId: string, code: string): Promise<string> {
    const { rows } = await this.db.query<{
      new_email: string;
      code_hash: string;
      expires_at: Date;
      wrong_attempts: number;
    }>(
      'SELECT new_email, code_hash, expires_at, wrong_attempts FROM courtside.email_changes WHERE account_id = $1',
      [accountId],
    );
    const pending = rows[0];
    if (!pending) throw new HttpError(410, 'No change of email is waiting. Ask for a new code.');
    if (pending.wrong_attempts >= MAX_WRONG_CODES)
      throw new HttpError(429, 'Too many wrong codes. Ask for a new code.');
    if (pending.expires_at.getTime() <= this.clock().getTime()) {
      throw new HttpError(410, 'This code has expired. Ask for a new one.');
    }
    const stored = Buffer.from(pending.code_hash, 'hex');
    const actual = codeHash(accountId, pending.new_email, code);
    if (stored.length !== actual.length || !timingSafeEqual(stored, actual)) {
      await this.db.query(
        'UPDATE courtside.email_changes SET wrong_attempts = wrong_attempts + 1 WHERE account_id = $1',
        [accountId],
      );
      throw new HttpError(400, 'This code is not right', [
        { path: ['code'], message: 'This code is not right', code: 'wrong_code' },
      ]);
    }
    return pending.new_email;
  }

  /** Moves the account to the proved address; false when another account took it meanwhile. */
  async apply(accountId: string, newEmail: string): Promise<boolean> {
    try {
      await this.db.query(
        `WITH done AS (DELETE FROM courtside.email_changes WHERE account_id = $1)
         UPDATE courtside.accounts SET email = $2 WHERE id = $1`,
        [accountId, newEmail],
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    }
  }
}

function emailChangeWords(language: string) {
  if (language === 'nl') {
    return {
      code: (code: string) => ({
        subject: `Je Courtside-code: ${code}`,
        text: `Vul deze code in om dit adres voor je Courtside-account te gebruiken: ${code}\n\nHij is 15 minuten geldig. Heb je dit niet gevraagd? Dan kun je deze mail negeren.`,
      }),
      taken: {
        subject: 'Dit adres heeft al een Courtside-account',
        text: 'Iemand vroeg om dit adres voor een Courtside-account te gebruiken, maar het heeft al een account. Er is niets veranderd.\n\nWachtwoord vergeten? Vraag op de inlogpagina een nieuw aan.',
      },
      told: (newEmail: string) => ({
        subject: 'Je Courtside-e-mailadres wordt gewijzigd',
        text: `Er is gevraagd om het e-mailadres van je Courtside-account te wijzigen in ${newEmail}. Het verandert pas als de code die naar dat adres is gestuurd wordt ingevuld.\n\nWas jij dit niet? Wijzig dan meteen je wachtwoord.`,
      }),
    };
  }
  return {
    code: (code: string) => ({
      subject: `Your Courtside code: ${code}`,
      text: `Enter this code to use this address for your Courtside account: ${code}\n\nIt is valid for 15 minutes. Didn't ask for this? You can ignore this mail.`,
    }),
    taken: {
      subject: 'This address has a Courtside account already',
      text: 'Someone asked to use this address for a Courtside account, but it has an account already. Nothing was changed.\n\nForgot your password? Ask for a new one on the sign-in page.',
    },
    told: (newEmail: string) => ({
      subject: 'Your Courtside email address is being changed',
      text: `Someone asked to change the email address of your Courtside account to ${newEmail}. It changes only once the code sent to that address is entered.\n\nWasn't this you? Change your password now.`,
    }),
  };
}
