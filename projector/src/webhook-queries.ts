import type pg from 'pg';
import type { SideScoreInput } from '@courtside/events/matches/scoring';
import {
  API_ACCOUNTS_TABLE,
  API_MATCH_LOCATIONS_TABLE,
  API_NOTIFICATION_PREFERENCES_TABLE,
} from './api-tables.ts';

/**
 * What the webhooks consumer reads of the read models about a change (api/src/webhooks/webhook-consumer.ts): ids and
 * public fields only, never an email or a phone (DESIGN.md §18). Schema-qualified: it runs them in its own
 * transaction.
 */

type Queryable = Pick<pg.ClientBase, 'query'>;

interface MatchRow {
  season_id: string;
  defender_id: string;
  challenger_id: string;
  status: string;
  date: string | null;
  winner: 'defender' | 'challenger' | null;
  defender_score: SideScoreInput;
  challenger_score: SideScoreInput;
  location: string | null;
}

async function matchRow(db: Queryable, schema: string, matchId: string): Promise<MatchRow | undefined> {
  const { rows } = await db.query<MatchRow>(
    `SELECT m.season_id, m.defender_id, m.challenger_id, m.status, m.date, m.winner, m.defender_score,
            m.challenger_score, l.location
     FROM ${schema}.matches m LEFT JOIN ${API_MATCH_LOCATIONS_TABLE} l ON l.id = m.location_id
     WHERE m.id = $1`,
    [matchId],
  );
  return rows[0];
}

/**
 * `match.completed`: the sides, the sets as games per side, the winning team; undefined while it has no winner. A
 * knockout's draw match (`tournamentId`, from its event) names its tournament instead of a season, and its sides are
 * entries (DESIGN.md §16).
 */
export async function completedMatchData(
  db: Queryable,
  schema: string,
  matchId: string,
  tournamentId?: string,
) {
  const row = await matchRow(db, schema, matchId);
  if (!row?.winner || row.status === 'planned' || row.status === 'cancelled') return undefined;
  const defenderSets = row.defender_score.matchSets ?? [];
  const challengerSets = row.challenger_score.matchSets ?? [];
  const sets = defenderSets.map((set, index) => {
    const other = challengerSets[index];
    const tiebreak =
      set.tiebreakScore !== undefined || other?.tiebreakScore !== undefined
        ? { tiebreak: { defender: set.tiebreakScore ?? 0, challenger: other?.tiebreakScore ?? 0 } }
        : {};
    return { defender: set.score, challenger: other?.score ?? null, ...tiebreak };
  });
  return {
    matchId,
    ...(tournamentId ? { tournamentId } : { seasonId: row.season_id }),
    sides: { defender: row.defender_id, challenger: row.challenger_id },
    sets,
    winner: row.winner === 'defender' ? row.defender_id : row.challenger_id,
  };
}

/**
 * `match.scheduled`: the local date and time (`date`, the one the change set, else the match's), and where when someone
 * said; undefined for a match without a date.
 */
export async function scheduledMatchData(db: Queryable, schema: string, matchId: string, date?: string) {
  const row = await matchRow(db, schema, matchId);
  const when = date ?? row?.date;
  if (!row || !when || row.status === 'cancelled') return undefined;
  return { matchId, date: when, ...(row.location ? { location: row.location } : {}) };
}

/** `standings.changed`: the season's active teams by position. */
export async function seasonPositions(db: Queryable, schema: string, seasonId: string) {
  const { rows } = await db.query<{ teamId: string; position: number }>(
    `SELECT id AS "teamId", position FROM ${schema}.teams
     WHERE season_id = $1 AND position IS NOT NULL ORDER BY position, id`,
    [seasonId],
  );
  return { seasonId, positions: rows };
}

/** The addresses and mail languages of a company's managers: told when an endpoint of theirs is disabled. */
export async function managerAddressesOf(db: Queryable, schema: string, companyId: string) {
  const { rows } = await db.query<{ email: string; language: string | null }>(
    `SELECT a.email, p.language FROM ${schema}.company_managers m JOIN ${API_ACCOUNTS_TABLE} a ON a.id = m.account_id
     LEFT JOIN ${API_NOTIFICATION_PREFERENCES_TABLE} p ON p.account_id = a.id
     WHERE m.company_id = $1 AND a.erased_at IS NULL ORDER BY m.since, m.account_id`,
    [companyId],
  );
  return rows.map((row) => ({
    email: row.email,
    language: row.language === 'nl' ? ('nl' as const) : ('en' as const),
  }));
}
