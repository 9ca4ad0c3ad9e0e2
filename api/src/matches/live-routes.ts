import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { MATCHES_API } from '@courtside/events/api-paths';
import { documented } from '../http/documented-router.ts';
import { liveViewSchema } from './match-answers.ts';
import { liveDecider, type LiveCommand } from '@courtside/events/live/decider';
import { liveDefaults } from '@courtside/events/live/engine';
import { liveViewOf } from '@courtside/projector/live/projection';
import { CommandRejected } from '../commands/command-errors.ts';
import { answerCommand } from '../http/command-answer.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { liveStateOf } from '@courtside/projector/live/queries';
import { matchCompanyOf } from '@courtside/projector/matches/queries';
import { loadMatchRows } from '@courtside/projector/matches/match-view';
import type { MatchCaller } from '@courtside/events/matches/decider';
import { requireSession } from '../accounts/authentication.ts';

const side = z.enum(['defender', 'challenger'], 'Say which side: defender or challenger');
const idParams = z.object({ id: z.uuid('No such match') });
const startBody = z.object({
  firstServer: side,
  noAd: z.boolean('noAd is true or false').optional(),
  finalSet: z.enum(['SET', 'SUPER_TIEBREAK'], 'finalSet is SET or SUPER_TIEBREAK').optional(),
});
const seq = z
  .number('Give seq, the number of the point')
  .int('Give a whole number')
  .min(1, 'Points count from 1');
const pointBody = z.object({ seq, winner: side });
const undoBody = z.object({ seq });
const endBody = undoBody.extend({ seq: z.number().int().min(0) });
const liveIdSchema = z.object({ matchId: z.uuid() });
/** A scorer whose point number is stale gets the current state to adopt. */
const seqConflictSchema = z.object({
  error: z.string(),
  reason: z.enum(['SEQ', 'NOT_LIVE', 'FINISHED', 'ALREADY_LIVE', 'NOT_GAMES_ONLY', 'HAS_RESULT']).optional(),
  state: liveViewSchema.optional().describe('With `reason` SEQ: the current state'),
});
const scoringDoc = {
  access: 'session',
  params: idParams,
  responses: { 200: liveViewSchema },
  command: liveIdSchema,
  failures: {
    409: {
      description:
        'Refused: another point was counted meanwhile (`SEQ`, with the current `state`), the match is over, …',
      schema: seqConflictSchema,
    },
  },
} as const;

/** DESIGN.md §7: score a match live, point by point; anyone may follow it. */
export function liveRoutes(router: Router, services: AppServices): void {
  const db = services.readModels;
  const api = documented(router);

  async function current(matchId: string) {
    const score = await liveViewOf(db, matchId);
    if (!score) throw new HttpError(404, 'This match is not being scored live');
    return score;
  }

  /**
   * A live command of the signed-in caller. Whether it may score (a player of the match or a manager of its club)
   * and whether the match can be scored are decided under the club's lock, by the live rules.
   */
  async function run(ctx: Context, command: (matchId: string, by: MatchCaller) => LiveCommand) {
    const { id } = parseInput(idParams, ctx.params, 'address');
    const { accountId } = requireSession(ctx);
    const companyId = await matchCompanyOf(db, id);
    if (!companyId) throw new HttpError(404, 'No such match');
    try {
      const outcome = await services.commands.handle({
        companyId,
        actorId: accountId,
        decider: liveDecider,
        load: (readModels) => liveStateOf(readModels, id, accountId),
        command: command(id, { role: 'account', accountId }),
        result: { matchId: id },
      });
      await answerCommand(ctx, outcome, { status: 200, view: () => liveViewOf(db, id) });
    } catch (error) {
      // Two scorers: a point with another number answers the current state, which the page adopts.
      if (error instanceof CommandRejected && error.rejection.code === 'SEQ') {
        throw new HttpError(409, error.message, undefined, {}, { reason: 'SEQ', state: await current(id) });
      }
      throw error;
    }
  }

  api.post(
    `${MATCHES_API}/matches/:id/live`,
    { ...scoringDoc, summary: 'Start scoring the match live', body: startBody },
    async (ctx) => {
      const body = parseInput(startBody, ctx.request.body ?? {}, 'live scoring');
      const { id } = parseInput(idParams, ctx.params, 'address');
      requireSession(ctx);
      // The rules' defaults for the sport and the match type, read before the lock (neither ever changes).
      const [row] = await loadMatchRows(db, [id]);
      if (!row) throw new HttpError(404, 'No such match');
      const defaults = liveDefaults(row.sports_category, row.match_type);
      await run(ctx, (matchId, by) => ({
        type: 'StartLiveScoring',
        matchId,
        firstServer: body.firstServer,
        noAd: body.noAd ?? defaults.noAd,
        finalSet: body.finalSet ?? defaults.finalSet,
        by,
      }));
    },
  );

  api.post(
    `${MATCHES_API}/matches/:id/points`,
    { ...scoringDoc, summary: 'Count a point (`seq`: the number this point will have)', body: pointBody },
    async (ctx) => {
      const body = parseInput(pointBody, ctx.request.body ?? {}, 'point');
      await run(ctx, (matchId, by) => ({
        type: 'ScorePoint',
        matchId,
        seq: body.seq,
        winner: body.winner,
        by,
      }));
    },
  );

  api.post(
    `${MATCHES_API}/matches/:id/points/undo`,
    { ...scoringDoc, summary: 'Take the last point back (`seq`: its number)', body: undoBody },
    async (ctx) => {
      const body = parseInput(undoBody, ctx.request.body ?? {}, 'undo');
      await run(ctx, (matchId, by) => ({ type: 'UndoPoint', matchId, seq: body.seq, by }));
    },
  );

  /** Beyond DESIGN.md §7's table: a games-only match ends when its scorer says so, after point `seq`. */
  api.post(
    `${MATCHES_API}/matches/:id/live/end`,
    { ...scoringDoc, summary: 'End a games-only match after point `seq`', body: endBody },
    async (ctx) => {
      const body = parseInput(endBody, ctx.request.body ?? {}, 'end');
      await run(ctx, (matchId, by) => ({ type: 'EndLiveMatch', matchId, seq: body.seq, by }));
    },
  );

  api.get(
    `${MATCHES_API}/matches/:id/live`,
    {
      summary: 'The live score of a match',
      access: 'public',
      params: idParams,
      responses: { 200: liveViewSchema },
    },
    async (ctx) => {
      const { id } = parseInput(idParams, ctx.params, 'address');
      ctx.body = await current(id);
    },
  );
}
