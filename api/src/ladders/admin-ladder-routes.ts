import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { laddersDecider, type LadderCommand } from '@courtside/events/ladders/decider';
import { isoDateSchema, ladderInputSchema, seasonInputSchema } from '@courtside/events/ladders/model';
import { isActive, isoDay } from '@courtside/events/ladders/season-rules';
import { HttpError } from '../http/http-error.ts';
import { requireManagerOf } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import { answerCommand } from '../http/command-answer.ts';
import { decided } from '../http/rejection.ts';
import type { AppServices } from '../module.ts';
import { ladderById, ladderByName, laddersOf, laddersStateOf, seasonsOf } from './ladder-queries.ts';
import { ADMIN_API } from '@courtside/events/api-paths';

const COMPANY = `${ADMIN_API}/companies/:companyId`;

const ladderParams = z.object({ ladderId: z.uuid('No such ladder') });
const seasonParams = z.object({ ladderId: z.uuid('No such ladder'), seasonId: z.uuid('No such season') });
const seasonsQuery = z.object({ date: isoDateSchema.optional() });

/** Spec §7 "Admin: ladders and seasons", for the managers of the company in the address. */
export function adminLadderRoutes(router: Router, services: AppServices): void {
  const today = () => isoDay(services.clock());
  const db = services.readModels;

  /** Runs a ladder or season command: the company's ladders from the read models, the pure rules, the log. */
  const execute = <T>(companyId: string, actorId: string, command: LadderCommand, result: T) =>
    services.commands.execute({ name: command.type, companyId, actorId }, async ({ readModels, now }) =>
      decided(laddersDecider.decide(command, await laddersStateOf(readModels, companyId), now), result),
    );

  router.get(`${COMPANY}/ladders`, async (ctx) => {
    const { companyId } = await requireManagerOf(ctx, services, ctx.params.companyId);
    ctx.body = await laddersOf(db, companyId, today());
  });

  router.get(`${COMPANY}/ladders/name/:name`, async (ctx) => {
    const { companyId } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const ladder = await ladderByName(db, companyId, ctx.params.name ?? '', today());
    if (!ladder) throw new HttpError(404, 'No ladder with this name');
    ctx.body = ladder;
  });

  router.get(`${COMPANY}/ladders/:ladderId`, async (ctx) => {
    const { companyId } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
    const ladder = await ladderById(db, companyId, ladderId, today());
    if (!ladder) throw new HttpError(404, 'No such ladder');
    ctx.body = ladder;
  });

  router.post(`${COMPANY}/ladders`, async (ctx) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const input = parseInput(ladderInputSchema, ctx.request.body, 'ladder');
    const ladderId: string = randomUUID();
    const { name, email, sportsCategory } = input;
    const outcome = await execute(
      companyId,
      session.accountId,
      { type: 'CreateLadder', ladder: { ladderId, name, email, sportsCategory } },
      { uuid: ladderId },
    );
    await answerCommand(ctx, outcome, {
      status: 201,
      view: () => ladderById(db, companyId, ladderId, today()),
    });
  });

  router.put(`${COMPANY}/ladders`, async (ctx) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const input = parseInput(ladderInputSchema.required({ uuid: true }), ctx.request.body, 'ladder');
    const { uuid: ladderId, name, email, sportsCategory } = input;
    const outcome = await execute(
      companyId,
      session.accountId,
      { type: 'UpdateLadder', ladder: { ladderId, name, email, sportsCategory } },
      { uuid: ladderId },
    );
    await answerCommand(ctx, outcome, {
      status: 200,
      view: () => ladderById(db, companyId, input.uuid, today()),
    });
  });

  router.delete(`${COMPANY}/ladders/:ladderId`, async (ctx) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
    const outcome = await execute(
      companyId,
      session.accountId,
      { type: 'DeleteLadder', ladderId },
      { uuid: ladderId },
    );
    await answerCommand(ctx, outcome, { status: 200 });
  });

  router.get(`${COMPANY}/ladders/:ladderId/seasons`, async (ctx) => {
    const { companyId } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
    const { date } = parseInput(seasonsQuery, ctx.query, 'query');
    if (!(await ladderById(db, companyId, ladderId, today()))) throw new HttpError(404, 'No such ladder');
    const seasons = await seasonsOf(db, ladderId, today());
    ctx.body = date ? seasons.filter((season) => isActive(season, date)) : seasons;
  });

  router.get(`${COMPANY}/ladders/:ladderId/seasons/:seasonId`, async (ctx) => {
    const { companyId } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId, seasonId } = parseInput(seasonParams, ctx.params, 'address');
    const season = await seasonOf(companyId, ladderId, seasonId, today());
    if (!season) throw new HttpError(404, 'No such season');
    ctx.body = season;
  });

  async function seasonOf(
    companyId: string,
    ladderId: string,
    seasonId: string,
    day: string,
    readModels = db,
  ) {
    if (!(await ladderById(readModels, companyId, ladderId, day))) return undefined;
    return (await seasonsOf(readModels, ladderId, day)).find((season) => season.uuid === seasonId);
  }

  const saveSeason = (mode: 'create' | 'update') => async (ctx: Context) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
    const input = parseInput(seasonInputSchema, ctx.request.body, 'season');
    if (mode === 'update' && !input.uuid)
      throw new HttpError(400, 'Invalid season', [{ path: ['uuid'], message: 'Required' }]);
    const seasonId: string = mode === 'create' ? randomUUID() : input.uuid!;
    const { uuid: _uuid, rules, ...details } = input;
    const season = { seasonId, ladderId, ...details };
    const outcome = await execute(
      companyId,
      session.accountId,
      mode === 'create' ? { type: 'CreateSeason', season, rules } : { type: 'UpdateSeason', season, rules },
      { uuid: seasonId },
    );
    await answerCommand(ctx, outcome, {
      status: mode === 'create' ? 201 : 200,
      view: () => seasonOf(companyId, ladderId, seasonId, today()),
    });
  };
  router.post(`${COMPANY}/ladders/:ladderId/seasons`, saveSeason('create'));
  router.put(`${COMPANY}/ladders/:ladderId/seasons`, saveSeason('update'));

  router.delete(`${COMPANY}/ladders/:ladderId/seasons/:seasonId`, async (ctx) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId, seasonId } = parseInput(seasonParams, ctx.params, 'address');
    const outcome = await execute(
      companyId,
      session.accountId,
      { type: 'DeleteSeason', ladderId, seasonId },
      { uuid: seasonId },
    );
    await answerCommand(ctx, outcome, { status: 200 });
  });
}
