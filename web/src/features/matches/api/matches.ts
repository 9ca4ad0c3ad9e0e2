import { z } from 'zod/mini';
import { request, type Query } from '../../../lib/http';
import { firstDataOf, type FirstDataRequest } from '../../../lib/first-data';
import { MATCHES_API } from '@courtside/events/api-paths';
import { specials } from '@courtside/events/matches/scoring';
import { liveSummarySchema } from './live-summary';

/**
 * The matches API (spec §7 "Matches"): the match as it answers it (spec §3 "Match", "Match team",
 * "Member", "Match set", "Event info", "Matches list item"), parsed leniently: unknown fields are
 * dropped, never an error; and its calls.
 */

/** The one list of specials, shared with the api's scoring rules. */
export const SPECIALS = specials;
export const MATCH_STATUSES = ['planned', 'completed', 'retired', 'walkover', 'cancelled'] as const;

const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z._default(z.optional(z.nullable(z.number())), null),
  itsMe: z._default(z.optional(z.boolean()), false),
});

/** One side's score in one set. */
export interface MatchSet {
  order: number;
  score: number | null;
  tiebreakScore?: number;
  winner: boolean;
  superTiebreak: boolean;
}

const matchSetSchema = z.pipe(
  z.object({
    order: z.number(),
    score: z.nullable(z.number()),
    tiebreakScore: z.optional(z.nullable(z.number())),
    winner: z._default(z.optional(z.boolean()), false),
    superTiebreak: z._default(z.optional(z.boolean()), false),
  }),
  z.transform(({ tiebreakScore, ...set }): MatchSet =>
    tiebreakScore === null || tiebreakScore === undefined ? set : { ...set, tiebreakScore },
  ),
);

export const matchTeamSchema = z.object({
  teamId: z.string(),
  url: z._default(z.optional(z.string()), ''),
  position: z._default(z.optional(z.nullable(z.number())), null),
  members: z.array(memberSchema),
  matchSets: z._default(z.optional(z.array(matchSetSchema)), []),
  winner: z._default(z.optional(z.boolean()), false),
  special: z._default(z.optional(z.enum(SPECIALS)), 'none'),
});

const CONFIRMATION_STATES = ['confirmed', 'pending', 'disputed'] as const;
/** DESIGN.md §5: a player's result waits for the other side; missing = confirmed (wave 1 data). */
const confirmationSchema = z.object({
  state: z.enum(CONFIRMATION_STATES),
  dueAt: z.optional(z.string()),
  enteredBy: z.optional(z.string()),
  side: z.optional(z.enum(['defender', 'challenger'])),
  /** Why it is disputed: only the match's players and the managers get it. */
  reason: z.optional(z.string()),
});

export const matchSchema = z.object({
  id: z.string(),
  date: z._default(z.optional(z.nullable(z.string())), null),
  status: z.enum(MATCH_STATUSES),
  sportsCategory: z.string(),
  matchType: z._default(z.optional(z.enum(['GAMESONLY', 'BESTOFTHREE', 'BESTOFFIVE'])), 'BESTOFTHREE'),
  latestDate: z._default(z.optional(z.nullable(z.string())), null),
  editable: z._default(z.optional(z.boolean()), false),
  defender: matchTeamSchema,
  challenger: matchTeamSchema,
  confirmation: z._default(z.optional(confirmationSchema), { state: 'confirmed' }),
  challengeId: z.optional(z.string()),
  /** DESIGN.md §9: where it is played, when someone said so. */
  location: z.optional(z.string()),
  live: z.optional(liveSummarySchema),
});

const namedSchema = z.object({ id: z.string(), name: z.string() });
export const eventInfoSchema = z.object({
  name: namedSchema,
  part: z.optional(namedSchema),
  round: z.optional(z.nullable(namedSchema)),
});

export const matchListItemSchema = z.object({ match: matchSchema, event: z.optional(eventInfoSchema) });
const matchListSchema = z.array(matchListItemSchema);

