import * as z from 'zod/mini';
import { matchTypes, sportsCategories } from '@courtside/events/ladders/values';
import { request } from '../../../lib/http';
import { firstDataOf, type FirstDataLoader } from '../../../lib/first-data';
import { LADDER_API } from '@courtside/events/api-paths';
import {
  challengeRefusals,
  challengeSchema,
  challengesSchema,
  seasonChallengesPath,
  type Challenge,
} from '../../../lib/challenges-api';

// zod/mini: these schemas are on the public pages (docs/performance.md, "Initial JavaScript").
const sportsCategorySchema = z.enum(sportsCategories);
const matchTypeSchema = z.enum(matchTypes);

/** A season as the public ladder API shows it. */
export const publicSeasonSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  openForRegistration: z.boolean(),
  matchType: z.optional(matchTypeSchema),
  current: z.optional(z.boolean()),
});
export type PublicSeason = z.infer<typeof publicSeasonSchema>;

export const publicLadderSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  sportsCategory: sportsCategorySchema,
  company: z.object({ id: z.string(), name: z.string() }),
  currentSeason: z.nullable(publicSeasonSchema),
  /** The seasons open for registration. */
  seasons: z.array(publicSeasonSchema),
});
export type PublicLadder = z.infer<typeof publicLadderSchema>;

export const standingsRowSchema = z.object({
  teamId: z.string(),
  position: z.number(),
  joinDate: z.optional(z.nullable(z.string())),
  /** `playerId`: the link to the player's page (DESIGN.md §19); a name without one stays text. */
  members: z.array(z.object({ playerId: z.optional(z.string()), fullName: z.string() })),
  played: z._default(z.number(), 0),
  won: z._default(z.number(), 0),
  lost: z._default(z.number(), 0),
  /** Local 'YYYY-MM-DDTHH:mm' of the last match with a confirmed result. */
  lastPlayedAt: z._default(z.nullable(z.string()), null),
  /** Places gained (+) or lost (−) by the last change; 0 never moved. */
  movement: z._default(z.number(), 0),
  minimumMet: z._default(z.boolean(), true),
  /** DESIGN.md §11: the side's rating, rounded, and whether it is still provisional. */
  rating: z.optional(z.number()),
  provisional: z._default(z.boolean(), false),
  /** DESIGN.md §9: while the team is paused, its first day back (YYYY-MM-DD). */
  pausedUntil: z.optional(z.string()),
  /** For a signed-in caller only. */
  canChallenge: z.optional(z.boolean()),
  /** Unknown future codes are dropped rather than failing the page. */
  challengeRefusal: z.catch(z.optional(z.enum(challengeRefusals)), undefined),
  /** A live challenge (DESIGN.md §5): open, or accepted and not yet settled. */
  challenge: z.optional(challengeSchema()),
});
export type StandingsRow = z.infer<typeof standingsRowSchema>;

export const standingsSchema = z.object({
  ladder: z.object({
    uuid: z.string(),
    name: z.string(),
    sportsCategory: sportsCategorySchema,
    /** DESIGN.md §15: the club lost its only manager. */
    withoutManager: z.optional(z.boolean()),
  }),
  season: z.nullable(
    z.extend(publicSeasonSchema, {
      minimumPlayedMatches: z.optional(z.number()),
      /** DESIGN.md §12: a box season's standings are its boxes. */
      format: z.optional(z.string()),
      rules: z.optional(z.looseObject({ declineIsWalkover: z.optional(z.boolean()) })),
    }),
  ),
  teams: z.array(standingsRowSchema),
});
export type Standings = z.infer<typeof standingsSchema>;

/** Loose: an active team's pause fields (DESIGN.md §9) pass through to the pause control, which reads them. */
export const myTeamSchema = z.looseObject({
  teamId: z.string(),
  status: z.enum(['awaiting-partner', 'waiting', 'active', 'rejected', 'left']),
  /** DESIGN.md §9: an open partner request, sent by the caller (`partner` answers) or to the caller (`you`). */
  partnerRequest: z.optional(
    z.object({
      awaitingAnswerOf: z.enum(['you', 'partner']),
      invitedBy: z.nullable(z.string()),
      lapsesAt: z.string(),
    }),
  ),
  position: z.optional(z.nullable(z.number())),
  seasonId: z.string(),
  seasonName: z.string(),
  ladderId: z.string(),
  ladderName: z.string(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

export function getPublicLadders(signal?: AbortSignal): Promise<PublicLadder[]> {
  return request('GET', `${LADDER_API}/ladders`, { schema: z.array(publicLadderSchema), signal });
}

/** The absolute address of a ladder's public calendar feed (DESIGN.md §6), on the site the page came from. */
export function ladderFeedUrl(ladderId: string, origin: string): string {
  return `${origin}${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/calendar.ics`;
}

function standingsPath(ladderId: string): string {
  return `${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/standings`;
}

export function getStandings(ladderId: string, signal?: AbortSignal): Promise<Standings> {
  return request('GET', standingsPath(ladderId), { schema: standingsSchema, signal });
}

export function getMyTeams(signal?: AbortSignal): Promise<MyTeam[]> {
  return request('GET', `${LADDER_API}/teams/mine`, { schema: z.array(myTeamSchema), signal });
}

/** Registers the signed-in player (and the partner, for doubles and padel) for a season. */
export function registerTeam(seasonId: string, partnerEmail?: string): Promise<unknown> {
  return request('POST', `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/teams`, {
    body: partnerEmail ? { partnerEmail } : {},
  });
}

/** The named partner accepts or declines (DESIGN.md §9). */
export async function answerPartnerRequest(teamId: string, accept: boolean): Promise<void> {
  await request('POST', `${LADDER_API}/teams/${encodeURIComponent(teamId)}/partner`, { body: { accept } });
}

/** Withdraws or declines a partner request, or leaves a waiting or active team (DESIGN.md §9). */
export async function leaveSeason(seasonId: string, teamId: string): Promise<void> {
  await request(
    'DELETE',
    `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/teams/${encodeURIComponent(teamId)}`,
  );
}

/**
 * What an anonymous viewer's standings need besides the standings: the season's open challenges, once there is a
 * season with two teams to challenge each other (a signed-in player's standings carry their own).
 */
export function needsSeasonChallenges(standings: Standings): string | undefined {
  const signedOut = !standings.teams.some((row) => row.canChallenge !== undefined);
  const seasonId = standings.season?.uuid;
  return signedOut && seasonId && standings.teams.length > 1 ? seasonId : undefined;
}

/** The standings page's answers for its first paint (lib/first-data.ts): the standings and their challenges. */
export const standingsFirstData: FirstDataLoader = async ({ params, get }) => {
  const standings = standingsSchema.safeParse(await get(standingsPath(params.ladderId ?? '')));
  const seasonId = standings.success ? needsSeasonChallenges(standings.data) : undefined;
  if (seasonId) await get(seasonChallengesPath(seasonId));
};

/** The standings and their challenges the page was sent with, when it was (lib/first-data.ts). */
export function firstStandingsOf(
  ladderId: string,
): { standings: Standings; challenges: Challenge[] } | undefined {
  const standings = firstDataOf(standingsPath(ladderId), undefined, standingsSchema);
  if (!standings) return undefined;
  const seasonId = needsSeasonChallenges(standings);
  if (!seasonId) return { standings, challenges: [] };
  const challenges = firstDataOf(seasonChallengesPath(seasonId), undefined, challengesSchema());
  return challenges && { standings, challenges };
}
