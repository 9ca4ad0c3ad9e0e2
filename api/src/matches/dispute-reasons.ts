import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/** The SHA-256 a ResultDisputed event carries of its reason's text (hex, of the UTF-8 text). */
const reasonSha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * DESIGN.md §10: a dispute's reason is a person's free text, kept beside the log (`courtside.dispute_reasons`) so
 * that erasing the person deletes it while the event (its id and SHA-256) and the hash chain stay as they were.
 */
export async function keepDisputeReason(
  db: Queryable,
  accountId: string,
  text: string,
  now: Date,
): Promise<{ id: string; sha256: string }> {
  const reason = { id: randomUUID(), sha256: reasonSha256(text) };
  await db.query(
    `INSERT INTO courtside.dispute_reasons (id, account_id, text, sha256, created_at) VALUES ($1, $2, $3, $4, $5)`,
    [reason.id, accountId, text, reason.sha256, now],
  );
  return reason;
}

/** A reason whose dispute was refused: no event names it. */
export async function dropDisputeReason(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM courtside.dispute_reasons WHERE id = $1', [id]);
}

/** The texts still kept, by id (an erased person's are gone). */
export async function disputeReasonTexts(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; text: string }>(
    'SELECT id::text, text FROM courtside.dispute_reasons WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.text]));
}
