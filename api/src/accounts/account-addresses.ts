import type pg from 'pg';

/**
 * The addresses an account confirmed (`courtside.account_addresses`, DESIGN.md §10 export, §19 "Erasure"), and whose
 * an invitation is. An invitation sent to an address belongs to the first account that held it, confirmed, when or
 * after the invitation was sent: the one holding it then, else the first to confirm it later. So an account sees
 * what was sent to any address it confirmed, but not what was sent to a former owner of its address, nor what came
 * for its old address after it moved on.
 */

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * SQL that is true when the invitation row `alias` belongs to the account `$accountParam` (an `$n` of the query). An
 * invitation whose address was erased has none, and belongs to nobody.
 */
export const invitationOwnedBySql = (alias: string, accountParam: string): string =>
  `(${alias}.email IS NOT NULL AND EXISTS (
     SELECT 1 FROM courtside.account_addresses mine
     WHERE mine.account_id = ${accountParam} AND mine.email = ${alias}.email
       AND coalesce(mine.released_at, 'infinity') > ${alias}.created_at
       AND NOT EXISTS (
         SELECT 1 FROM courtside.account_addresses other
         WHERE other.email = ${alias}.email AND other.confirmed_at < mine.confirmed_at
           AND coalesce(other.released_at, 'infinity') > ${alias}.created_at)))`;

/** The ids of the invitations that belong to the account (see above). */
export async function ownedInvitationIds(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT i.id FROM courtside.invitations i WHERE ${invitationOwnedBySql('i', '$1')} ORDER BY i.id`,
    [accountId],
  );
  return rows.map((row) => row.id);
}

/**
 * The account holds its address confirmed from `at` on (it proved the address: a sign-up code, a password reset, a
 * change of email), and no other address any more. Nothing changes when it holds that address already.
 */
export async function confirmAddress(db: Queryable, accountId: string, at: Date): Promise<void> {
  await db.query(
    `WITH current AS (SELECT email FROM courtside.accounts WHERE id = $1 AND email IS NOT NULL AND erased_at IS NULL),
     released AS (
       UPDATE courtside.account_addresses SET released_at = $2
       WHERE account_id = $1 AND released_at IS NULL AND email <> (SELECT email FROM current)
     )
     INSERT INTO courtside.account_addresses (account_id, email, confirmed_at)
     SELECT $1, c.email, $2 FROM current c
     WHERE NOT EXISTS (SELECT 1 FROM courtside.account_addresses held
                       WHERE held.account_id = $1 AND held.email = c.email AND held.released_at IS NULL)`,
    [accountId, at],
  );
}
