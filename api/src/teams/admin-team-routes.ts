import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { seasonTeamsDecider, type TeamCommand } from '@courtside/events/teams/decider';
import { requireSession } from '../accounts/authentication.ts';
import { managesCompany } from '../companies/company-queries.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { answerCommand } from '../http/command-answer.ts';
import { decided } from '../http/rejection.ts';
import type { AppServices } from '../module.ts';
import { seasonContext, seasonTeamsStateOf, teamsOf, type TeamList } from './team-queries.ts';
import { ADMIN_API } from '@courtside/events/api-paths';

const SEASON = `${ADMIN_API}/seasons/:seasonId`;
const teamBody = z.object({ teamId: z.uuid('Choose a team') });
const seasonParams = z.object({ seasonId: z.uuid('No such season') });

/** The signed-in manager of the season's company; anything else is a 404 (DESIGN.md §3). */
export async function requireSeasonManager(ctx: Context, services: AppServices) {
  const session = requireSession(ctx);
  const { seasonId } = parseInput(seasonParams, ctx.params, 'address');
  const season = await seasonContext(services.readModels, seasonId);
  if (!season || !(await managesCompany(services, session.accountId, season.companyId))) {
    throw new HttpError(404, 'No such season');
  }
  return { session, season };
}

/** Spec §7 "Admin: season teams": the three lists, accept, reject, remove and move. */
export function adminTeamRoutes(router: Router, services: AppServices): void {
  const list = (which: TeamList) => async (ctx: Context) => {
    const { season } = await requireSeasonManager(ctx, services);
    ctx.body = await teamsOf(services.readModels, season.seasonId, which);
  };
  router.get(`${SEASON}/teams/waitingforapproval`, list('waiting'));
  router.get(`${SEASON}/teams`, list('active'));
  router.get(`${SEASON}/teams/left`, list('left'));

  async function command(ctx: Context, teamCommand: TeamCommand) {
    const { session, season } = await requireSeasonManager(ctx, services);
    const { teamId } = teamCommand;
    const outcome = await services.commands.execute(
      { name: teamCommand.type, companyId: season.companyId, actorId: session.accountId },
      async ({ readModels, now }) => {
        const state = await seasonTeamsStateOf(readModels, season.seasonId);
        return decided(seasonTeamsDecider.decide(teamCommand, state, now), { teamId });
      },
    );
    await answerCommand(ctx, outcome, { status: 200 });
  }

  router.post(`${SEASON}/teams/accept`, async (ctx) => {
    await command(ctx, {
      type: 'AcceptTeam',
      teamId: parseInput(teamBody, ctx.request.body, 'request').teamId,
    });
  });
  router.post(`${SEASON}/teams/reject`, async (ctx) => {
    await command(ctx, {
      type: 'RejectTeam',
      teamId: parseInput(teamBody, ctx.request.body, 'request').teamId,
    });
  });
  router.delete(`${SEASON}/teams/:teamId`, async (ctx) => {
    const { teamId } = parseInput(teamBody, { teamId: ctx.params.teamId }, 'address');
    await command(ctx, { type: 'RemoveTeam', teamId });
  });
  router.post(`${SEASON}/teams/position/:newPosition`, async (ctx) => {
    const { newPosition } = parseInput(
      z.object({
        newPosition: z.coerce
          .number('Enter a position')
          .int('Enter a whole number')
          .min(1, 'Positions start at 1'),
      }),
      ctx.params,
      'position',
    );
    const { teamId } = parseInput(teamBody, ctx.request.body, 'request');
    await command(ctx, { type: 'MoveTeam', teamId, position: newPosition });
  });
}
