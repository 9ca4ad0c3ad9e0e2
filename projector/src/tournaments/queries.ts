import type pg from 'pg';
import type { Bracket } from '@courtside/events/tournaments/bracket';
import { tournamentDecider, type TournamentState } from '@courtside/events/tournaments/decider';
import { talliesOf } from '@courtside/events/tournaments/leaderboard';
import type {
  ClubRound,
  EntryMode,
  GameScore,
  Seeding,
  TournamentFormat,
} from '@courtside/events/tournaments/model';
import type { SportsCategory } from '@courtside/events/ladders/model';
import type { TournamentInvitation } from '@courtside/events/tournaments/invitations';
import {
  API_ACCOUNTS_TABLE,
  API_INVITATIONS_TABLE,
  API_TOURNAMENT_NAMES_TABLE,
  accountNameSql,
} from '../api-tables.ts';
import type { MatchState } from '@courtside/events/matches/decider';
import {
  KNOCKOUT_CONFIRM_HOURS,
  KNOCKOUT_MATCH_TYPE,
  type Knockout,
} from '@courtside/events/tournaments/knockout';

/**
 * The queries on the tournaments table (DESIGN.md §16), in the module that owns it: the state a tournament's
 * commands are decided against (under the company's lock), and what its public answers are built from.
 */

type Queryable = Pick<pg.Pool, 'query'>;

export interface TournamentEntryRow {
  entryId: string;
  memberIds: string[];
  /** A late arrival at a club night: the round they play from. */
  fromRound?: number;
}

/** A tournament as its row holds it. */
export interface TournamentView {
  tournamentId: string;
  companyId: string;
  nameId: string;
  format: TournamentFormat;
  sportsCategory: SportsCategory;
  startsAt: string;
  entryMode: EntryMode;
  maxEntrants: number;
  plate: boolean;
  courts: number;
  plannedRounds: number | null;
  pointsPerGame: number;
  status: 'entry' | 'running' | 'finished';
  seeding: Seeding | null;
  order: string[];
  bracket: Bracket | null;
  entries: TournamentEntryRow[];
  rounds: ClubRound[];
  scores: Record<string, GameScore>;
  /** Partner requests and managers' invitations (DESIGN.md §16 with §9), in the order they were sent. */
  invitations: TournamentInvitation[];
}

const columns = `id AS "tournamentId", company_id AS "companyId", name_id AS "nameId", format,
  sports_category AS "sportsCategory", starts_at AS "startsAt", entry_mode AS "entryMode",
  max_entrants AS "maxEntrants", plate, courts, planned_rounds AS "plannedRounds",
  points_per_game AS "pointsPerGame", status, seeding, draw_order AS "order", bracket, entries, rounds, scores,
  invitations`;

export async function tournamentOf(db: Queryable, tournamentId: string): Promise<TournamentView | undefined> {
  const { rows } = await db.query<TournamentView>(`SELECT ${columns} FROM tournaments WHERE id = $1`, [
    tournamentId,
  ]);
  return rows[0];
}

/** A company's tournaments, soonest first. */
export async function tournamentsOfCompany(db: Queryable, companyId: string): Promise<TournamentView[]> {
  const { rows } = await db.query<TournamentView>(
    `SELECT ${columns} FROM tournaments WHERE company_id = $1 ORDER BY starts_at, created_at, id`,
    [companyId],
  );
  return rows;
}

/** The company a tournament belongs to (the manager gate's question). */
export async function companyOfTournament(db: Queryable, tournamentId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ companyId: string }>(
    'SELECT company_id AS "companyId" FROM tournaments WHERE id = $1',
    [tournamentId],
  );
  return rows[0]?.companyId;
}

