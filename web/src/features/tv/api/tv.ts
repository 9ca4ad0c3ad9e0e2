import * as z from 'zod/mini';
import { LADDER_API, MATCHES_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { request } from '../../../lib/http';

// zod/mini and loose objects with only the fields the screen shows: the TV is a public page with a budget
// (docs/performance.md, "Initial JavaScript"). The club-wide reads are composed here from the public routes.

const ladderSchema = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  company: z.looseObject({ id: z.string(), name: z.string() }),
});
export type TvLadder = z.infer<typeof ladderSchema>;

const standingsSchema = z.looseObject({
  ladder: z.looseObject({ uuid: z.string(), name: z.string() }),
  season: z.nullable(z.looseObject({ name: z.string() })),
  teams: z.array(
    z.looseObject({
      teamId: z.string(),
      position: z.number(),
      members: z.array(z.looseObject({ fullName: z.string() })),
      played: z._default(z.number(), 0),
      won: z._default(z.number(), 0),
    }),
  ),
});
export type TvStandings = z.infer<typeof standingsSchema>;

const sideSchema = z.looseObject({
  teamId: z.string(),
  members: z.array(z.looseObject({ name: z.string() })),
  matchSets: z._default(z.optional(z.array(z.looseObject({ score: z.nullable(z.number()) }))), []),
  winner: z._default(z.optional(z.boolean()), false),
});
const matchSchema = z.looseObject({
  id: z.string(),
  date: z._default(z.optional(z.nullable(z.string())), null),
  status: z.string(),
  defender: sideSchema,
  challenger: sideSchema,
  live: z.optional(
    z.looseObject({
      game: z.object({ defender: z.string(), challenger: z.string() }),
      finished: z.boolean(),
    }),
  ),
});
export type TvMatch = z.infer<typeof matchSchema>;
const matchListSchema = z.array(z.looseObject({ match: matchSchema }));

const tournamentSummarySchema = z.looseObject({
  tournamentId: z.string(),
  format: z.string(),
  status: z.string(),
});

/** A knockout's rounds: each match's sides (entry ids) as far as known, and its winner once its result counts. */
const drawRoundsSchema = z.array(
  z.looseObject({
    round: z.number(),
    matches: z.array(
      z.looseObject({
        matchId: z.string(),
        sideA: z.nullable(z.string()),
        sideB: z.nullable(z.string()),
        winner: z.optional(z.string()),
      }),
    ),
  }),
);
export type TvDrawRound = z.infer<typeof drawRoundsSchema>[number];
export type TvDrawMatch = TvDrawRound['matches'][number];

const tournamentSchema = z.looseObject({
  tournamentId: z.string(),
  name: z.string(),
  format: z.string(),
  status: z.string(),
  entries: z.array(
    z.looseObject({
      entryId: z.string(),
      members: z.array(z.looseObject({ playerId: z.string(), name: z.string() })),
    }),
  ),
  draw: z.optional(
    z.looseObject({
      rounds: drawRoundsSchema,
      plate: z.optional(z.looseObject({ rounds: drawRoundsSchema })),
    }),
  ),
  rounds: z.optional(
    z.array(
      z.looseObject({
        round: z.number(),
        games: z.array(
          z.looseObject({
            gameId: z.string(),
            court: z.number(),
            sideA: z.array(z.string()),
            sideB: z.array(z.string()),
            pointsA: z.optional(z.number()),
            pointsB: z.optional(z.number()),
          }),
        ),
      }),
    ),
  ),
  leaderboard: z.optional(
    z.array(
      z.looseObject({
        playerId: z.string(),
        name: z.string(),
        played: z.number(),
        points: z.number(),
        perGame: z.number(),
      }),
    ),
  ),
});
export type TvTournament = z.infer<typeof tournamentSchema>;

/** The club's ladders: the public list of every ladder, narrowed to the company (no public route narrows it). */
export async function getClubLadders(companyId: string, signal: AbortSignal): Promise<TvLadder[]> {
  const ladders = await request('GET', `${LADDER_API}/ladders`, { schema: z.array(ladderSchema), signal });
  return ladders.filter((ladder) => ladder.company.id === companyId);
}

export const getStandings = (ladderId: string, signal: AbortSignal): Promise<TvStandings> =>
  request('GET', `${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/standings`, {
    schema: standingsSchema,
    signal,
  });

/** The first page of a ladder's matches: completed ones (the latest results) or not completed (live ones among them). */
export async function getLadderMatches(
  ladderId: string,
  completed: boolean,
  signal: AbortSignal,
): Promise<TvMatch[]> {
  const query = completed
    ? { PAGE: '0', TAGS: ladderId, COMPLETED: 'TRUE' }
    : { PAGE: '0', TAGS: ladderId, NOTCOMPLETED: 'TRUE' };
  const items = await request('GET', `${MATCHES_API}/matches`, { query, schema: matchListSchema, signal });
  return items.map((item) => item.match);
}

export const getTournament = (tournamentId: string, signal: AbortSignal): Promise<TvTournament> =>
  request('GET', `${TOURNAMENT_API}/tournaments/${encodeURIComponent(tournamentId)}`, {
    schema: tournamentSchema,
    signal,
  });

/** One match in full (a knockout's draw match: its score, live or not). */
export const getMatch = (matchId: string, signal: AbortSignal): Promise<TvMatch> =>
  request('GET', `${MATCHES_API}/matches/${encodeURIComponent(matchId)}`, { schema: matchSchema, signal });

/** The club's running tournaments (club nights, and knockouts with their draw), each in full. */
export async function getRunningTournaments(companyId: string, signal: AbortSignal): Promise<TvTournament[]> {
  const list = await request('GET', `${TOURNAMENT_API}/tournaments`, {
    query: { companyId },
    schema: z.array(tournamentSummarySchema),
    signal,
  });
  const running = list.filter((item) => item.status === 'running');
  return Promise.all(running.map((item) => getTournament(item.tournamentId, signal)));
}
