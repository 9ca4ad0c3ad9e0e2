import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { seasonTeamsWithBoxesDecider } from '@courtside/events/boxes/leaving';
import { seasonTeamsDecider, type TeamCommand } from '@courtside/events/teams/decider';
import { seasonTeamsWithBoxesStateOf } from '@courtside/projector/boxes/queries';
import { parseInput } from '../http/parse.ts';
import { managersOnly, seasonManagerScope } from '../http/manager-access.ts';
import { answerCommand } from '../http/command-answer.ts';
import type { AppServices } from '../module.ts';
import { seasonTeamsStateOf, teamsOf, type TeamList } from '@courtside/projector/teams/queries';
import { ADMIN_API } from '@courtside/events/api-paths';
import { documented } from '../http/documented-router.ts';
import { seasonTeamSchema, teamIdSchema } from './team-answers.ts';

const SEASON = `${ADMIN_API}/seasons/:seasonId`;
const teamBody = z.object({ teamId: z.uuid('Choose a team') });
const seasonParams = z.object({ seasonId: z.uuid('No such season') });

/** Spec §7 "Admin: season teams": the three lists, accept, reject, remove and move. */
export function adminTeamRoutes(router: Router, services: AppServices): void {
  const api = documented(router, services.readModels);
  const list = (which: TeamList) => async (ctx: Context) => {
    const { season } = seasonManagerScope(ctx);
    ctx.body = await teamsOf(services.readModels, season.seasonId, which);
  };
  const listDoc = {
    access: 'session',
    manager: 'season',
    params: seasonParams,
    responses: { 200: z.array(seasonTeamSchema) },
  } as const;
  api.get(
    `${SEASON}/teams/waitingforapproval`,
    { ...listDoc, summary: 'Teams waiting for approval, in order of registration' },
    list('waiting'),
  );
  api.get(`${SEASON}/teams`, { ...listDoc, summary: 'The active teams by position' }, list('active'));
  api.get(
    `${SEASON}/teams/left`,
    {
      ...listDoc,
      summary: 'The teams that left, latest first',
      description:
        'Each with the position it held when it left; teams that left on the same day by that position.',
    },
    list('left'),
  );
  const commandDoc = {
    access: 'session',
    manager: 'season',
    params: seasonParams,
    body: teamBody,
    responses: { 200: teamIdSchema },
    command: teamIdSchema,
    refusals: [],
  } as const;

  async function command(
    ctx: Context,
    teamCommand: Extract<TeamCommand, { type: 'AcceptTeam' | 'RejectTeam' | 'RemoveTeam' | 'MoveTeam' }>,
  ) {
    const scope = seasonManagerScope(ctx);
    const { seasonId } = scope.season;
    const base = {
      companyId: scope.companyId,
      actorId: scope.accountId,
      command: teamCommand,
      result: { teamId: teamCommand.teamId },
    };
    // A removed team leaves its box too (DESIGN.md §19 "Box seasons"): that command is decided with the boxes.
    const outcome =
      teamCommand.type === 'RemoveTeam'
        ? await services.commands.handle({
            ...base,
            decider: seasonTeamsWithBoxesDecider,
            load: managersOnly(scope, (readModels) => seasonTeamsWithBoxesStateOf(readModels, seasonId)),
          })
        : await services.commands.handle({
            ...base,
            decider: seasonTeamsDecider,
            load: managersOnly(scope, (readModels) => seasonTeamsStateOf(readModels, seasonId)),
          });
    await answerCommand(ctx, outcome, { status: 200 });
  }

  api.post(
    `${SEASON}/teams/accept`,
    { ...commandDoc, summary: 'Accept a waiting team (at the bottom)' },
    async (ctx) => {
      await command(ctx, {
        type: 'AcceptTeam',
        teamId: parseInput(teamBody, ctx.request.body, 'request').teamId,
      });
    },
  );
  /**
   * DESIGN.md §9 "Accept all": the waiting teams the manager saw, in one command (docs/decisions/ladders-and-rules.md "Accept all"):
   * all are accepted, at the bottom in the order given, or none is (`409 NOT_WAITING` when one is no longer waiting).
   */
  const acceptAllBody = z.object({
    teamIds: z.array(z.uuid('Choose a team')).min(1, 'Choose the teams to accept').max(500),
  });
  const acceptedSchema = z.object({ accepted: z.array(z.uuid()) });
  api.post(
    `${SEASON}/teams/accept-all`,
    {
      summary: 'Accept several waiting teams at once (all or none)',
      description:
        'The teams join at the bottom in the order given. When one of them is no longer waiting, none is accepted ' +
        '(`409 NOT_WAITING`): reload the waiting list and try again.',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      body: acceptAllBody,
      responses: { 200: acceptedSchema },
      command: acceptedSchema,
      refusals: ['NOT_WAITING'],
    },
    async (ctx) => {
      const scope = seasonManagerScope(ctx);
      const { teamIds } = parseInput(acceptAllBody, ctx.request.body, 'request');
      const outcome = await services.commands.handle({
        companyId: scope.companyId,
        actorId: scope.accountId,
        decider: seasonTeamsDecider,
        load: managersOnly(scope, (readModels) => seasonTeamsStateOf(readModels, scope.season.seasonId)),
        command: { type: 'AcceptTeams', teamIds },
        result: { accepted: [...new Set(teamIds)] },
      });
      await answerCommand(ctx, outcome, { status: 200 });
    },
  );
  api.post(`${SEASON}/teams/reject`, { ...commandDoc, summary: 'Reject a waiting team' }, async (ctx) => {
    await command(ctx, {
      type: 'RejectTeam',
      teamId: parseInput(teamBody, ctx.request.body, 'request').teamId,
    });
  });
  api.delete(
    `${SEASON}/teams/:teamId`,
    {
      ...commandDoc,
      summary: 'Remove a team (it leaves today; the positions close up)',
      params: seasonParams.extend(teamBody.shape),
      body: undefined,
    },
    async (ctx) => {
      const { teamId } = parseInput(teamBody, { teamId: ctx.params.teamId }, 'address');
      await command(ctx, { type: 'RemoveTeam', teamId });
    },
  );
  const positionParams = z.object({
    newPosition: z.coerce
      .number('Enter a position')
      .int('Enter a whole number')
      .min(1, 'Positions start at 1'),
  });
  api.post(
    `${SEASON}/teams/position/:newPosition`,
    {
      ...commandDoc,
      summary: 'Move a team to a position (the teams in between shift by one)',
      params: seasonParams.extend(positionParams.shape),
    },
    async (ctx) => {
      const { newPosition } = parseInput(positionParams, ctx.params, 'position');
      const { teamId } = parseInput(teamBody, ctx.request.body, 'request');
      await command(ctx, { type: 'MoveTeam', teamId, position: newPosition });
    },
  );
}
