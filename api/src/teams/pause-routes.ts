import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { LADDER_API } from '@courtside/events/api-paths';
import { reject } from '@courtside/events/decider';
import { isoDay } from '@courtside/events/ladders/season-rules';
import { pauseDaysLeft, pauseDecider, type PauseCommand } from '@courtside/events/teams/pause';
import { managesCompany } from '@courtside/projector/companies/queries';
import { seasonContext } from '@courtside/projector/ladders/queries';
import { pauseStateOf, teamPauseOf } from '@courtside/projector/teams/queries';
import { requireSession } from '../accounts/authentication.ts';
import { CommandRejected } from '../commands/command-errors.ts';
import { answerCommand } from '../http/command-answer.ts';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';

const pauseParams = z.object({ seasonId: z.uuid('No such season'), teamId: z.uuid('No such team') });
const pauseBody = z.object({
  until: z.iso.date('Enter the first day back as YYYY-MM-DD'),
});
const pausedSchema = z
  .object({
    pausedUntil: z.iso.date().describe('The first day back'),
    pauseDaysLeft: z.number().int().describe('The days the team may still pause this season'),
  })
  .meta({ id: 'TeamPause' });
const resumedSchema = z
  .object({ pauseDaysLeft: z.number().int().describe('The unused days given back included') })
  .meta({ id: 'TeamResume' });
const NO_TEAM = 'No such team in this season';

/**
 * DESIGN.md §9 and §15 "Pause": a member of a team, or a manager of the club, pauses the team until its first day
 * back, or resumes it early. Anyone else (another club's manager too) hears that there is no such team.
 */
export function pauseRoutes(router: Router, services: AppServices): void {
  const api = documented(router);

  /** The team in the address and the company whose lock its commands take (a season never changes company). */
  async function teamOf(ctx: Context) {
    const { accountId } = requireSession(ctx);
    const { seasonId, teamId } = parseInput(pauseParams, ctx.params, 'address');
    const season = await seasonContext(services.readModels, seasonId);
    if (!season) throw new HttpError(404, NO_TEAM);
    return { accountId, seasonId, teamId, companyId: season.companyId };
  }

  /** The team's pause as the read models show it now, with the days it has left today. */
  async function pauseView(seasonId: string, teamId: string) {
    const state = await pauseStateOf(services.readModels, seasonId);
    const team = state.teams[teamId];
    return { pausedUntil: team?.pausedUntil, pauseDaysLeft: pauseDaysLeft(state, teamId) };
  }

  const run = (
    ctx: Context,
    found: Awaited<ReturnType<typeof teamOf>>,
    command: PauseCommand,
    result: object,
  ) =>
    services.commands.handle({
      companyId: found.companyId,
      actorId: found.accountId,
      decider: pauseDecider,
      // Anyone but a member of the team or a manager of the club (another club's manager too) hears "no such team".
      load: async (readModels) => {
        const team = await teamPauseOf(readModels, found.seasonId, found.teamId);
        const mayAct =
          team &&
          (team.memberIds.includes(found.accountId) ||
            (await managesCompany(readModels, found.accountId, found.companyId)));
        if (!mayAct) throw new CommandRejected(reject('not_found', NO_TEAM));
        return pauseStateOf(readModels, found.seasonId);
      },
      command,
      result,
    });

  const path = `${LADDER_API}/seasons/:seasonId/teams/:teamId/pause`;
  api.post(
    path,
    {
      summary: 'Pause a team until its first day back (a member or a manager)',
      description:
        'The days used are `until` − today in whole days of the club’s calendar, out of the season’s ' +
        '`maxPauseDays`. A paused team cannot challenge or be challenged, keeps its position and does not drop for ' +
        'inactivity; it is back at `until`. `until` today or earlier: 400.',
      access: 'session',
      params: pauseParams,
      body: pauseBody,
      responses: { 200: pausedSchema },
      command: pausedSchema.partial(),
      refusals: ['PAUSE_TOO_LONG', 'BUSY', 'PAUSING_OFF'],
    },
    async (ctx) => {
      const found = await teamOf(ctx);
      const { until } = parseInput(pauseBody, ctx.request.body, 'pause');
      // The answer when the read models are late (202): what it will be, from the state before it.
      const today = isoDay(services.clock());
      const before = pauseDecider.evolve(await pauseStateOf(services.readModels, found.seasonId), {
        type: 'TeamPaused',
        payload: { teamId: found.teamId, seasonId: found.seasonId, ladderId: '', from: today, until },
      });
      const result = { pausedUntil: until, pauseDaysLeft: pauseDaysLeft(before, found.teamId) };
      const outcome = await run(ctx, found, { type: 'PauseTeam', teamId: found.teamId, until }, result);
      await answerCommand(ctx, outcome, { status: 200, view: () => pauseView(found.seasonId, found.teamId) });
    },
  );

  api.delete(
    path,
    {
      summary: 'Resume a paused team before its first day back (a member or a manager)',
      description:
        'The unused days are given back. `409 {reason: "NOT_PAUSED"}` when the team is not paused.',
      access: 'session',
      params: pauseParams,
      responses: { 200: resumedSchema },
      command: resumedSchema.partial(),
      refusals: ['NOT_PAUSED'],
    },
    async (ctx) => {
      const found = await teamOf(ctx);
      const outcome = await run(ctx, found, { type: 'ResumeTeam', teamId: found.teamId }, {});
      await answerCommand(ctx, outcome, {
        status: 200,
        view: async () => ({ pauseDaysLeft: (await pauseView(found.seasonId, found.teamId)).pauseDaysLeft }),
      });
    },
  );
}
