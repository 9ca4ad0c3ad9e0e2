import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * DESIGN.md §16: a tournament's name is free text a manager typed, kept beside the log
 * (`courtside.tournament_names`); TournamentCreated carries the row's id and the SHA-256 of the text (hex, UTF-8).
 */
export async function keepTournamentName(
  db: Queryable,
  companyId: string,
  accountId: string,
  name: string,
  now: Date,
): Promise<{ id: string; sha256: string }> {
  const kept = { id: randomUUID(), sha256: createHash('sha256').update(name, 'utf8').digest('hex') };
  await db.query(
    `INSERT INTO courtside.tournament_names (id, company_id, name, sha256, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [kept.id, companyId, name, kept.sha256, accountId, now],
  );
  return kept;
}

/** A name whose tournament was refused: no event names it. */
export async function dropTournamentName(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM courtside.tournament_names WHERE id = $1', [id]);
}

/** The names kept, by their row's id. */
export async function tournamentNames(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id::text, name FROM courtside.tournament_names WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
