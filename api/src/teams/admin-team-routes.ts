import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { teamAccepted, teamPositionChanged, teamRejected, teamRemoved } from '@courtside/events/teams/events';
import { requireSession } from '../accounts/authentication.ts';
import { managesCompany } from '../companies/company-routes.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { ADMIN_API } from '../ladders/admin-ladder-routes.ts';
import type { AppServices } from '../module.ts';
import { seasonContext, teamStatus, teamsOf, type SeasonContext, type TeamList } from './team-queries.ts';

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

type TeamCommand = 'accept' | 'reject' | 'remove' | 'position';

/** Spec §7 "Admin: season teams": the three lists, accept, reject, remove and move. */
export function adminTeamRoutes(router: Router, services: AppServices): void {
  const list = (which: TeamList) => async (ctx: Context) => {
    const { season } = await requireSeasonManager(ctx, services);
    ctx.body = await teamsOf(services.readModels, season.seasonId, which);
  };
  router.get(`${SEASON}/teams/waitingforapproval`, list('waiting'));
  router.get(`${SEASON}/teams`, list('active'));
  router.get(`${SEASON}/teams/left`, list('left'));

  async function command(ctx: Context, kind: TeamCommand, teamId: string, position?: number) {
    const { session, season } = await requireSeasonManager(ctx, services);
    const outcome = await services.commands.execute(
      { name: `${kind}Team`, companyId: season.companyId, actorId: session.accountId },
      async ({ readModels }) => decideTeamCommand(readModels, season, kind, teamId, position),
    );
    ctx.status = outcome.status === 'projected' ? 200 : 202;
    ctx.body = { teamId, eventIds: outcome.events.map((event) => event.id) };
  }

  router.post(`${SEASON}/teams/accept`, async (ctx) => {
    await command(ctx, 'accept', parseInput(teamBody, ctx.request.body, 'request').teamId);
  });
  router.post(`${SEASON}/teams/reject`, async (ctx) => {
    await command(ctx, 'reject', parseInput(teamBody, ctx.request.body, 'request').teamId);
  });
  router.delete(`${SEASON}/teams/:teamId`, async (ctx) => {
    await command(ctx, 'remove', parseInput(teamBody, { teamId: ctx.params.teamId }, 'address').teamId);
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
    await command(ctx, 'position', parseInput(teamBody, ctx.request.body, 'request').teamId, newPosition);
  });
}

async function decideTeamCommand(
  readModels: Parameters<typeof teamStatus>[0],
  season: SeasonContext,
  kind: TeamCommand,
  teamId: string,
  position: number | undefined,
) {
  const status = await teamStatus(readModels, season.seasonId, teamId);
  if (!status) throw new HttpError(404, 'No such team in this season');
  const ref = { teamId, seasonId: season.seasonId, ladderId: season.ladderId };
  const event = (type: string, payload: object) => ({
    events: [{ type, streamId: teamId, payload }],
    result: { teamId },
  });
  switch (kind) {
    case 'accept':
    case 'reject':
      if (status !== 'waiting') throw new HttpError(409, 'This team is not waiting for approval any more');
      return event(kind === 'accept' ? teamAccepted.type : teamRejected.type, ref);
    case 'remove':
      if (status !== 'active') throw new HttpError(409, 'This team is not active in this season');
      return event(teamRemoved.type, ref);
    case 'position': {
      if (status !== 'active') throw new HttpError(409, 'This team is not active in this season');
      const { rows } = await readModels.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM teams WHERE season_id = $1 AND status = 'active'",
        [season.seasonId],
      );
      const activeTeams = rows[0]?.n ?? 0;
      if (position! > activeTeams) {
        throw new HttpError(400, 'Invalid position', [
          { path: ['newPosition'], message: `Choose a position from 1 to ${activeTeams}`, code: 'too_big' },
        ]);
      }
      return event(teamPositionChanged.type, { ...ref, position: position! });
    }
  }
}
