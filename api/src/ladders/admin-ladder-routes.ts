import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  ladderCreated,
  ladderDeleted,
  ladderUpdated,
  seasonCreated,
  seasonDeleted,
  seasonUpdated,
} from '@courtside/events/ladders/events';
import { isoDateSchema, ladderInputSchema, seasonInputSchema } from '@courtside/events/ladders/model';
import { isActive, isoDay, overlappingSeason } from '@courtside/events/ladders/season-rules';
import type { CommandOutcome } from '../commands/command-bus.ts';
import { HttpError } from '../http/http-error.ts';
import { requireManagerOf } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { ladderById, ladderByName, laddersOf, seasonsOf } from './ladder-queries.ts';

export const ADMIN_API = '/webapps/api/admin/api/admin/v1';
const COMPANY = `${ADMIN_API}/companies/:companyId`;

const ladderParams = z.object({ ladderId: z.uuid('No such ladder') });
const seasonParams = z.object({ ladderId: z.uuid('No such ladder'), seasonId: z.uuid('No such season') });
const seasonsQuery = z.object({ date: isoDateSchema.optional() });

export const LADDER_NAME_TAKEN = 'Laddername is not available';
export const SEASON_OVERLAPS = 'Season overlaps with another season';

const fieldConflict = (field: string, message: string) =>
  new HttpError(409, message, [{ path: [field], message, code: 'conflict' }]);

/** Answers a command: 200/201 with the read model's view when projected, 202 with the ids when not yet. */
function answer<T>(ctx: Context, outcome: CommandOutcome<T>, projectedStatus: number, view: T | undefined) {
  if (outcome.status === 'projected' && view !== undefined) {
    ctx.status = projectedStatus;
    ctx.body = view;
  } else {
    ctx.status = 202;
    ctx.body = { ...outcome.result, eventIds: outcome.events.map((event) => event.id) };
  }
}

/** Spec §7 "Admin: ladders and seasons", for the managers of the company in the address. */
export function adminLadderRoutes(router: Router, services: AppServices): void {
  const today = () => isoDay(services.clock());
  const db = services.readModels;

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
    const outcome = await services.commands.execute(
      { name: 'CreateLadder', companyId, actorId: session.accountId },
      async ({ readModels, now }) => {
        if (await ladderByName(readModels, companyId, input.name, isoDay(now)))
          throw fieldConflict('name', LADDER_NAME_TAKEN);
        const payload = {
          ladderId,
          name: input.name,
          email: input.email,
          sportsCategory: input.sportsCategory,
        };
        return {
          events: [{ type: ladderCreated.type, streamId: ladderId, payload }],
          result: { uuid: ladderId },
        };
      },
    );
    answer(ctx, outcome, 201, await ladderById(db, companyId, ladderId, today()));
  });

  router.put(`${COMPANY}/ladders`, async (ctx) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const input = parseInput(ladderInputSchema.required({ uuid: true }), ctx.request.body, 'ladder');
    const outcome = await services.commands.execute(
      { name: 'UpdateLadder', companyId, actorId: session.accountId },
      async ({ readModels, now }) => {
        const day = isoDay(now);
        const ladder = await ladderById(readModels, companyId, input.uuid, day);
        if (!ladder) throw new HttpError(404, 'No such ladder');
        const sameName = await ladderByName(readModels, companyId, input.name, day);
        if (sameName && sameName.uuid !== ladder.uuid) throw fieldConflict('name', LADDER_NAME_TAKEN);
        if (ladder.hasActiveSeasons && ladder.sportsCategory !== input.sportsCategory) {
          throw fieldConflict(
            'sportsCategory',
            'The sports category cannot change while the ladder has an active season',
          );
        }
        const payload = {
          ladderId: ladder.uuid,
          name: input.name,
          email: input.email,
          sportsCategory: input.sportsCategory,
        };
        return {
          events: [{ type: ladderUpdated.type, streamId: ladder.uuid, payload }],
          result: { uuid: ladder.uuid },
        };
      },
    );
    answer(ctx, outcome, 200, await ladderById(db, companyId, input.uuid, today()));
  });

  router.delete(`${COMPANY}/ladders/:ladderId`, async (ctx) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
    const outcome = await services.commands.execute(
      { name: 'DeleteLadder', companyId, actorId: session.accountId },
      async ({ readModels, now }) => {
        const ladder = await ladderById(readModels, companyId, ladderId, isoDay(now));
        if (!ladder) throw new HttpError(404, 'No such ladder');
        if (ladder.hasActiveSeasons)
          throw new HttpError(409, 'A ladder with an active season cannot be deleted');
        return {
          events: [
            { type: ladderDeleted.type, streamId: ladderId, payload: { ladderId, name: ladder.name } },
          ],
          result: { uuid: ladderId },
        };
      },
    );
    answer(ctx, outcome, 200, outcome.result);
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
    const outcome = await services.commands.execute(
      { name: mode === 'create' ? 'CreateSeason' : 'UpdateSeason', companyId, actorId: session.accountId },
      async ({ readModels, now }) => {
        const day = isoDay(now);
        if (!(await ladderById(readModels, companyId, ladderId, day)))
          throw new HttpError(404, 'No such ladder');
        const seasons = await seasonsOf(readModels, ladderId, day);
        if (mode === 'update' && !seasons.some((season) => season.uuid === seasonId)) {
          throw new HttpError(404, 'No such season');
        }
        if (overlappingSeason({ ...input, uuid: seasonId }, seasons))
          throw fieldConflict('startDate', SEASON_OVERLAPS);
        const { uuid: _uuid, ...details } = input;
        const type = mode === 'create' ? seasonCreated.type : seasonUpdated.type;
        return {
          events: [{ type, streamId: seasonId, payload: { seasonId, ladderId, ...details } }],
          result: { uuid: seasonId },
        };
      },
    );
    answer(
      ctx,
      outcome,
      mode === 'create' ? 201 : 200,
      await seasonOf(companyId, ladderId, seasonId, today()),
    );
  };
  router.post(`${COMPANY}/ladders/:ladderId/seasons`, saveSeason('create'));
  router.put(`${COMPANY}/ladders/:ladderId/seasons`, saveSeason('update'));

  router.delete(`${COMPANY}/ladders/:ladderId/seasons/:seasonId`, async (ctx) => {
    const { companyId, session } = await requireManagerOf(ctx, services, ctx.params.companyId);
    const { ladderId, seasonId } = parseInput(seasonParams, ctx.params, 'address');
    const outcome = await services.commands.execute(
      { name: 'DeleteSeason', companyId, actorId: session.accountId },
      async ({ readModels, now }) => {
        const season = await seasonOf(companyId, ladderId, seasonId, isoDay(now), readModels as typeof db);
        if (!season) throw new HttpError(404, 'No such season');
        if (season.active) throw new HttpError(409, 'An active season cannot be deleted');
        return {
          events: [
            {
              type: seasonDeleted.type,
              streamId: seasonId,
              payload: { seasonId, ladderId, name: season.name },
            },
          ],
          result: { uuid: seasonId },
        };
      },
    );
    answer(ctx, outcome, 200, outcome.result);
  });
}
