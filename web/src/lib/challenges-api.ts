import * as z from 'zod/mini';
import { LADDER_API } from '@courtside/events/api-paths';
import type { ChallengeRefusalCode } from '@courtside/events/challenges/decider';
import { request } from './http';

/**
 * The challenge calls (DESIGN.md §5 "Challenges"), one client for every page that shows or answers a challenge: the
 * standings (issue, accept, decline, withdraw, a season's challenges), My matches (the caller's challenges and
 * their answers) and the manager's Matches tab (a season's overdue ones). zod/mini: the standings are a public
 * page (docs/performance.md, "Initial JavaScript").
 */

export const CHALLENGE_STATES = ['open', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type ChallengeState = (typeof CHALLENGE_STATES)[number];

/** A text the api leaves out (the standings) or sends as null (the caller's own challenges). */
const optionalText = () => z.optional(z.nullable(z.string()));

/**
 * Made on first use, not when the module loads: this module is part of every page's first script (the `shared`
 * chunk, web/vite.config.ts), and making the schema was a few milliseconds of that script's evaluation, one long
 * task on a phone (docs/performance.md, "Pages on a phone").
 */
const makeChallengeSchema = () =>
  z.object({
    challengeId: z.string(),
    seasonId: z.string(),
    challengerTeamId: z.string(),
    defenderTeamId: z.string(),
    /** One of CHALLENGE_STATES; read as text so that a state added later does not fail a public page. */
    state: z.string(),
    issuedAt: z.string(),
    /** An instant (ISO). */
    respondBy: z.string(),
    playBy: optionalText(),
    matchId: optionalText(),
    /** The match was played (its result counts) or cancelled (the caller's own challenges). */
    played: z.optional(z.boolean()),
    /** Its match has a result that does not count yet (signed-in standings only). */
    result: z.optional(z.enum(['pending', 'disputed'])),
  });
export type Challenge = z.infer<ReturnType<typeof makeChallengeSchema>>;

let made: ReturnType<typeof makeChallengeSchema> | undefined;
export const challengeSchema = () => (made ??= makeChallengeSchema());
export const challengesSchema = () => z.array(challengeSchema());

/** DESIGN.md §5: why the caller may not challenge a row. */
export const challengeRefusals = [
  'CHALLENGES_OFF',
  'SEASON_NOT_ACTIVE',
  'NOT_IN_SEASON',
  'NOT_ABOVE',
  'OUT_OF_RANGE',
  'PAUSED',
  'BUSY',
] as const satisfies readonly ChallengeRefusalCode[];
export type ChallengeRefusal = (typeof challengeRefusals)[number];

/** The reason code of a 409 refusal, when the answer has one. */
export function refusalOf(body: unknown): ChallengeRefusal | undefined {
  const parsed = z.object({ reason: z.enum(challengeRefusals) }).safeParse(body);
  return parsed.success ? parsed.data.reason : undefined;
}

const challengePath = (challengeId: string) => `${LADDER_API}/challenges/${encodeURIComponent(challengeId)}`;

/** The season's open and recent challenges (public). */
export function seasonChallengesPath(seasonId: string): string {
  return `${LADDER_API}/seasons/${encodeURIComponent(seasonId)}/challenges`;
}

export function listSeasonChallenges(seasonId: string, signal?: AbortSignal): Promise<Challenge[]> {
  return request('GET', seasonChallengesPath(seasonId), { schema: challengesSchema(), signal });
}

/** The signed-in player's challenges. */
export function listMyChallenges(signal?: AbortSignal): Promise<Challenge[]> {
  return request('GET', `${LADDER_API}/challenges/mine`, { schema: challengesSchema(), signal });
}

/** Challenges the team `defenderTeamId` (DESIGN.md §5); a refusal is a 409 `{error, reason}`. */
export function issueChallenge(seasonId: string, defenderTeamId: string): Promise<{ challengeId: string }> {
  return request('POST', seasonChallengesPath(seasonId), {
    body: { defenderTeamId },
    schema: z.looseObject({ challengeId: z.string() }),
  });
}

/** The challenged side accepts, optionally with a date and time ('YYYY-MM-DDTHH:mm'); the match is created. */
export function acceptChallenge(challengeId: string, date?: string): Promise<{ matchId?: string }> {
  return request('POST', `${challengePath(challengeId)}/accept`, {
    body: date ? { date } : {},
    schema: z.looseObject({ matchId: z.optional(z.string()) }),
  });
}

/** Decline (the challenged side) or withdraw (the challenger, while open). */
export async function endChallenge(challengeId: string, how: 'decline' | 'withdraw'): Promise<void> {
  await request('POST', `${challengePath(challengeId)}/${how}`, { body: {} });
}
