import { z } from 'zod';
import { challengeSchema } from '../challenges/challenge-answers.ts';
import { liveScoreSchema, matchSchema } from '../matches/match-answers.ts';
import { notificationSchema } from '../notifications/notification-answers.ts';
import { notificationLanguages } from '@courtside/events/notifications/notify';
import type { ParsedRoom } from './rooms.ts';

/**
 * The live channel's public contract (DESIGN.md §1 "Live", §5, §7): the rooms, and every event the server pushes
 * with its payload. The AsyncAPI document (`/webapps/api/asyncapi.json`) is generated from this list; a feature
 * that pushes a new event adds one line here.
 */
export const rooms: Record<ParsedRoom['kind'], { description: string; who: string }> = {
  match: { description: 'One match: its changes and its live score', who: 'anyone' },
  season: { description: 'One season: its matches, teams, positions and challenges', who: 'anyone' },
  ladder: { description: 'One ladder: the matches of its seasons and their live scores', who: 'anyone' },
  company: { description: 'One company’s ladders, for its managers', who: 'the company’s managers' },
  account: { description: 'What concerns one player', who: 'that account only' },
  tournament: {
    description: 'One tournament or club night (DESIGN.md §16): its entries, draw, rounds and results',
    who: 'anyone',
  },
};

interface DocumentedPush {
  event: string;
  summary: string;
  rooms: readonly ParsedRoom['kind'][];
  payload: z.ZodType;
}

export const livePushes: readonly DocumentedPush[] = [
  {
    event: 'match.updated',
    summary: 'A match changed (score, date, status, confirmation): the same shape as `GET matches/{id}`',
    rooms: ['match', 'season', 'ladder'],
    payload: z.object({ match: matchSchema }),
  },
  {
    event: 'live.updated',
    summary: 'A point was counted or taken back in a match scored live',
    rooms: ['match', 'season', 'ladder'],
    payload: z.object({ matchId: z.uuid(), state: liveScoreSchema }),
  },
  {
    event: 'season.updated',
    summary: 'Something of the season changed: reload what `changed` names',
    rooms: ['season'],
    payload: z.object({
      seasonId: z.uuid(),
      changed: z.array(z.enum(['teams', 'positions', 'matches', 'season', 'challenges', 'boxes'])),
    }),
  },
  {
    event: 'tournament.updated',
    summary:
      'Something of the tournament changed: reload what `changed` names. One push names what changed at once ' +
      '(a draw and its matches, a result and the match it makes). A knockout match’s points come on its own ' +
      '`match:{matchId}` room',
    rooms: ['tournament'],
    payload: z.object({
      tournamentId: z.uuid(),
      changed: z.array(z.enum(['entries', 'draw', 'round', 'game', 'leaderboard'])),
    }),
  },
  {
    event: 'ladder.changed',
    summary: 'A ladder of the company was created, changed or deleted',
    rooms: ['company'],
    payload: z.object({
      companyId: z.uuid(),
      ladderId: z.uuid(),
      name: z.string(),
      change: z.enum(['created', 'updated', 'deleted']),
    }),
  },
  {
    event: 'company.created',
    summary: 'The company was created',
    rooms: ['company'],
    payload: z.object({ companyId: z.uuid(), name: z.string() }),
  },
  {
    event: 'company.manager-removed',
    summary: 'A manager of the company was removed; that account’s sockets leave the room',
    rooms: ['company'],
    payload: z.object({ companyId: z.uuid(), accountId: z.uuid() }),
  },
  {
    event: 'challenge.updated',
    summary: 'A challenge of one of the player’s teams was issued or answered, or expired',
    rooms: ['account'],
    payload: z.object({ challenge: challengeSchema }),
  },
  {
    event: 'notification.created',
    summary:
      'A new notification for the player (DESIGN.md §6), the item of `GET notifications`; it carries no cursor: a client that was away reads the list again',
    rooms: ['account'],
    payload: z.object({ notification: notificationSchema }),
  },
];

/** The second argument of every push: where the client stands, to resubscribe with `since` after a reconnect. */
export const pushMetaSchema = z.object({
  cursor: z
    .number()
    .int()
    .optional()
    .describe('A push to one room: its position in the room (1, 2, …): resubscribe with `since: cursor`'),
  cursors: z
    .record(z.string(), z.number().int())
    .optional()
    .describe('A push to several rooms: per room, its position there'),
  room: z.string().optional().describe('The room, when the push went to one room'),
  rooms: z.array(z.string()).optional().describe('The rooms the push went to (one copy per socket)'),
});

export const subscribeSchema = z.object({
  room: z.string().describe('`match:{id}`, `season:{id}`, `ladder:{id}`, `company:{id}` or `account:{id}`'),
  since: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('The last cursor the client holds for this room: missed pushes follow'),
  language: z
    .enum(notificationLanguages)
    .optional()
    .describe(
      'For `account:` rooms: the language of the page, in which `notification.created` is written (else the account’s mail language)',
    ),
});

export const subscribeAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    cursor: z.number().int().optional().describe('Where the room stands now: its position'),
    resync: z.boolean().optional().describe('Too much was missed: reload, then resubscribe without `since`'),
  }),
  z.object({
    ok: z.literal(false),
    error: z.string(),
    retry: z
      .literal(true)
      .optional()
      .describe(
        'The server could not look the room up right now (nothing was joined): subscribe again shortly',
      ),
  }),
]);
