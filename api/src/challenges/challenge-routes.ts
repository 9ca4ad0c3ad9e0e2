import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { LADDER_API } from '@courtside/events/api-paths';
import { LOCAL_DATE_TIME, LOCAL_DATE_TIME_HINT } from '@courtside/events/matches/match-dates';
import { challengesDecider, type ChallengeCommand } from '@courtside/events/challenges/decider';
import { reject } from '@courtside/events/decider';
import { managesCompany } from '@courtside/projector/companies/queries';
import { requireSession } from '../accounts/authentication.ts';
import { CommandRejected } from '../commands/command-errors.ts';
import { answerCommand } from '../http/command-answer.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import {
  challengeContext,
  challengesOfAccount,
  challengesOfSeason,
  seasonChallengesStateOf,
} from '@courtside/projector/challenges/queries';
import { companyOfSeason } from '@courtside/projector/ladders/season-queries';
import { documented } from '../http/documented-router.ts';
import { challengeRefusalCodes, challengeSchema, seasonChallengeSchema } from './challenge-answers.ts';

const NO_CHALLENGE = 'No such challenge';
const seasonParams = z.object({ seasonId: z.uuid('No such season') });
const challengeParams = z.object({ challengeId: z.uuid('No such challenge') });
const issueSchema = z.object({ defenderTeamId: z.uuid('Choose the team to challenge') });
const acceptSchema = z.object({
  date: z.string().regex(LOCAL_DATE_TIME, LOCAL_DATE_TIME_HINT).nullish(),
});
const challengeIdSchema = z.object({ challengeId: z.uuid() });
const acceptedChallengeSchema = challengeIdSchema.extend({ matchId: z.uuid() });

/** DESIGN.md §5 "Routes added": challenges between the teams of a season. */
export function challengeRoutes(router: Router, services: AppServices): void {
  const db = services.readModels;
  const api = documented(router);

  async function requireCompanyOfSeason(seasonId: string): Promise<string> {
    const companyId = await companyOfSeason(db, seasonId);
    if (!companyId) throw new HttpError(404, 'No such season');
    return companyId;
  }

  /**
   * Runs a challenge command against the season's state, loaded under the company's lock. An answer to a challenge
   * (`challengeId`) from a stranger to the club, on no active team of its season and no manager of the club, hears
   * that there is no such challenge (DESIGN.md §19), as for the other ids of another club: only the club's own
   * people learn that it exists and is not theirs to answer (403).
   */
  function handle<T extends object>(
    companyId: string,
    actorId: string,
    seasonId: string,
    command: ChallengeCommand,
    result: T,
  ) {
    const challengeId = 'challengeId' in command ? command.challengeId : undefined;
    return services.commands.handle({
      companyId,
      actorId,
      decider: challengesDecider,
      load: async (readModels) => {
        const state = await seasonChallengesStateOf(readModels, seasonId, challengeId);
        if (command.type === 'IssueChallenge') return state;
        const ofTheClub =
          state.teams.some((team) => team.memberIds.includes(actorId)) ||
          (await managesCompany(readModels, actorId, companyId));
        if (!ofTheClub) throw new CommandRejected(reject('not_found', NO_CHALLENGE));
        return state;
      },
      command,
      result,
    });
  }

  api.post(
    `${LADDER_API}/seasons/:seasonId/challenges`,
    {
      summary: 'Challenge a team above the caller’s',
      access: 'session',
      params: seasonParams,
      body: issueSchema,
      responses: { 201: challengeIdSchema },
      command: challengeIdSchema,
      refusals: challengeRefusalCodes,
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const { seasonId } = parseInput(seasonParams, ctx.params, 'address');
      const { defenderTeamId } = parseInput(issueSchema, ctx.request.body ?? {}, 'challenge');
      const companyId = await requireCompanyOfSeason(seasonId);
      const challengeId = randomUUID();
      const command = {
        type: 'IssueChallenge' as const,
        challengeId,
        actorId: session.accountId,
        defenderTeamId,
      };
      const outcome = await handle(companyId, session.accountId, seasonId, command, { challengeId });
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );

  api.get(
    `${LADDER_API}/seasons/:seasonId/challenges`,
    {
      summary: 'The season’s open and recent challenges',
      access: 'public',
      params: seasonParams,
      responses: { 200: z.array(seasonChallengeSchema) },
    },
    async (ctx) => {
      const { seasonId } = parseInput(seasonParams, ctx.params, 'address');
      await requireCompanyOfSeason(seasonId);
      ctx.body = await challengesOfSeason(db, seasonId, services.clock());
    },
  );

  api.get(
    `${LADDER_API}/challenges/mine`,
    {
      summary: 'The caller’s challenges, open first',
      access: 'session',
      responses: { 200: z.array(challengeSchema) },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      ctx.body = await challengesOfAccount(db, session.accountId);
    },
  );

  async function answer(ctx: Context, type: 'AcceptChallenge' | 'DeclineChallenge' | 'WithdrawChallenge') {
    const session = requireSession(ctx);
    const { challengeId } = parseInput(challengeParams, ctx.params, 'address');
    const { date } =
      type === 'AcceptChallenge' ? parseInput(acceptSchema, ctx.request.body ?? {}, 'answer') : {};
    const context = await challengeContext(db, challengeId);
    if (!context) throw new HttpError(404, NO_CHALLENGE);
    const actorId = session.accountId;
    const matchId = randomUUID();
    const command: ChallengeCommand =
      type === 'WithdrawChallenge'
        ? { type, challengeId, actorId }
        : type === 'AcceptChallenge'
          ? { type, challengeId, actorId, matchId, date }
          : { type, challengeId, actorId, matchId };
    const result = type === 'AcceptChallenge' ? { challengeId, matchId } : { challengeId };
    const outcome = await handle(context.companyId, actorId, context.seasonId, command, result);
    await answerCommand(ctx, outcome, { status: 200 });
  }

  const answerDoc = {
    access: 'session',
    params: challengeParams,
    responses: { 200: challengeIdSchema },
    command: challengeIdSchema,
    refusals: ['NOT_OPEN'],
    failures: {
      403: 'Someone of the club (on a team of the season, or a manager) who is not on the side that gives this answer',
      404: 'No such challenge; also to anyone not of its club (on no team of its season and no manager of it)',
    },
  } as const;
  api.post(
    `${LADDER_API}/challenges/:challengeId/accept`,
    {
      ...answerDoc,
      summary: 'Accept a challenge: a match is created (the challenged team defends)',
      body: acceptSchema,
      responses: { 200: acceptedChallengeSchema },
      command: acceptedChallengeSchema,
    },
    (ctx) => answer(ctx, 'AcceptChallenge'),
  );
  api.post(
    `${LADDER_API}/challenges/:challengeId/decline`,
    { ...answerDoc, summary: 'Decline a challenge (a walkover for the challenger, when the rules say so)' },
    (ctx) => answer(ctx, 'DeclineChallenge'),
  );
  api.post(
    `${LADDER_API}/challenges/:challengeId/withdraw`,
    { ...answerDoc, summary: 'The challenger withdraws an open challenge' },
    (ctx) => answer(ctx, 'WithdrawChallenge'),
  );
}
