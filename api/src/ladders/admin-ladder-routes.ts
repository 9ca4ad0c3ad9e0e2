import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { laddersDecider, type LadderCommand } from '@courtside/events/ladders/decider';
import { isoDateSchema, ladderInputSchema, seasonInputSchema } from '@courtside/events/ladders/model';
import { isActive, isoDay } from '@courtside/events/ladders/season-rules';
import { HttpError } from '../http/http-error.ts';
import { managerScope, managersOnly, type ManagerScope } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import { answerCommand } from '../http/command-answer.ts';
import type { AppServices } from '../module.ts';
import {
  ladderById,
  ladderByName,
  laddersOf,
  laddersStateOf,
  seasonsOf,
} from '@courtside/projector/ladders/queries';
import { ADMIN_API } from '@courtside/events/api-paths';
import { documented } from '../http/documented-router.ts';
import { ladderIdSchema, ladderSchema, seasonSchema } from './ladder-answers.ts';

const COMPANY = `${ADMIN_API}/companies/:companyId`;

const ladderParams = z.object({ ladderId: z.uuid('No such ladder') });
const seasonParams = z.object({ ladderId: z.uuid('No such ladder'), seasonId: z.uuid('No such season') });
const ladderUpdateSchema = ladderInputSchema.required({ uuid: true });
const companyParams = z.object({ companyId: z.uuid('No such company') });
const seasonsQuery = z.object({ date: isoDateSchema.optional() });

