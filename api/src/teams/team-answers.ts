import { z } from 'zod';
import { sportsCategorySchema } from '@courtside/events/ladders/model';
import { phoneNumberSchema } from '../accounts/account-answers.ts';
import { challengeRefusalCodes, challengeSchema } from '../challenges/challenge-answers.ts';
import { seasonSchema } from '../ladders/ladder-answers.ts';

/** A team in a season as the managers see it (spec §3 "Team in a season"). */
export const seasonTeamSchema = z
  .object({
    teamId: z.uuid(),
    position: z
      .number()
      .int()
      .nullable()
      .describe(
        'The place on the ladder; in the list of teams that left, the place the team held when it left. Null while ' +
          'waiting, and for a team that left while still waiting (it never had one)',
      ),
    joinDate: z.iso.date().nullable(),
    leaveDate: z.iso.date().nullable().optional().describe('In the list of teams that left'),
    members: z.array(
      z.object({ fullName: z.string(), email: z.string(), phoneNumber: phoneNumberSchema.nullable() }),
    ),
  })
  .meta({ id: 'SeasonTeam' });

export const teamIdSchema = z.object({ teamId: z.uuid() });

/** DESIGN.md §9: what an invitation link is about, for the page it opens. */
export const invitationSchema = z
  .object({
    kind: z.enum(['season', 'manager', 'tournament']),
    companyName: z.string(),
    tournamentName: z.string().optional().describe('A tournament’s invitation (DESIGN.md §16): its name'),
    tournamentId: z.uuid().optional(),
    ladderName: z.string().optional(),
    seasonName: z.string().optional(),
    email: z.string().describe('The invited address (the link proves it)'),
    accountExists: z.boolean(),
    invitedBy: z.string().describe('The player who asks you to be their partner, or the manager who invites'),
    seasonId: z.uuid().optional(),
    ladderId: z.uuid().optional(),
    teamId: z.uuid().optional(),
    companyId: z
      .uuid()
      .optional()
      .describe('A manager’s invitation: the company to manage; a tournament’s: its club'),
    lapsesAt: z.iso.datetime(),
    from: z.enum(['partner', 'club']).describe('Who invites: a player (as partner) or the club’s manager'),
    fullName: z.string().optional().describe('The name the manager gave (prefills a new account)'),
  })
  .meta({ id: 'Invitation' });

/**
 * A season's invitation answers `{seasonId, teamId}`, a manager's `{companyId}` (DESIGN.md §9), a tournament's
 * `{tournamentId, entryId}` (§16).
 */
export const invitationAcceptedSchema = z.object({
  seasonId: z.uuid().optional(),
  teamId: z.uuid().optional(),
  companyId: z.uuid().optional(),
  tournamentId: z.uuid().optional(),
  entryId: z.uuid().optional().describe('A tournament’s invitation: the entry it formed'),
});

/** DESIGN.md §2: the public list of ladders, with their current season and those open for registration. */
export const publicLadderSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    sportsCategory: sportsCategorySchema,
    company: z.object({ id: z.uuid(), name: z.string() }),
    currentSeason: seasonSchema.nullable(),
    seasons: z.array(seasonSchema).describe('The seasons open for registration that have not ended'),
  })
  .meta({ id: 'PublicLadder' });

/** A row of the public standings (DESIGN.md §5 "Standings"). */
export const standingsRowSchema = z
  .object({
    teamId: z.uuid(),
    position: z.number().int(),
    joinDate: z.iso.date().nullable(),
    members: z.array(
      z.object({
        playerId: z.uuid().describe('beyond the spec: for the link to the player’s page (DESIGN.md §19)'),
        fullName: z.string(),
      }),
    ),
    played: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
    lastPlayedAt: z.string().nullable().describe('Local date and time of the last confirmed result'),
    movement: z.number().int().describe('Places gained (+) or lost (−) by the last change; 0: never moved'),
    minimumMet: z.boolean(),
    rating: z.number().int().describe('The side’s rating (DESIGN.md §11), rounded: the mean of its players’'),
    provisional: z.boolean().describe('While the side’s rating deviation is above 110'),
    pausedUntil: z.iso
      .date()
      .optional()
      .describe('DESIGN.md §9: while the team is paused, its first day back'),
    canChallenge: z.boolean().optional().describe('For a signed-in caller only'),
    challengeRefusal: z
      .enum(challengeRefusalCodes)
      .optional()
      .describe('Why not, when the caller plays in the season and may not challenge this row'),
    challenge: challengeSchema
      .extend({
        result: z
          .enum(['pending', 'disputed'])
          .optional()
          .describe(
            'Its match has a result that does not count yet: waiting for the other side, or disputed',
          ),
      })
      .optional()
      .describe('The open challenge that involves this row'),
  })
  .meta({ id: 'StandingsRow' });

export const standingsSchema = z
  .object({
    ladder: z.object({
      uuid: z.uuid(),
      name: z.string(),
      sportsCategory: sportsCategorySchema,
      withoutManager: z
        .literal(true)
        .optional()
        .describe('The club has no manager any more (its only one deleted their account, DESIGN.md §15)'),
    }),
    season: seasonSchema.nullable().describe('The current season; null when the ladder has none'),
    teams: z.array(standingsRowSchema).describe('The active teams by position'),
  })
  .meta({ id: 'Standings' });

export const myTeamSchema = z.object({
  teamId: z.uuid(),
  status: z
    .enum(['awaiting-partner', 'waiting', 'active', 'rejected', 'left'])
    .describe(
      '`awaiting-partner`: the named partner has not accepted yet (DESIGN.md §9); managers do not see it',
    ),
  partnerRequest: z
    .object({
      awaitingAnswerOf: z
        .enum(['you', 'partner'])
        .describe('`you`: the request was sent to your address; `partner`: you sent it'),
      invitedBy: z.string().nullable().describe('Who asks you (for `you`)'),
      lapsesAt: z.iso.datetime().describe('Unanswered by then, it lapses'),
    })
    .optional()
    .describe('For an `awaiting-partner` team'),
  position: z.number().int().nullable(),
  seasonId: z.uuid(),
  seasonName: z.string(),
  ladderId: z.uuid(),
  ladderName: z.string(),
  pausedUntil: z.iso.date().optional().describe('DESIGN.md §9: while the team is paused, its first day back'),
  pauseDaysLeft: z
    .number()
    .int()
    .optional()
    .describe('For an active team: the days it may still pause this season (DESIGN.md §9)'),
});
