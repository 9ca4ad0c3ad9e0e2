import { z } from 'zod';
import { matchTypeSchema, sportsCategorySchema } from '@courtside/events/ladders/model';
import { request } from '../../../lib/http';
import { LADDER_API } from '@courtside/events/api-paths';
import type { ChallengeRefusalCode } from '@courtside/events/challenges/decider';

/** A season as the public ladder API shows it. */
export const publicSeasonSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  openForRegistration: z.boolean(),
  matchType: matchTypeSchema.optional(),
  current: z.boolean().optional(),
});
export type PublicSeason = z.infer<typeof publicSeasonSchema>;

export const publicLadderSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  sportsCategory: sportsCategorySchema,
  company: z.object({ id: z.string(), name: z.string() }),
  currentSeason: publicSeasonSchema.nullable(),
  /** The seasons open for registration. */
  seasons: z.array(publicSeasonSchema),
});
export type PublicLadder = z.infer<typeof publicLadderSchema>;

/** DESIGN.md §5: why the caller may not challenge a row. */
export const challengeRefusals = [
  'CHALLENGES_OFF',
  'SEASON_NOT_ACTIVE',
  'NOT_IN_SEASON',
  'NOT_ABOVE',
  'OUT_OF_RANGE',
  'BUSY',
] as const satisfies readonly ChallengeRefusalCode[];
export type ChallengeRefusal = (typeof challengeRefusals)[number];

/** A live challenge (DESIGN.md §5): open, or accepted and not yet settled. */
export const challengeSchema = z.object({
  challengeId: z.string(),
  seasonId: z.string(),
  challengerTeamId: z.string(),
  defenderTeamId: z.string(),
  state: z.string(),
  issuedAt: z.string(),
  /** An instant (ISO). */
  respondBy: z.string(),
  playBy: z.string().optional(),
  matchId: z.string().optional(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const standingsRowSchema = z.object({
  teamId: z.string(),
  position: z.number(),
  joinDate: z.string().nullable().optional(),
  members: z.array(z.object({ fullName: z.string() })),
  played: z.number().default(0),
  won: z.number().default(0),
  lost: z.number().default(0),
  /** Local 'YYYY-MM-DDTHH:mm' of the last match with a confirmed result. */
  lastPlayedAt: z.string().nullable().default(null),
  /** Places gained (+) or lost (−) by the last change; 0 never moved. */
  movement: z.number().default(0),
  minimumMet: z.boolean().default(true),
  /** For a signed-in caller only. */
  canChallenge: z.boolean().optional(),
  /** Unknown future codes are dropped rather than failing the page. */
  challengeRefusal: z.enum(challengeRefusals).optional().catch(undefined),
  challenge: challengeSchema.optional(),
});
export type StandingsRow = z.infer<typeof standingsRowSchema>;

export const standingsSchema = z.object({
  ladder: z.object({ uuid: z.string(), name: z.string(), sportsCategory: sportsCategorySchema }),
  season: publicSeasonSchema
    .extend({
      minimumPlayedMatches: z.number().optional(),
      rules: z.object({ declineIsWalkover: z.boolean().optional() }).loose().optional(),
    })
    .nullable(),
  teams: z.array(standingsRowSchema),
});
export type Standings = z.infer<typeof standingsSchema>;

export const myTeamSchema = z.object({
  teamId: z.string(),
  status: z.enum(['waiting', 'active', 'rejected', 'left']),
  position: z.number().nullable().optional(),
  seasonId: z.string(),
  seasonName: z.string(),
  ladderId: z.string(),
  ladderName: z.string(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

export function getPublicLadders(signal?: AbortSignal): Promise<PublicLadder[]> {
  return request('GET', `${LADDER_API}/ladders`, { schema: z.array(publicLadderSchema), signal });
}

export function getStandings(ladderId: string, signal?: AbortSignal): Promise<Standings> {
  return request('GET', `${LADDER_API}/ladders/${encodeURIComponent(ladderId)}/standings`, {
    schema: standingsSchema,
    signal,
  });
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

/** Challenges the team `defenderTeamId` (DESIGN.md §5); a refusal is a 409 `{error, reason}`. */
export function issueChallenge(seasonId: string, defenderTeamId: string): Promise<{ challengeId: string }> {
  return request('POST', `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/challenges`, {
    body: { defenderTeamId },
    schema: z.object({ challengeId: z.string() }).loose(),
  });
}

/** The challenged side accepts, optionally with a date and time ('YYYY-MM-DDTHH:mm'); the match is created. */
export function acceptChallenge(challengeId: string, date?: string): Promise<{ matchId?: string }> {
  return request('POST', `${LADDER_API}/challenges/${encodeURIComponent(challengeId)}/accept`, {
    body: date ? { date } : {},
    schema: z.object({ matchId: z.string().optional() }).loose(),
  });
}

/** Decline (the challenged side) or withdraw (the challenger, while open). */
export async function endChallenge(challengeId: string, how: 'decline' | 'withdraw'): Promise<void> {
  await request('POST', `${LADDER_API}/challenges/${encodeURIComponent(challengeId)}/${how}`, { body: {} });
}

/** The reason code of a 409 refusal, when the answer has one. */
export function refusalOf(body: unknown): ChallengeRefusal | undefined {
  const parsed = z.object({ reason: z.enum(challengeRefusals) }).safeParse(body);
  return parsed.success ? parsed.data.reason : undefined;
}

/** The season's open and recent challenges (public). */
export function getSeasonChallenges(seasonId: string, signal?: AbortSignal): Promise<Challenge[]> {
  return request('GET', `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/challenges`, {
    schema: z.array(challengeSchema),
    signal,
  });
}
