import { z } from 'zod';
import { request } from '../../lib/http';
import {
  buildMatchesQuery,
  matchListSchema,
  matchSchema,
  scorePayload,
  type Match,
  type MatchListItem,
  type MatchesFilter,
  type SeasonTeam,
} from './model';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';

/** Calls of the matches API (spec §7 "Matches") and the admin calls the match UI needs. */

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

export function saveMatch(match: Match): Promise<unknown> {
  return request('PUT', `${MATCHES_API}/matches`, {
    body: { id: match.id, date: match.date, ...scorePayload(match) },
  });
}

const contactMemberSchema = z.object({
  name: z.string(),
  email: z.string().nullable().optional(),
  phoneNumber: z.object({ countryCode: z.string(), number: z.string() }).nullable().optional(),
});
const matchContactsSchema = z.object({
  defender: z.array(contactMemberSchema),
  challenger: z.array(contactMemberSchema),
});
export type MatchContacts = z.infer<typeof matchContactsSchema>;

/** The members of both sides with email and phone (the match's players and the club's managers only). */
export function getMatchContacts(id: string, signal?: AbortSignal): Promise<MatchContacts> {
  return request('GET', `${MATCHES_API}/matches/${encodeURIComponent(id)}/contactinfo`, {
    schema: matchContactsSchema,
    signal,
  });
}

export function cancelMatch(id: string): Promise<unknown> {
  return request('DELETE', `${MATCHES_API}/matches/${encodeURIComponent(id)}/cancel`);
}

const seasonTeamsSchema = z.array(
  z.object({
    teamId: z.string(),
    position: z.number().nullable().optional().default(null),
    joinDate: z.string().nullable().optional(),
    members: z.array(z.object({ fullName: z.string(), email: z.string().optional() })),
  }),
);

/** The active teams of a season (managers). */
export function getSeasonTeams(seasonId: string, signal?: AbortSignal): Promise<SeasonTeam[]> {
  return request('GET', `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/teams`, {
    schema: seasonTeamsSchema,
    signal,
  });
}

export function createMatch(
  seasonId: string,
  body: { defenderId: string; challengerId: string },
): Promise<unknown> {
  return request('POST', `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/teams/match`, { body });
}
