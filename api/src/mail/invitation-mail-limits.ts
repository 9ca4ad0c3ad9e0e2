import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '@courtside/eventlog/db/pool';
import { HttpError } from '../http/http-error.ts';

/** DESIGN.md §17 "Fewer mails": a person receives at most this many invitation mails in 24 hours, in all. */
export const INVITATION_MAILS_PER_PERSON = 3;
/** DESIGN.md §17: a company sends at most this many invitation mails in 24 hours. */
export const INVITATION_MAILS_PER_COMPANY = 500;
export const INVITATION_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
export const INVITATION_LIMIT = 'INVITATION_LIMIT';

/**
 * What the company's limit does to mails that do not fit: `refuse` the whole request (a manager's invitations: 429,
 * nothing made), or `hold` them (a player's partner request stands, its mail is not sent).
 */
export type WhenCompanyFull = 'refuse' | 'hold';

export type MailPlan =
  | {
      allowed: true;
      /** The recipients to mail now, in the order given. */
      mailed: string[];
      /** The recipients not mailed (a limit is used up): their invitation stands, pending. */
      held: string[];
      /** When the first held recipient could be mailed again; 0 when none is held. */
      heldRetryAfterMs: number;
    }
  | { allowed: false; retryAfterMs: number };

/**
 * Pure: which of `recipients` (distinct) may be mailed an invitation now. `sentTo` holds each recipient's mails of the
 * last 24 hours, `sentByCompany` the company's (oldest first). A recipient with 3 mails is held; the rest are mailed
 * while the company has mails left; past that the request is refused (with when enough of the company's mails
 * leave the window) or the rest is held, as `whenCompanyFull` says.
 */
export function planInvitationMails(input: {
  recipients: readonly string[];
  sentTo: ReadonlyMap<string, readonly Date[]>;
  sentByCompany: readonly Date[];
  now: Date;
  whenCompanyFull: WhenCompanyFull;
}): MailPlan {
  const { recipients, sentTo, sentByCompany, now, whenCompanyFull } = input;
  const freedAt = (sent: Date) => sent.getTime() + INVITATION_MAIL_WINDOW_MS - now.getTime();
  const mailed: string[] = [];
  const held: string[] = [];
  let heldRetryAfterMs = 0;
  const hold = (recipient: string, retryAfterMs: number) => {
    held.push(recipient);
    heldRetryAfterMs = heldRetryAfterMs === 0 ? retryAfterMs : Math.min(heldRetryAfterMs, retryAfterMs);
  };
  const companyLeft = Math.max(0, INVITATION_MAILS_PER_COMPANY - sentByCompany.length);
  for (const recipient of recipients) {
    const theirs = [...(sentTo.get(recipient) ?? [])].sort((a, b) => a.getTime() - b.getTime());
    if (theirs.length >= INVITATION_MAILS_PER_PERSON) {
      hold(recipient, freedAt(theirs[theirs.length - INVITATION_MAILS_PER_PERSON]!));
    } else if (mailed.length < companyLeft) mailed.push(recipient);
    else if (whenCompanyFull === 'hold') {
      const leaving = sentByCompany[Math.max(0, sentByCompany.length - INVITATION_MAILS_PER_COMPANY)];
      hold(recipient, leaving ? freedAt(leaving) : INVITATION_MAIL_WINDOW_MS);
    } else {
      // The mails this request needs leave the window with the company's oldest ones.
      const wanted = recipients.filter(
        (other) => (sentTo.get(other)?.length ?? 0) < INVITATION_MAILS_PER_PERSON,
      ).length;
      const leaving = sentByCompany[sentByCompany.length + wanted - INVITATION_MAILS_PER_COMPANY - 1];
      return { allowed: false, retryAfterMs: leaving ? freedAt(leaving) : INVITATION_MAIL_WINDOW_MS };
    }
  }
  return { allowed: true, mailed, held, heldRetryAfterMs };
}

