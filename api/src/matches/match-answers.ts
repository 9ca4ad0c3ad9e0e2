import { z } from 'zod';
import { matchTypeSchema, sportsCategorySchema } from '@courtside/events/ladders/model';
import { specials } from '@courtside/events/matches/scoring';
import { phoneNumberSchema } from '../accounts/account-answers.ts';

/** The match of spec §3 (and DESIGN.md §5), the same for `GET matches/{id}` and the `match.updated` push. */
const side = z.enum(['defender', 'challenger']);

const scoredSetSchema = z
  .object({
    order: z.number().int(),
    score: z.number().int().nullable(),
    tiebreakScore: z.number().int().optional(),
    winner: z.boolean(),
    superTiebreak: z.boolean(),
  })
  .meta({ id: 'MatchSet', description: 'One side’s games in one set.' });

const matchTeamSchema = z
  .object({
    teamId: z.uuid(),
    url: z.string(),
    position: z.number().int().nullable(),
    members: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        position: z.number().int().nullable(),
        itsMe: z.boolean(),
      }),
    ),
    matchSets: z.array(scoredSetSchema),
    winner: z.boolean(),
    special: z.enum(specials),
  })
  .meta({ id: 'MatchTeam' });

export const matchSchema = z
  .object({
    id: z.uuid(),
    date: z.string().nullable().describe('Local date and time, YYYY-MM-DDTHH:mm'),
    status: z.enum(['planned', 'completed', 'retired', 'walkover', 'cancelled']),
    sportsCategory: sportsCategorySchema,
    matchType: matchTypeSchema,
    defender: matchTeamSchema,
    challenger: matchTeamSchema,
    editable: z.boolean().describe('The caller may change it'),
    latestDate: z.iso.date().describe('The season’s last day'),
    challengeId: z.uuid().optional(),
    location: z
      .string()
      .optional()
      .describe(
        'Where the match is played (a court or venue, one line), when someone said so (DESIGN.md §9)',
      ),
    live: z
      .object({
        seq: z.number().int(),
        game: z.object({ defender: z.string(), challenger: z.string() }),
        server: side,
        finished: z.boolean(),
        superTiebreak: z
          .literal(true)
          .optional()
          .describe(
            'A super tiebreak is being played in place of the final set: its set cell shows points, [7-5]',
          ),
        updatedAt: z.iso
          .datetime()
          .optional()
          .describe(
            'When the live score last changed (its start or a point); a match a day without a point is no longer shown as live',
          ),
      })
      .optional()
      .describe('While (and after) the match is scored live: where it stands'),
    confirmation: z.object({
      state: z.enum(['confirmed', 'pending', 'disputed']),
      dueAt: z.iso.datetime().optional(),
      enteredBy: z.string().optional(),
      side: side.optional(),
      reason: z
        .string()
        .nullable()
        .optional()
        .describe(
          'Why a disputed result is disputed: only for the match’s players and the club’s managers; null when its writer was erased',
        ),
      reasonRemoved: z
        .literal(true)
        .optional()
        .describe('The reason’s writer deleted their account, and the reason with it (`reason` is null)'),
    }),
  })
  .meta({ id: 'Match' });

export const matchListItemSchema = z
  .object({
    match: matchSchema,
    event: z.object({
      name: z.object({ id: z.uuid(), name: z.string() }).describe('The ladder'),
      part: z.object({ id: z.uuid(), name: z.string() }).describe('The season'),
      round: z.object({ id: z.string(), name: z.string() }).optional(),
    }),
  })
  .meta({ id: 'MatchListItem' });

const contactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phoneNumber: phoneNumberSchema.nullable(),
});
export const matchContactsSchema = z.object({
  defender: z.array(contactSchema),
  challenger: z.array(contactSchema),
});

/** DESIGN.md §7: the live score of a match. */
const perSide = z.object({ defender: z.number().int(), challenger: z.number().int() });
export const liveScoreSchema = z
  .object({
    seq: z.number().int().describe('Points counted so far: the next point’s `seq` is `seq + 1`'),
    sets: z
      .array(
        z.object({
          defender: z.number().int(),
          challenger: z.number().int(),
          tiebreak: perSide.optional(),
          superTiebreak: z.boolean().optional(),
        }),
      )
      .describe('Finished sets and the set in progress'),
    game: z
      .object({ defender: z.string(), challenger: z.string() })
      .describe('The game in progress: "0" "15" "30" "40" "AD", or tiebreak points'),
    server: side,
    finished: z.boolean(),
    winner: side.nullable(),
    stats: z.object({
      pointsWon: perSide,
      servicePointsWon: perSide,
      servicePointsPlayed: perSide,
      breakPointsFaced: perSide,
      breakPointsWon: perSide,
      longestRun: perSide,
    }),
  })
  .meta({ id: 'LiveScore' });

/** The live answers (GET, start, point, undo, end, and the state of a 409 SEQ): the score with its points and rules. */
export const liveViewSchema = liveScoreSchema
  .extend({
    points: z.array(side).describe('Who won each point, in order: the timeline'),
    rules: z.object({
      matchType: matchTypeSchema,
      firstServer: side,
      noAd: z.boolean(),
      finalSet: z.enum(['SET', 'SUPER_TIEBREAK']),
    }),
    resultStays: z
      .boolean()
      .describe(
        'Over, and its last point cannot be taken back: the result counts or is disputed, or a games-only match was ended (DESIGN.md §13)',
      ),
  })
  .meta({ id: 'LiveView' });
