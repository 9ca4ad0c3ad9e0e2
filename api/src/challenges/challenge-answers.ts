import { z } from 'zod';

/** DESIGN.md §5: a challenge as every client sees it. */
export const challengeSchema = z
  .object({
    challengeId: z.uuid(),
    seasonId: z.uuid(),
    challengerTeamId: z.uuid(),
    defenderTeamId: z.uuid(),
    state: z.enum(['open', 'accepted', 'declined', 'withdrawn', 'expired']),
    issuedAt: z.iso.datetime(),
    respondBy: z.iso.datetime(),
    playBy: z.iso.datetime().optional(),
    matchId: z.uuid().optional(),
    played: z.boolean().describe('Its match has a counted result or was cancelled: the teams are free again'),
  })
  .meta({ id: 'Challenge' });

/** A challenge in a season's list, judged by the server's clock (DESIGN.md §14: not the browser's). */
export const seasonChallengeSchema = challengeSchema
  .extend({
    overdue: z
      .boolean()
      .describe(
        'Accepted, its play-by has passed by the server’s clock and its match has no result: needs attention',
      ),
  })
  .meta({ id: 'SeasonChallenge' });

export const challengeRefusalCodes = [
  'CHALLENGES_OFF',
  'SEASON_NOT_ACTIVE',
  'NOT_IN_SEASON',
  'NOT_ABOVE',
  'OUT_OF_RANGE',
  'PAUSED',
  'BUSY',
] as const;