/** Spec §7 "Admin: ladders and seasons", for the managers of the company in the address. */
export function adminLadderRoutes(router: Router, services: AppServices): void {
  const today = () => isoDay(services.clock());
  const db = services.readModels;
  const api = documented(router, db);

  /** A ladder or season command of the company's manager, decided against the company's ladders (under its lock). */
  const handle = <T>(scope: ManagerScope, command: LadderCommand, result: T) =>
    services.commands.handle({
      companyId: scope.companyId,
      actorId: scope.accountId,
      decider: laddersDecider,
      load: managersOnly(scope, (readModels) => laddersStateOf(readModels, scope.companyId)),
      command,
      result,
    });

  api.get(
    `${COMPANY}/ladders`,
    {
      summary: 'The company’s ladders',
      access: 'session',
      manager: 'company',
      params: companyParams,
      responses: { 200: z.array(ladderSchema) },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      ctx.body = await laddersOf(db, companyId, today());
    },
  );

  api.get(
    `${COMPANY}/ladders/name/:name`,
    {
      summary: 'A ladder by its name (case-insensitive)',
      access: 'session',
      manager: 'company',
      params: companyParams.extend({ name: z.string() }),
      responses: { 200: ladderSchema },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const ladder = await ladderByName(db, companyId, ctx.params.name ?? '', today());
      if (!ladder) throw new HttpError(404, 'No ladder with this name');
      ctx.body = ladder;
    },
  );

  api.get(
    `${COMPANY}/ladders/:ladderId`,
    {
      summary: 'A ladder',
      access: 'session',
      manager: 'company',
      params: companyParams.extend(ladderParams.shape),
      responses: { 200: ladderSchema },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
      const ladder = await ladderById(db, companyId, ladderId, today());
      if (!ladder) throw new HttpError(404, 'No such ladder');
      ctx.body = ladder;
    },
  );

  api.post(
    `${COMPANY}/ladders`,
    {
      summary: 'Create a ladder',
      access: 'session',
      manager: 'company',
      params: companyParams,
      body: ladderInputSchema,
      responses: { 201: ladderSchema },
      command: ladderIdSchema,
      refusals: [],
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { companyId } = scope;
      const input = parseInput(ladderInputSchema, ctx.request.body, 'ladder');
      const ladderId: string = randomUUID();
      const { name, email, sportsCategory } = input;
      const outcome = await handle(
        scope,
        { type: 'CreateLadder', ladder: { ladderId, name, email, sportsCategory } },
        { uuid: ladderId },
      );
      await answerCommand(ctx, outcome, {
        status: 201,
        view: () => ladderById(db, companyId, ladderId, today()),
      });
    },
  );

  api.put(
    `${COMPANY}/ladders`,
    {
      summary: 'Change a ladder',
      access: 'session',
      manager: 'company',
      params: companyParams,
      body: ladderUpdateSchema,
      responses: { 200: ladderSchema },
      command: ladderIdSchema,
      refusals: [],
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { companyId } = scope;
      const input = parseInput(ladderUpdateSchema, ctx.request.body, 'ladder');
      const { uuid: ladderId, name, email, sportsCategory } = input;
      const outcome = await handle(
        scope,
        { type: 'UpdateLadder', ladder: { ladderId, name, email, sportsCategory } },
        { uuid: ladderId },
      );
      await answerCommand(ctx, outcome, {
        status: 200,
        view: () => ladderById(db, companyId, input.uuid, today()),
      });
    },
  );

  api.delete(
    `${COMPANY}/ladders/:ladderId`,
    {
      summary: 'Delete a ladder',
      access: 'session',
      manager: 'company',
      params: companyParams.extend(ladderParams.shape),
      responses: { 200: ladderIdSchema },
      command: ladderIdSchema,
      refusals: [],
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
      const outcome = await handle(scope, { type: 'DeleteLadder', ladderId }, { uuid: ladderId });
      await answerCommand(ctx, outcome, { status: 200 });
    },
  );

  api.get(
    `${COMPANY}/ladders/:ladderId/seasons`,
    {
      summary: 'A ladder’s seasons (only those active on `date`, when given)',
      access: 'session',
      manager: 'company',
      params: companyParams.extend(ladderParams.shape),
      query: seasonsQuery,
      responses: { 200: z.array(seasonSchema) },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
      const { date } = parseInput(seasonsQuery, ctx.query, 'query');
      if (!(await ladderById(db, companyId, ladderId, today()))) throw new HttpError(404, 'No such ladder');
      const seasons = await seasonsOf(db, ladderId, today());
      ctx.body = date ? seasons.filter((season) => isActive(season, date)) : seasons;
    },
  );

  api.get(
    `${COMPANY}/ladders/:ladderId/seasons/:seasonId`,
    {
      summary: 'A season',
      access: 'session',
      manager: 'company',
      params: companyParams.extend(seasonParams.shape),
      responses: { 200: seasonSchema },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      const { ladderId, seasonId } = parseInput(seasonParams, ctx.params, 'address');
      const season = await seasonOf(companyId, ladderId, seasonId, today());
      if (!season) throw new HttpError(404, 'No such season');
      ctx.body = season;
    },
  );

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
    const scope = managerScope(ctx);
    const { companyId } = scope;
    const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
    const input = parseInput(seasonInputSchema, ctx.request.body, 'season');
    if (mode === 'update' && !input.uuid)
      throw new HttpError(400, 'Invalid season', [{ path: ['uuid'], message: 'Required' }]);
    const seasonId: string = mode === 'create' ? randomUUID() : input.uuid!;
    const { uuid: _uuid, rules, format, box, ...details } = input;
    const season = { seasonId, ladderId, ...details };
    const formatChange = { format, box };
    const outcome = await handle(
      scope,
      mode === 'create'
        ? { type: 'CreateSeason', season, rules, formatChange }
        : { type: 'UpdateSeason', season, rules, formatChange },
      { uuid: seasonId },
    );
    await answerCommand(ctx, outcome, {
      status: mode === 'create' ? 201 : 200,
      view: () => seasonOf(companyId, ladderId, seasonId, today()),
    });
  };
  const seasonDoc = {
    access: 'session',
    manager: 'company',
    params: companyParams.extend(ladderParams.shape),
    body: seasonInputSchema,
    command: ladderIdSchema,
    refusals: ['HAS_MATCHES'],
  } as const;
  api.post(
    `${COMPANY}/ladders/:ladderId/seasons`,
    { ...seasonDoc, summary: 'Create a season', responses: { 201: seasonSchema } },
    saveSeason('create'),
  );
  api.put(
    `${COMPANY}/ladders/:ladderId/seasons`,
    { ...seasonDoc, summary: 'Change a season (its `uuid` in the body)', responses: { 200: seasonSchema } },
    saveSeason('update'),
  );

  api.delete(
    `${COMPANY}/ladders/:ladderId/seasons/:seasonId`,
    {
      summary: 'Delete a season',
      access: 'session',
      manager: 'company',
      params: companyParams.extend(seasonParams.shape),
      responses: { 200: ladderIdSchema },
      command: ladderIdSchema,
      refusals: [],
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { ladderId, seasonId } = parseInput(seasonParams, ctx.params, 'address');
      const outcome = await handle(scope, { type: 'DeleteSeason', ladderId, seasonId }, { uuid: seasonId });
      await answerCommand(ctx, outcome, { status: 200 });
    },
  );
}
