import { isMinimalAccount } from '@courtside/events/accounts/minimal-account';
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import { isoDay } from '@courtside/events/ladders/season-rules';
import { seasonTeamsDecider } from '@courtside/events/teams/decider';
import { AccountStore } from '../accounts/account-store.ts';
import { requireSession, sessionOf } from '../accounts/authentication.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { answerCommand } from '../http/command-answer.ts';
import {
  publicLadderOf,
  publicLaddersOf,
  seasonContext,
  seasonsOf,
} from '@courtside/projector/ladders/queries';
import type { AppServices } from '../module.ts';
import { standingsRowsOf } from '@courtside/projector/teams/standings-queries';
import { withChallengesFor } from './standings.ts';
import { seasonChallengesStateOf, unsettledResultsOf } from '@courtside/projector/challenges/queries';
import { seasonTeamsStateOf, teamsOfAccount } from '@courtside/projector/teams/queries';
import { LADDER_API } from '@courtside/events/api-paths';
import { publicUrlOf } from '../http/public-url.ts';
import {
  invitationPage,
  invitationToken,
  mailPartnerInvitation,
  PARTNER_REQUESTS_PER_DAY,
  PartnerInvitations,
  withinPartnerRequestLimit,
} from './partner-invitations.ts';
import { documented } from '../http/documented-router.ts';
import { InvitationMailLimits } from '../mail/invitation-mail-limits.ts';
import { myTeamSchema, publicLadderSchema, standingsSchema, teamIdSchema } from './team-answers.ts';
import { seasonSchema } from '../ladders/ladder-answers.ts';

const registrationSchema = z.object({
  partnerEmail: z.email('Enter your partner’s email address').trim().toLowerCase().optional(),
});

