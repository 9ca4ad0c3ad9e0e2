import { z } from 'zod';
import { request } from '../../../lib/http';
import { buildMatchesQuery, scorePayload, type MatchesFilter } from '../model';
import { MATCHES_API } from '@courtside/events/api-paths';
import { specials } from '@courtside/events/matches/scoring';

/**
 * The matches API (spec §7 "Matches"): the match as it answers it (spec §3 "Match", "Match team",
 * "Member", "Match set", "Event info", "Matches list item"), parsed leniently: unknown fields are
 * dropped, never an error; and its calls.
 */

/** The one list of specials, shared with the api's scoring rules. */
export const SPECIALS = specials;
export const MATCH_STATUSES = ['planned', 'completed', 'retired', 'walkover', 'cancelled'] as const;

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().nullable().optional().default(null),
  itsMe: z.boolean().optional().default(false),
});

/** One side's score in one set. */
export interface MatchSet {
  order: number;
  score: number | null;
  tiebreakScore?: number;
  winner: boolean;
  superTiebreak: boolean;
}

export const matchSetSchema = z
  .object({
    order: z.number(),
    score: z.number().nullable(),
    tiebreakScore: z.number().nullable().optional(),
    winner: z.boolean().optional().default(false),
    superTiebreak: z.boolean().optional().default(false),
  })
  .transform(({ tiebreakScore, ...set }): MatchSet =>
    tiebreakScore === null || tiebreakScore === undefined ? set : { ...set, tiebreakScore },
  );

export const matchTeamSchema = z.object({
  teamId: z.string(),
  url: z.string().optional().default(''),
  position: z.number().nullable().optional().default(null),
  members: z.array(memberSchema),
  matchSets: z.array(matchSetSchema).optional().default([]),
  winner: z.boolean().optional().default(false),
  special: z.enum(SPECIALS).optional().default('none'),
});

export const CONFIRMATION_STATES = ['confirmed', 'pending', 'disputed'] as const;
/** DESIGN.md §5: a player's result waits for the other side; missing = confirmed (wave 1 data). */
export const confirmationSchema = z.object({
  state: z.enum(CONFIRMATION_STATES),
  dueAt: z.string().optional(),
  enteredBy: z.string().optional(),
  side: z.enum(['defender', 'challenger']).optional(),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

export const sideSchema = z.enum(['defender', 'challenger']);
/** Beyond the spec: where a match scored live stands (DESIGN.md §7), also the state of a `live.updated` push. */
export const liveSummarySchema = z.object({
  seq: z.number(),
  game: z.object({ defender: z.string(), challenger: z.string() }),
  server: sideSchema,
  finished: z.boolean(),
  superTiebreak: z.boolean().optional(),
});
export type LiveSummary = z.infer<typeof liveSummarySchema>;
/** A pushed live state (DESIGN.md §7): the summary, and its sets for whether the set in progress is a super tiebreak. */
export const liveStateSchema = liveSummarySchema.omit({ superTiebreak: true }).extend({
  sets: z.array(z.object({ superTiebreak: z.boolean().optional() })),
});

export const matchSchema = z.object({
  id: z.string(),
  date: z.string().nullable().optional().default(null),
  status: z.enum(MATCH_STATUSES),
  sportsCategory: z.string(),
  matchType: z.enum(['GAMESONLY', 'BESTOFTHREE', 'BESTOFFIVE']).optional().default('BESTOFTHREE'),
  latestDate: z.string().nullable().optional().default(null),
  editable: z.boolean().optional().default(false),
  defender: matchTeamSchema,
  challenger: matchTeamSchema,
  confirmation: confirmationSchema.optional().default({ state: 'confirmed' }),
  challengeId: z.string().optional(),
  live: liveSummarySchema.optional(),
});

const namedSchema = z.object({ id: z.string(), name: z.string() });
export const eventInfoSchema = z.object({
  name: namedSchema,
  part: namedSchema.optional(),
  round: namedSchema.nullable().optional(),
});

export const matchListItemSchema = z.object({ match: matchSchema, event: eventInfoSchema.optional() });
export const matchListSchema = z.array(matchListItemSchema);

export type Member = z.infer<typeof memberSchema>;
export type MatchTeam = z.infer<typeof matchTeamSchema>;
export type Match = z.infer<typeof matchSchema>;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export type Special = (typeof SPECIALS)[number];
export type Side = 'defender' | 'challenger';
export type EventInfo = z.infer<typeof eventInfoSchema>;
export type MatchListItem = z.infer<typeof matchListItemSchema>;

export const SIDES: readonly Side[] = ['defender', 'challenger'];

export function listMatches(
  page: number,
  filter: MatchesFilter,
  signal?: AbortSignal,
): Promise<MatchListItem[]> {
  return request('GET', `${MATCHES_API}/matches`, {
    query: buildMatchesQuery(page, filter),
    schema: matchListSchema,
    signal,
  });
}

export function getMatch(id: string, signal?: AbortSignal): Promise<Match> {
  return request('GET', `${MATCHES_API}/matches/${encodeURIComponent(id)}`, { schema: matchSchema, signal });
}

/** Asks the server to recalculate the score; nothing is stored. */
export function recalculateMatch(match: Match, signal?: AbortSignal): Promise<Match> {
  return request('PUT', `${MATCHES_API}/matches/recalculate`, {
    body: { id: match.id, ...scorePayload(match) },
    schema: matchSchema,
    signal,
  });
}

/** The match as a command answered it (200), or undefined when it answered 202 (the change shows up later). */
function answeredMatch(answer: unknown): Match | undefined {
  const parsed = matchSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

export async function saveMatch(match: Match): Promise<Match | undefined> {
  const answer = await request('PUT', `${MATCHES_API}/matches`, {
    body: { id: match.id, date: match.date, ...scorePayload(match) },
  });
  return answeredMatch(answer);
}

export async function cancelMatch(id: string): Promise<Match | undefined> {
  return answeredMatch(await request('DELETE', `${MATCHES_API}/matches/${encodeURIComponent(id)}/cancel`));
}

/** The other side accepts a pending result (DESIGN.md §5). */
export function confirmMatch(id: string): Promise<Match> {
  return request('POST', `${MATCHES_API}/matches/${encodeURIComponent(id)}/confirm`, { schema: matchSchema });
}

/** The other side disputes a pending result; a manager settles it by saving a result. */
export function disputeMatch(id: string, reason: string): Promise<Match> {
  return request('POST', `${MATCHES_API}/matches/${encodeURIComponent(id)}/dispute`, {
    body: { reason },
    schema: matchSchema,
  });
}
