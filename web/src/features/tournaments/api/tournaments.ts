import * as z from 'zod/mini';
import { TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { sportsCategories } from '@courtside/events/ladders/values';
import { request } from '../../../lib/http';

// zod/mini: the tournament pages are public (docs/performance.md, "Initial JavaScript").
export const tournamentFormats = ['KNOCKOUT', 'AMERICANO', 'MEXICANO'] as const;
export type TournamentFormat = (typeof tournamentFormats)[number];
export type TournamentStatus = 'entry' | 'running' | 'finished';
/** The `409 {reason}` codes of the tournament routes (DESIGN.md §16). */
export const tournamentRefusals = [
  'FULL',
  'ENTERED',
  'CLOSED',
  'ROUND_CLOSED',
  'ROUND_OPEN',
  'TOO_FEW',
  'HAS_RESULTS',
  'NOT_DRAWN',
] as const;
export type TournamentRefusal = (typeof tournamentRefusals)[number];

/** DESIGN.md §16: a tournament in a club's list. */
export const tournamentSummarySchema = z.object({
  tournamentId: z.string(),
  companyId: z.string(),
  name: z.string(),
  format: z.enum(tournamentFormats),
  sportsCategory: z.enum(sportsCategories),
  /** Local `YYYY-MM-DDTHH:mm`. */
  startsAt: z.string(),
  status: z.enum(['entry', 'running', 'finished']),
  entrants: z.number(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

const gameSchema = z.object({
  gameId: z.string(),
  court: z.number(),
  /** Two players a side (an array: zod/mini's tuple would cost every public page its code). */
  sideA: z.array(z.string()),
  sideB: z.array(z.string()),
  pointsA: z.optional(z.number()),
  pointsB: z.optional(z.number()),
});
export type ClubNightGame = z.infer<typeof gameSchema>;

const entrySchema = z.object({
  entryId: z.string(),
  members: z.array(z.object({ playerId: z.string(), name: z.string() })),
  seed: z.optional(z.number()),
});
export type TournamentEntry = z.infer<typeof entrySchema>;

/**
 * A knockout's round: its matches with their sides (entry ids) as far as known (null: not known yet, or nobody
 * comes) and the winner once the result counts; a match with both sides is a match of §4 (`GET matches/{id}`).
 */
const bracketRoundsSchema = z.array(
  z.object({
    round: z.number(),
    matches: z.array(
      z.object({
        matchId: z.string(),
        sideA: z.nullable(z.string()),
        sideB: z.nullable(z.string()),
        winner: z.optional(z.string()),
      }),
    ),
  }),
);
export type DrawMatch = z.infer<typeof bracketRoundsSchema>[number]['matches'][number];

/** DESIGN.md §16: a tournament with its entries, and its draw (knockout) or its rounds and leaderboard. */
export const tournamentSchema = z.extend(tournamentSummarySchema, {
  entryMode: z.enum(['OPEN', 'MANAGER']),
  maxEntrants: z.number(),
  courts: z.number(),
  pointsPerGame: z.number(),
  entries: z.array(entrySchema),
  draw: z.optional(
    z.object({ rounds: bracketRoundsSchema, plate: z.optional(z.object({ rounds: bracketRoundsSchema })) }),
  ),
  rounds: z.optional(
    z.array(z.object({ round: z.number(), games: z.array(gameSchema), sittingOut: z.array(z.string()) })),
  ),
  leaderboard: z.optional(
    z.array(
      z.object({
        playerId: z.string(),
        name: z.string(),
        played: z.number(),
        points: z.number(),
        perGame: z.number(),
        won: z.number(),
      }),
    ),
  ),
});
export type Tournament = z.infer<typeof tournamentSchema>;

export const tournamentPath = (tournamentId: string) =>
  `${TOURNAMENT_API}/tournaments/${encodeURIComponent(tournamentId)}`;
const adminPath = (tournamentId: string) =>
  `${TOURNAMENT_ADMIN_API}/tournaments/${encodeURIComponent(tournamentId)}`;

export const getTournaments = (companyId: string, signal?: AbortSignal): Promise<TournamentSummary[]> =>
  request('GET', `${TOURNAMENT_API}/tournaments`, {
    query: { companyId },
    schema: z.array(tournamentSummarySchema),
    signal,
  });

export const getTournament = (tournamentId: string, signal?: AbortSignal): Promise<Tournament> =>
  request('GET', tournamentPath(tournamentId), { schema: tournamentSchema, signal });

/** The signed-in player enters (while entries are OPEN). */
export const enterTournament = (tournamentId: string) =>
  request('POST', `${tournamentPath(tournamentId)}/entries`, { body: {} });

export const withdrawEntry = (tournamentId: string, entryId: string) =>
  request('DELETE', `${tournamentPath(tournamentId)}/entries/${encodeURIComponent(entryId)}`);

/** A club-night game's result: `pointsA + pointsB` is the tournament's `pointsPerGame`. */
export const scoreGame = (tournamentId: string, gameId: string, pointsA: number, pointsB: number) =>
  request('PUT', `${tournamentPath(tournamentId)}/games/${encodeURIComponent(gameId)}`, {
    body: { pointsA, pointsB },
  });

/** The manager's create body (DESIGN.md §16). */
export interface TournamentInput {
  name: string;
  format: TournamentFormat;
  sportsCategory: (typeof sportsCategories)[number];
  startsAt: string;
  entries: 'OPEN' | 'MANAGER';
  maxEntrants: number;
  courts?: number;
  rounds?: number;
  pointsPerGame?: number;
}

export const createTournament = (companyId: string, input: TournamentInput) =>
  request('POST', `${TOURNAMENT_ADMIN_API}/companies/${encodeURIComponent(companyId)}/tournaments`, {
    body: input,
    schema: z.object({ tournamentId: z.string() }),
  });

export const addPlayer = (tournamentId: string, accountId: string) =>
  request('POST', `${adminPath(tournamentId)}/entries`, { body: { accountId } });

/** A manager invites an address (a singles knockout or a club night; after a club night's draw, a late arrival). */
export const invitePlayer = (tournamentId: string, email: string) =>
  request('POST', `${adminPath(tournamentId)}/entries`, {
    body: { email },
    schema: z.object({ entryId: z.string(), invitationId: z.string() }),
  });

export const drawTournament = (tournamentId: string, seeding: 'RATING' | 'ENTRY') =>
  request('POST', `${adminPath(tournamentId)}/draw`, { body: { seeding } });

export const makeNextRound = (tournamentId: string) =>
  request('POST', `${adminPath(tournamentId)}/rounds`, { schema: z.object({ round: z.number() }) });

export const finishTournament = (tournamentId: string) =>
  request('POST', `${adminPath(tournamentId)}/finish`);

export const deleteTournament = (tournamentId: string) => request('DELETE', adminPath(tournamentId));

/** The `reason` of a `409` answer, when it is one of the tournament routes' codes. */
export function refusalOf(body: unknown): TournamentRefusal | undefined {
  const reason =
    typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
  return tournamentRefusals.find((code) => code === reason);
}