/** Players' shown names (an erased account shows as a former player), by id. */
export async function playerNamesOf(
  db: Queryable,
  playerIds: readonly string[],
): Promise<Map<string, string>> {
  if (playerIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; name: string }>(
    `SELECT a.id::text AS id, ${accountNameSql('a', "'Player'")} AS name FROM ${API_ACCOUNTS_TABLE} a
     WHERE a.id = ANY($1::uuid[])`,
    [playerIds],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The state a tournament's command is decided against: the row, its players' ratings in its sport (DESIGN.md §11,
 * for a draw by rating), and the club night's tallies folded from its results.
 */
export async function tournamentStateOf(db: Queryable, tournamentId: string): Promise<TournamentState> {
  const view = await tournamentOf(db, tournamentId);
  if (!view) return tournamentDecider.initialState();
  const players = view.entries.flatMap((entry) => entry.memberIds);
  const draw = view.format === 'KNOCKOUT' ? await drawMatchesOf(db, tournamentId) : undefined;
  const { rows: ratings } = await db.query<{ playerId: string; rating: number }>(
    `SELECT player_id AS "playerId", rating FROM player_ratings
     WHERE company_id = $1 AND sports_category = $2 AND player_id = ANY($3::uuid[])`,
    [view.companyId, view.sportsCategory, players],
  );
  return {
    tournament: {
      tournamentId: view.tournamentId,
      companyId: view.companyId,
      status: view.status,
      format: view.format,
      sportsCategory: view.sportsCategory,
      startsAt: view.startsAt,
      entries: view.entryMode,
      maxEntrants: view.maxEntrants,
      plate: view.plate,
      courts: view.courts,
      ...(view.plannedRounds === null ? {} : { rounds: view.plannedRounds }),
      pointsPerGame: view.pointsPerGame,
    },
    entries: view.entries.map(({ entryId, memberIds }) => ({ entryId, memberIds })),
    ratings: Object.fromEntries(ratings.map((row) => [row.playerId, row.rating])),
    winners: draw?.winners ?? {},
    made: draw?.made ?? [],
    order: view.order,
    ...(view.bracket ? { bracket: view.bracket } : {}),
    rounds: view.rounds,
    plannedRounds: plannedRoundsOf(view),
    scores: view.scores,
    tallies: talliesOf(view.rounds, view.scores),
    // As evolve keeps them: absent until the first invitation.
    ...(view.invitations.length === 0
      ? {}
      : {
          invitations: Object.fromEntries(
            view.invitations.map((invitation) => [invitation.invitationId, invitation]),
          ),
        }),
  };
}

/** As the rules' evolve counts them: an Americano plays its rounds (default N−1 at the draw), a Mexicano one at a time. */
export const plannedRoundsOf = (
  view: Pick<TournamentView, 'format' | 'status' | 'plannedRounds' | 'order'>,
) =>
  view.format !== 'AMERICANO' || view.status === 'entry' ? 0 : (view.plannedRounds ?? view.order.length - 1);

/**
 * What the notifier tells of a club night's round (DESIGN.md §16): the tournament's format and the id of its name
 * kept beside the log, in the read-model schema `schema` (the notifier's connection has no search path).
 */
export async function tournamentToNotifyOf(
  db: Queryable,
  schema: string,
  tournamentId: string,
): Promise<{ format: TournamentFormat; nameId: string; bracket: Bracket | null } | undefined> {
  const { rows } = await db.query<{ format: TournamentFormat; nameId: string; bracket: Bracket | null }>(
    `SELECT format, name_id AS "nameId", bracket FROM ${schema}.tournaments WHERE id = $1`,
    [tournamentId],
  );
  return rows[0];
}

/**
 * A knockout's draw matches as its rules see them (DESIGN.md §16): those made (and not cancelled), and the winning
 * entry of each whose result counts (confirmed, settled by a manager, or a walkover).
 */
export async function drawMatchesOf(
  db: Queryable,
  tournamentId: string,
): Promise<Pick<Knockout, 'winners' | 'made'>> {
  const { rows } = await db.query<{ id: string; winner: string | null }>(
    `SELECT id, CASE WHEN confirmation_state <> 'confirmed' THEN NULL WHEN winner = 'defender' THEN defender_id
         WHEN winner = 'challenger' THEN challenger_id END AS winner
     FROM matches WHERE season_id = $1 AND status <> 'cancelled' ORDER BY created_at, id`,
    [tournamentId],
  );
  return {
    made: rows.map((row) => row.id),
    winners: Object.fromEntries(rows.flatMap((row) => (row.winner ? [[row.id, row.winner]] : []))),
  };
}

/**
 * What a knockout's draw match is decided against in place of a season (DESIGN.md §16): its tournament stands in
 * as season and ladder (best of three, nobody moves, no last day, results wait 48 hours for the other side), and
 * the knockout's bracket with its winners and made matches. Empty for an id that is not a drawn knockout.
 */
export async function knockoutMatchStateOf(
  db: Queryable,
  tournamentId: string,
): Promise<Pick<MatchState, 'season' | 'knockout'>> {
  const view = await tournamentOf(db, tournamentId);
  if (!view || view.format !== 'KNOCKOUT' || !view.bracket) return {};
  return {
    season: {
      seasonId: tournamentId,
      ladderId: tournamentId,
      matchType: KNOCKOUT_MATCH_TYPE,
      earliestDate: view.startsAt.slice(0, 10),
      latestDate: '9999-12-31',
      positions: {},
      confirmHours: KNOCKOUT_CONFIRM_HOURS,
      movement: 'LEAPFROG',
      format: 'BOX',
    },
    knockout: { tournamentId, bracket: view.bracket, ...(await drawMatchesOf(db, tournamentId)) },
  };
}

/** A tournament's invitation with what its link's page and routes need: the address beside the log, the state from it. */
export interface TournamentInvitationView extends TournamentInvitation {
  email: string;
  tournamentId: string;
  tournamentName: string;
  companyId: string;
  companyName: string;
  /** The registrant's name (a partner request), else the inviting manager's; '' when unnamed. */
  invitedBy: string;
}

/** The invitation the api's row `invitationId` names (kind `tournament`); none once its address was erased. */
export async function tournamentInvitationById(
  db: Queryable,
  invitationId: string,
): Promise<TournamentInvitationView | undefined> {
  const { rows } = await db.query<TournamentInvitationView>(
    `SELECT i.id AS "invitationId", i.email, t.id AS "tournamentId", coalesce(n.name, '') AS "tournamentName",
       t.company_id AS "companyId", c.name AS "companyName", ${accountNameSql('a', "''")} AS "invitedBy",
       x.e->>'entryId' AS "entryId", x.e->>'registrantId' AS "registrantId", x.e->>'lapsesAt' AS "lapsesAt",
       x.e->>'state' AS state
     FROM ${API_INVITATIONS_TABLE} i
     JOIN tournaments t ON t.id = i.tournament_id
     CROSS JOIN LATERAL jsonb_array_elements(t.invitations) AS x(e)
     JOIN companies c ON c.id = t.company_id
     LEFT JOIN ${API_TOURNAMENT_NAMES_TABLE} n ON n.id = t.name_id
     LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id = i.invited_by
     WHERE i.id = $1 AND i.kind = 'tournament' AND i.email IS NOT NULL AND x.e->>'invitationId' = $1::text`,
    [invitationId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { registrantId, ...rest } = row;
  return registrantId ? { ...rest, registrantId } : rest;
}

/** The open invitation of an entry not formed yet, by the entry's id (a pending entry's withdrawal). */
export async function tournamentInvitationOfEntry(
  db: Queryable,
  tournamentId: string,
  entryId: string,
): Promise<TournamentInvitationView | undefined> {
  const { rows } = await db.query<{ invitationId: string }>(
    `SELECT x.e->>'invitationId' AS "invitationId" FROM tournaments t
     CROSS JOIN LATERAL jsonb_array_elements(t.invitations) AS x(e)
     WHERE t.id = $1 AND x.e->>'entryId' = $2::text`,
    [tournamentId, entryId],
  );
  return rows[0] && tournamentInvitationById(db, rows[0].invitationId);
}

/** The tournaments with an invitation still open past its `lapsesAt` (the deadline process's work). */
export async function tournamentsWithLapsedInvitations(
  db: Queryable,
  now: Date,
): Promise<Array<{ companyId: string; tournamentId: string }>> {
  const { rows } = await db.query<{ companyId: string; tournamentId: string }>(
    `SELECT t.company_id AS "companyId", t.id AS "tournamentId" FROM tournaments t
     WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(t.invitations) AS x(e)
       WHERE x.e->>'state' = 'open' AND (x.e->>'lapsesAt')::timestamptz <= $1)`,
    [now],
  );
  return rows;
}

/** A partner request of the caller's that waits for its answer (DESIGN.md §16 with §9), as its page shows it. */
export interface OwnPartnerRequest {
  entryId: string;
  /** The address asked, beside the log; null once it was erased. */
  partnerEmail: string | null;
  lapsesAt: string;
}

/**
 * The open partner requests `registrantId` sent for the tournament (at most one: a waiting request is the
 * registrant's entry), not yet lapsed at `now`. Only the registrant's own: nobody else's request, and none sent to
 * the registrant.
 */
export async function ownPartnerRequestsOf(
  db: Queryable,
  tournamentId: string,
  registrantId: string,
  now: Date,
): Promise<OwnPartnerRequest[]> {
  const { rows } = await db.query<OwnPartnerRequest>(
    `SELECT x.e->>'entryId' AS "entryId", i.email AS "partnerEmail", x.e->>'lapsesAt' AS "lapsesAt"
     FROM tournaments t
     CROSS JOIN LATERAL jsonb_array_elements(t.invitations) AS x(e)
     LEFT JOIN ${API_INVITATIONS_TABLE} i ON i.id = (x.e->>'invitationId')::uuid AND i.kind = 'tournament'
     WHERE t.id = $1 AND x.e->>'registrantId' = $2::text AND x.e->>'state' = 'open'
       AND (x.e->>'lapsesAt')::timestamptz > $3
     ORDER BY x.e->>'lapsesAt', x.e->>'entryId'`,
    [tournamentId, registrantId, now],
  );
  return rows;
}

/**
 * The open tournament invitations an erasure closes (DESIGN.md §19 "Erasure"): the partner requests the account sent
 * (`isAddressee` false: it withdraws them) and the requests and managers' invitations sent to an address of its
 * (`invitationIds`, the api's rows it owns: it declines them).
 */
export async function openTournamentInvitationsOfAccount(
  db: Queryable,
  accountId: string,
  invitationIds: readonly string[],
): Promise<
  Array<{
    tournamentId: string;
    companyId: string;
    invitationId: string;
    entryId: string;
    isAddressee: boolean;
  }>
> {
  const { rows } = await db.query<{
    tournamentId: string;
    companyId: string;
    invitationId: string;
    entryId: string;
    isAddressee: boolean;
  }>(
    `SELECT t.id AS "tournamentId", t.company_id AS "companyId", x.e->>'invitationId' AS "invitationId",
       x.e->>'entryId' AS "entryId", coalesce(x.e->>'registrantId', '') <> $1::text AS "isAddressee"
     FROM tournaments t
     CROSS JOIN LATERAL jsonb_array_elements(t.invitations) AS x(e)
     WHERE t.id IN (SELECT i.tournament_id FROM ${API_INVITATIONS_TABLE} i
                    WHERE i.kind = 'tournament' AND (i.invited_by::text = $1::text OR i.id = ANY($2::uuid[])))
       AND x.e->>'state' = 'open'
       AND (x.e->>'registrantId' = $1::text OR (x.e->>'invitationId')::uuid = ANY($2::uuid[]))
     ORDER BY t.id, x.e->>'invitationId'`,
    [accountId, invitationIds],
  );
  return rows;
}

/**
 * The entries an erasure withdraws (DESIGN.md §19 "Erasure"): the account's formed entries (a side with a partner
 * too) in tournaments that take entries still, not drawn. After the draw an entry stays: its bracket or rounds hold it.
 */
export async function undrawnEntriesOfAccount(
  db: Queryable,
  accountId: string,
): Promise<Array<{ tournamentId: string; companyId: string; entryId: string }>> {
  const { rows } = await db.query<{ tournamentId: string; companyId: string; entryId: string }>(
    `SELECT t.id AS "tournamentId", t.company_id AS "companyId", x.e->>'entryId' AS "entryId"
     FROM tournaments t
     CROSS JOIN LATERAL jsonb_array_elements(t.entries) AS x(e)
     WHERE t.status = 'entry' AND x.e->'memberIds' ? $1::text
     ORDER BY t.starts_at, t.id`,
    [accountId],
  );
  return rows;
}
