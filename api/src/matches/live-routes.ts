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
import { decided } from '../http/rejection.ts';
import type { AppServices } from '../module.ts';
import { liveStateOf, matchRowOf } from './match-queries.ts';
import type { MatchActor } from '@courtside/events/matches/decider';
import type { MatchView, MatchViewer } from '@courtside/projector/matches/match-view';

/** How the match routes let a caller score: a player of the match or a manager of its club, not cancelled. */
export interface MatchAccess {
  requireScorer(
    ctx: Context,
    matchId: string,
  ): Promise<{ viewer: MatchViewer; by: MatchActor; view: MatchView }>;
}

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
export function liveRoutes(router: Router, services: AppServices, access: MatchAccess): void {
  const db = services.readModels;
  const api = documented(router);

  async function current(matchId: string) {
    const score = await liveViewOf(db, matchId);
    if (!score) throw new HttpError(404, 'This match is not being scored live');
    return score;
  }

  async function run(ctx: Context, command: (matchId: string, by: MatchActor) => LiveCommand) {
    const { id } = parseInput(idParams, ctx.params, 'address');
    const { viewer, by } = await access.requireScorer(ctx, id);
    const row = (await matchRowOf(db, id))!;
    const decision = command(id, by);
    try {
      const outcome = await services.commands.execute(
        { name: decision.type, companyId: row.company_id, actorId: viewer.accountId! },
        async ({ readModels, now }) =>
          decided(liveDecider.decide(decision, await liveStateOf(readModels, id), now), { matchId: id }),
      );
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
      const { view } = await access.requireScorer(ctx, id);
      const defaults = liveDefaults(view.sportsCategory, view.matchType);
      await run(ctx, (matchId) => ({
        type: 'StartLiveScoring',
        matchId,
        firstServer: body.firstServer,
        noAd: body.noAd ?? defaults.noAd,
        finalSet: body.finalSet ?? defaults.finalSet,
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
      await run(ctx, (matchId) => ({ type: 'UndoPoint', matchId, seq: body.seq }));
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