/** A recipient as the table keeps it: a hash of the address, never the address. */
function recipientKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export interface MailReservation {
  /** Whether the address may be mailed now (it was counted). */
  mayMail(email: string): boolean;
  /** The addresses held back by a limit. */
  held: string[];
  heldRetryAfterMs: number;
  /** Gives back the counts of these addresses (their invitation was not made), or of all. */
  release(emails?: readonly string[]): Promise<void>;
}

/** 429 `{reason: INVITATION_LIMIT}` with `Retry-After` in whole seconds. */
export function invitationLimitError(retryAfterMs: number, message: string): HttpError {
  return new HttpError(
    429,
    message,
    undefined,
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    { reason: INVITATION_LIMIT },
  );
}

/**
 * The counts in Postgres (`courtside.invitation_mails`), so that every api process counts together. A request counts
 * its mails before it makes its invitations, under one lock, so that parallel requests cannot all slip past a limit;
 * what it then does not mail (a row the rules skipped, a command refused) is given back.
 */
export class InvitationMailLimits {
  constructor(
    private readonly db: pg.Pool,
    private readonly clock: () => Date,
  ) {}

  /**
   * Counts a mail to each of `emails` (distinct, lower case) for the company, or throws 429 INVITATION_LIMIT when the
   * company's mails for the day would run out and `whenCompanyFull` is `refuse`.
   */
  async reserve(
    companyId: string,
    emails: readonly string[],
    whenCompanyFull: WhenCompanyFull,
  ): Promise<MailReservation> {
    const now = this.clock();
    const since = new Date(now.getTime() - INVITATION_MAIL_WINDOW_MS);
    const keys = new Map(emails.map((email) => [recipientKey(email), email]));
    const reservation = randomUUID();
    const plan = await inTransaction(this.db, async (client) => {
      // One lock for every company: a person's limit spans them all, and invitation mails are rare enough.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('courtside.invitation_mails'))`);
      await client.query('DELETE FROM courtside.invitation_mails WHERE sent_at < $1', [
        new Date(since.getTime() - INVITATION_MAIL_WINDOW_MS),
      ]);
      const [company, recipients] = await Promise.all([
        client.query<{ sent_at: Date }>(
          `SELECT sent_at FROM courtside.invitation_mails WHERE company_id = $1 AND sent_at > $2 ORDER BY sent_at`,
          [companyId, since],
        ),
        client.query<{ recipient: string; sent_at: Date }>(
          `SELECT recipient, sent_at FROM courtside.invitation_mails WHERE recipient = ANY($1) AND sent_at > $2`,
          [[...keys.keys()], since],
        ),
      ]);
      const sentTo = new Map<string, Date[]>();
      for (const row of recipients.rows)
        sentTo.set(row.recipient, [...(sentTo.get(row.recipient) ?? []), row.sent_at]);
      const planned = planInvitationMails({
        recipients: [...keys.keys()],
        sentTo,
        sentByCompany: company.rows.map((row) => row.sent_at),
        now,
        whenCompanyFull,
      });
      if (planned.allowed && planned.mailed.length > 0) {
        await client.query(
          `INSERT INTO courtside.invitation_mails (reservation, company_id, recipient, sent_at)
           SELECT $1, $2, recipient, $4 FROM unnest($3::text[]) AS recipient`,
          [reservation, companyId, planned.mailed, now],
        );
      }
      return planned;
    });
    if (!plan.allowed) {
      throw invitationLimitError(
        plan.retryAfterMs,
        `This club has sent its ${INVITATION_MAILS_PER_COMPANY} invitation mails for today: try again later`,
      );
    }
    const mailed = new Set(plan.mailed.map((key) => keys.get(key)!));
    return {
      mayMail: (email) => mailed.has(email.toLowerCase()),
      held: plan.held.map((key) => keys.get(key)!),
      heldRetryAfterMs: plan.heldRetryAfterMs,
      release: async (released) => {
        const given = released ?? [...mailed];
        if (given.length === 0) return;
        await this.db.query(
          'DELETE FROM courtside.invitation_mails WHERE reservation = $1 AND recipient = ANY($2)',
          [reservation, given.map(recipientKey)],
        );
      },
    };
  }
}