export type MatchTeam = z.infer<typeof matchTeamSchema>;
export type Match = z.infer<typeof matchSchema>;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export type Special = (typeof SPECIALS)[number];
export type Side = 'defender' | 'challenger';
export type EventInfo = z.infer<typeof eventInfoSchema>;
export type MatchListItem = z.infer<typeof matchListItemSchema>;

export const SIDES: readonly Side[] = ['defender', 'challenger'];

// ---------------------------------------------------------------------------------------------
// Matches list query (spec §7 "Matches", §9).

export interface MatchesFilter {
  /** Only the signed-in user's own matches (`OWN=TRUE`). */
  own?: boolean;
  /** Completed, retired, walkover and cancelled matches (sent by default, see below). */
  completed?: boolean;
  /** Planned matches (`NOTCOMPLETED=TRUE`). */
  notCompleted?: boolean;
  /** Ladder, season, team or player ids; a match must match every tag (`TAGS`, comma-joined). */
  tags?: readonly string[];
}

/**
 * The query of `GET matches` for page `page` (from 0). `COMPLETED=TRUE` is sent by default unless
 * not-completed is requested (and then only when completed is asked for explicitly as well).
 */
export function buildMatchesQuery(page: number, filter: MatchesFilter = {}): Query {
  const query: Record<string, string> = { PAGE: String(page) };
  const tags = (filter.tags ?? []).map((tag) => tag.trim()).filter(Boolean);
  if (tags.length > 0) query.TAGS = tags.join(',');
  if (filter.own) query.OWN = 'TRUE';
  if (filter.notCompleted) query.NOTCOMPLETED = 'TRUE';
  if (filter.completed || !filter.notCompleted) query.COMPLETED = 'TRUE';
  return query;
}

// ---------------------------------------------------------------------------------------------
// The score of a save (`PUT matches`, `PUT matches/recalculate`).

export function lastFilledSet(sets: readonly MatchSet[]): number {
  let last = 0;
  sets.forEach((set, index) => {
    if (set.score !== null || set.tiebreakScore !== undefined) last = index + 1;
  });
  return last;
}

/** A side's score as the API takes it, without trailing sets that neither side has filled in. */
export function scorePayload(match: Pick<Match, 'defender' | 'challenger'>): Record<Side, SideScore> {
  const count = Math.max(lastFilledSet(match.defender.matchSets), lastFilledSet(match.challenger.matchSets));
  const side = (team: MatchTeam): SideScore => ({
    special: team.special,
    matchSets: Array.from({ length: count }, (_, index) => {
      const set = team.matchSets[index];
      return {
        order: index + 1,
        score: set?.score ?? null,
        ...(set?.tiebreakScore !== undefined ? { tiebreakScore: set.tiebreakScore } : {}),
      };
    }),
  });
  return { defender: side(match.defender), challenger: side(match.challenger) };
}

interface SideScore {
  special: Special;
  matchSets: Array<{ order: number; score: number | null; tiebreakScore?: number }>;
}

export function listMatches(
  page: number,
  filter: MatchesFilter,
  signal?: AbortSignal,
): Promise<MatchListItem[]> {
  return request('GET', MATCHES_PATH, {
    query: buildMatchesQuery(page, filter),
    schema: matchListSchema,
    signal,
  });
}

const MATCHES_PATH = `${MATCHES_API}/matches`;

/** The first page of a list the page was sent with, when it was (lib/first-data.ts). */
export function firstMatchesPageOf(filter: MatchesFilter): MatchListItem[] | undefined {
  return firstDataOf(MATCHES_PATH, buildMatchesQuery(0, filter), matchListSchema);
}

/** Fetches a list's first page for a first paint (lib/first-data.ts). */
export async function fetchFirstMatchesPage(request: FirstDataRequest, filter: MatchesFilter): Promise<void> {
  await request.get(MATCHES_PATH, buildMatchesQuery(0, filter));
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
    // DESIGN.md §9: blank clears the location, none leaves it; the same text changes nothing.
    body: { id: match.id, date: match.date, location: match.location, ...scorePayload(match) },
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