/** DESIGN.md §2: the public ladder routes and team registration. */
export function playerLadderRoutes(router: Router, services: AppServices): void {
  const accounts = new AccountStore(services.db);
  const db = services.readModels;
  const invitations = new PartnerInvitations(db);
  const mailLimits = new InvitationMailLimits(services.db, services.clock);
  const api = documented(router);

  api.get(
    `${LADDER_API}/ladders`,
    {
      summary: 'Every ladder, with its current season and the seasons open for registration',
      access: 'public',
      responses: { 200: z.array(publicLadderSchema) },
    },
    async (ctx) => {
      const today = isoDay(services.clock());
      const rows = await publicLaddersOf(db);
      ctx.body = await Promise.all(
        rows.map(async ({ companyId, companyName, ...ladder }) => {
          const seasons = await seasonsOf(db, ladder.uuid, today);
          return {
            ...ladder,
            company: { id: companyId, name: companyName },
            currentSeason: seasons.find((season) => season.current) ?? null,
            seasons: seasons.filter((season) => season.openForRegistration && season.endDate >= today),
          };
        }),
      );
    },
  );

  const ladderParams = z.object({ ladderId: z.uuid('No such ladder') });
  api.get(
    `${LADDER_API}/ladders/:ladderId/standings`,
    {
      summary: 'A ladder’s standings: the active teams of its current season by position',
      description: 'For a signed-in caller, each row also says whether the caller may challenge it.',
      access: 'optional',
      params: ladderParams,
      responses: { 200: standingsSchema },
    },
    async (ctx) => {
      const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
      const viewerId = sessionOf(ctx)?.accountId;
      const today = isoDay(services.clock());
      // The standings everyone gets, kept until the read models change; a signed-in caller's challenge state on top.
      const key = `standings ${ladderId} ${today}`;
      const standings = () =>
        services.publicAnswers.value(key, async () => {
          const ladder = await publicLadderOf(db, ladderId);
          if (!ladder) throw new HttpError(404, 'No such ladder');
          const season = (await seasonsOf(db, ladderId, today)).find((candidate) => candidate.current);
          const teams = season ? await standingsRowsOf(db, season) : [];
          return { ladder, season: season ?? null, teams };
        });
      if (!viewerId)
        return services.publicAnswers.answer(ctx, key, standings, {
          byAddress: () => isoDay(services.clock()) === today,
        });
      const { ladder, season, teams } = await standings();
      if (!season) {
        ctx.body = { ladder, season, teams };
        return;
      }
      // The season's challenges are kept like the rows (until the read models change): per caller is only the fold.
      const [challenges, unsettled] = await Promise.all([
        services.publicAnswers.value(`challenges ${season.uuid}`, () =>
          seasonChallengesStateOf(db, season.uuid),
        ),
        services.publicAnswers.value(`unsettled results ${season.uuid}`, () =>
          unsettledResultsOf(db, season.uuid),
        ),
      ]);
      ctx.body = {
        ladder,
        season,
        teams: withChallengesFor(challenges, season, teams, viewerId, services.clock(), unsettled),
      };
    },
  );

  api.get(
    `${LADDER_API}/ladders/:ladderId/seasons`,
    {
      summary: 'Every season of a ladder, the first to start first (public)',
      description:
        'Beyond DESIGN.md §2: a ladder’s past, current and later seasons, so that a box season’s tables stay ' +
        'readable after it ended (its `GET …/seasons/{seasonId}/boxes`).',
      access: 'public',
      params: ladderParams,
      responses: { 200: z.array(seasonSchema) },
    },
    async (ctx) => {
      const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
      const today = isoDay(services.clock());
      await services.publicAnswers.answer(
        ctx,
        `seasons ${ladderId} ${today}`,
        async () => {
          if (!(await publicLadderOf(db, ladderId))) throw new HttpError(404, 'No such ladder');
          return seasonsOf(db, ladderId, today);
        },
        { byAddress: () => isoDay(services.clock()) === today },
      );
    },
  );

  const seasonParams = z.object({ seasonId: z.uuid('No such season') });
  api.post(
    `${LADDER_API}/seasons/:seasonId/teams`,
    {
      summary:
        'Register a team: singles wait for approval; for doubles and padel the named partner is asked first',
      description:
        'Any well-formed partner address answers alike (201), with or without an account: the partner is mailed a ' +
        'link, and the team waits for approval once they accept (DESIGN.md §9).',
      access: 'session',
      params: seasonParams,
      body: registrationSchema,
      responses: { 201: teamIdSchema },
      command: teamIdSchema,
      refusals: [],
      failures: { 429: `More than ${PARTNER_REQUESTS_PER_DAY} partner requests in 24 hours` },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const { seasonId } = parseInput(seasonParams, ctx.params, 'address');
      const { partnerEmail } = parseInput(registrationSchema, ctx.request.body ?? {}, 'registration');
      const season = await seasonContext(db, seasonId);
      if (!season) throw new HttpError(404, 'No such season');
      const me = await accounts.byId(session.accountId);
      if (partnerEmail) await withinPartnerRequestLimit(invitations, session.accountId, services.clock());
      const teamId: string = randomUUID();
      // DESIGN.md §9: the partner is not looked up; they are asked, and the team forms when they agree.
      const requestId: string = randomUUID();
      const command = {
        type: 'RegisterTeam' as const,
        teamId,
        registrant: { accountId: session.accountId, complete: isMinimalAccount(me) },
        ...(partnerEmail ? { partner: { requestId, isRegistrant: partnerEmail === me?.email } } : {}),
      };
      const outcome = await services.commands.handle({
        companyId: season.companyId,
        actorId: session.accountId,
        decider: seasonTeamsDecider,
        load: (readModels) => seasonTeamsStateOf(readModels, seasonId),
        command,
        result: { teamId },
      });
      if (partnerEmail) {
        await invitations.record({
          invitationId: requestId,
          email: partnerEmail,
          companyId: season.companyId,
          seasonId,
          teamId,
          invitedBy: session.accountId,
          at: services.clock(),
        });
        const token = invitationToken(services.invitationSecret, requestId);
        // The request stands whatever the mail does: the partner also finds it signed in, the registrant may withdraw.
        // So the limits of DESIGN.md §17 (3 invitation mails a day to a person, 500 from a club) hold its mail back.
        const reservation = await mailLimits.reserve(season.companyId, [partnerEmail], 'hold');
        if (reservation.mayMail(partnerEmail))
          await mailPartnerInvitation(services.mailer, {
            email: partnerEmail,
            invitedBy: me?.fullName ?? '',
            ladderName: season.ladderName,
            seasonName: season.seasonName,
            link: (locale) => publicUrlOf(ctx, services, invitationPage(locale, token)),
          }).catch((error: unknown) =>
            services.logger.warn({ err: error, invitationId: requestId }, 'partner invitation not mailed'),
          );
      }
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );

  api.get(
    `${LADDER_API}/teams/mine`,
    {
      summary: 'The teams the caller plays in, newest first, with partner requests sent and received',
      access: 'session',
      responses: { 200: z.array(myTeamSchema) },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const me = await accounts.byId(session.accountId);
      if (!me) throw new HttpError(401, 'Sign in first');
      ctx.body = await teamsOfAccount(db, me, services.clock());
    },
  );
}
