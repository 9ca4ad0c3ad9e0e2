import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { teamSizeOf } from '@courtside/events/ladders/model';
import { seasonTeamsDecider, takenPlayers, type TeamCommand } from '@courtside/events/teams/decider';
import { closedInvitationCode, screenInvitees, type SkipReason } from '@courtside/events/teams/invitations';
import { seasonTeamsStateOf } from '@courtside/projector/teams/queries';
import { companyNameOf } from '@courtside/projector/companies/queries';
import { singleLineText } from '@courtside/events/text';
import { emailInput } from '../accounts/account-inputs.ts';
import { accountIdsByEmail } from '../accounts/account-store.ts';
import { answerCommand } from '../http/command-answer.ts';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { publicUrlOf } from '../http/public-url.ts';
import type { AppServices } from '../module.ts';
import { managersOnly, seasonManagerScope } from '../http/manager-access.ts';
import { invitationPage, invitationToken } from './partner-invitations.ts';
import {
  ClubSeasonInvitations,
  mailSeasonInvitation,
  type ClubSeasonInvitation,
} from './season-invitations.ts';

const SEASON = `${ADMIN_API}/seasons/:seasonId`;
const seasonParams = z.object({ seasonId: z.uuid('No such season') });
const invitationParams = seasonParams.extend({ invitationId: z.uuid('No such invitation') });
const skipReasons = ['ALREADY_IN_SEASON', 'ALREADY_INVITED', 'DUPLICATE', 'PARTNER_REQUIRED'] as const;

const inviteBody = z.object({
  invitees: z
    .array(
      z.object({
        email: emailInput,
        fullName: singleLineText().trim().max(100, 'Use at most 100 characters').optional(),
        partnerEmail: emailInput.optional(),
      }),
    )
    .min(1, 'Invite at least one person')
    .max(200, 'Invite at most 200 people at once'),
  placement: z.enum(['WAITING', 'ACTIVE'], 'Choose WAITING or ACTIVE'),
});
const invitedAnswer = z.object({
  invited: z.array(z.object({ invitationId: z.uuid(), email: z.string() })),
  skipped: z.array(z.object({ email: z.string(), reason: z.enum(skipReasons) })),
});
const invitationListSchema = z
  .array(
    z.object({
      invitationId: z.uuid(),
      email: z.string(),
      fullName: z.string().optional(),
      partnerEmail: z.string().optional(),
      state: z.enum(['pending', 'accepted', 'revoked', 'expired']),
      invitedAt: z.iso.datetime(),
      expiresAt: z.iso.datetime(),
    }),
  )
  .meta({ id: 'SeasonInvitations' });
const resentSchema = z.object({ invitationId: z.uuid() });

/** DESIGN.md §9 "Inviting players": a manager invites people into a season by email, lists, resends, revokes. */
export function seasonInvitationRoutes(router: Router, services: AppServices): void {
  const api = documented(router, services.readModels);
  const store = new ClubSeasonInvitations(services.readModels);

  /** The accounts of the given addresses (lower case), read beside the log before the lock. */
  const accountsOf = (emails: string[]) => accountIdsByEmail(services.readModels, emails);

  async function mailGroup(ctx: Context, links: ClubSeasonInvitation[]) {
    for (const link of links) {
      const partner = links.find((other) => other.invitationId !== link.invitationId);
      const token = invitationToken(services.invitationSecret, link.invitationId);
      // The invitation stands whatever the mail does: the manager may resend it.
      await mailSeasonInvitation(services.mailer, {
        email: link.email,
        companyName: link.companyName,
        ladderName: link.ladderName,
        seasonName: link.seasonName,
        ...(partner ? { partnerEmail: partner.email } : {}),
        link: (locale) => publicUrlOf(ctx, services, invitationPage(locale, token)),
      }).catch((error: unknown) =>
        services.logger.warn({ err: error, invitationId: link.invitationId }, 'season invitation not mailed'),
      );
    }
  }

  api.post(
    `${SEASON}/invitations`,
    {
      summary: 'Invite people into the season by email (1–200 at once)',
      description:
        'Each invitee is mailed a link (a partner too: the team forms when both accepted), waiting or active as ' +
        '`placement` says. Rows that cannot be invited are `skipped` with a reason.',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      body: inviteBody,
      responses: { 201: invitedAnswer },
      command: invitedAnswer,
      refusals: [],
    },
    async (ctx) => {
      const scope = seasonManagerScope(ctx);
      const { season } = scope;
      const { invitees, placement } = parseInput(inviteBody, ctx.request.body, 'invitation');
      const addresses = [...new Set(invitees.flatMap((row) => [row.email, row.partnerEmail ?? row.email]))];
      const [accounts, emails] = await Promise.all([
        accountsOf(addresses),
        store.emailsOfSeason(season.seasonId),
      ]);
      const result: z.infer<typeof invitedAnswer> = { invited: [], skipped: [] };
      const links: Array<{
        invitationId: string;
        email: string;
        fullName?: string;
        teamId: string;
        groupId: string;
      }> = [];
      const now = services.clock();
      const outcome = await services.commands.handle({
        companyId: season.companyId,
        actorId: scope.accountId,
        decider: seasonTeamsDecider,
        load: managersOnly(scope, (readModels) => seasonTeamsStateOf(readModels, season.seasonId)),
        name: 'InvitePlayers',
        // Screened against the state under the lock: who is in the season, who has an open invitation.
        command: (state): TeamCommand => {
          const { invite, skipped } = screenInvitees(
            invitees,
            state,
            takenPlayers(state, now),
            {
              teamSize: teamSizeOf(season.sportsCategory),
              accountOf: (email) => accounts.get(email),
              emailOf: (invitationId) => emails.get(invitationId),
            },
            now,
          );
          result.invited = [];
          result.skipped = skipped as Array<{ email: string; reason: SkipReason }>;
          links.length = 0;
          const invitations = invite.map((invitee) => {
            const invitationId = randomUUID();
            const teamId = randomUUID();
            const partnerInvitationId = invitee.partnerEmail ? randomUUID() : undefined;
            result.invited.push({ invitationId, email: invitee.email });
            links.push({
              invitationId,
              groupId: invitationId,
              email: invitee.email,
              teamId,
              ...(invitee.fullName ? { fullName: invitee.fullName } : {}),
            });
            if (partnerInvitationId) {
              links.push({
                invitationId: partnerInvitationId,
                groupId: invitationId,
                email: invitee.partnerEmail!,
                teamId,
              });
            }
            return { invitationId, teamId, ...(partnerInvitationId ? { partnerInvitationId } : {}) };
          });
          return { type: 'InvitePlayers', placement, invitations };
        },
        result,
      });
      await store.record(links, {
        companyId: season.companyId,
        seasonId: season.seasonId,
        invitedBy: scope.accountId,
        at: now,
      });
      const companyName = await companyNameOf(services.readModels, season.companyId);
      for (const { invitationId } of result.invited) {
        const group = links.filter((link) => link.groupId === invitationId);
        await mailGroup(
          ctx,
          group.map((link) => ({
            ...link,
            fullName: link.fullName ?? null,
            companyName: companyName ?? '',
            ladderName: season.ladderName,
            seasonName: season.seasonName,
          })) as ClubSeasonInvitation[],
        );
      }
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );

  api.get(
    `${SEASON}/invitations`,
    {
      summary: 'The season’s invitations, newest first',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      responses: { 200: invitationListSchema },
    },
    async (ctx) => {
      const { season } = seasonManagerScope(ctx);
      ctx.body = await store.listOfSeason(season.seasonId, services.clock());
    },
  );

  /** The invitee's invitation of this season (not a partner's link), else 404. */
  async function invitationOf(ctx: Context) {
    const scope = seasonManagerScope(ctx);
    const { invitationId } = parseInput(invitationParams, ctx.params, 'address');
    const group = await store.inviteeGroupOfSeason(scope.season.seasonId, invitationId);
    if (group.length === 0) throw new HttpError(404, 'No such invitation');
    return { scope, group };
  }

  api.post(
    `${SEASON}/invitations/:invitationId/resend`,
    {
      summary: 'Mail an open invitation again (the same link)',
      access: 'session',
      manager: 'season',
      params: invitationParams,
      responses: { 200: resentSchema },
      refusals: ['EXPIRED', 'USED', 'REVOKED'],
    },
    async (ctx) => {
      const { group } = await invitationOf(ctx);
      const now = services.clock();
      const open = group.filter(
        (link) =>
          closedInvitationCode({ state: link.state, expiresAt: link.expiresAt.toISOString() }, now) ===
          undefined,
      );
      if (open.length === 0) {
        const code = closedInvitationCode(
          { state: group[0]!.state, expiresAt: group[0]!.expiresAt.toISOString() },
          now,
        );
        throw new HttpError(
          409,
          'This invitation cannot be taken up any more',
          undefined,
          {},
          { reason: code ?? 'USED' },
        );
      }
      await mailGroup(ctx, open.length === group.length ? group : open);
      ctx.body = { invitationId: group[0]!.invitationId };
    },
  );

  api.delete(
    `${SEASON}/invitations/:invitationId`,
    {
      summary: 'Revoke an invitation (and its partner’s): the links answer 410 from then on',
      access: 'session',
      manager: 'season',
      params: invitationParams,
      responses: { 204: { description: 'Revoked' } },
      command: resentSchema,
      refusals: ['USED'],
    },
    async (ctx) => {
      const { scope, group } = await invitationOf(ctx);
      const invitationId = group[0]!.invitationId;
      const outcome = await services.commands.handle({
        companyId: scope.companyId,
        actorId: scope.accountId,
        decider: seasonTeamsDecider,
        load: managersOnly(scope, (readModels) => seasonTeamsStateOf(readModels, scope.season.seasonId)),
        command: { type: 'RevokeInvitation', invitationId },
        result: { invitationId },
      });
      if (outcome.status === 'projected') ctx.status = 204;
      else await answerCommand(ctx, outcome, { status: 200 });
    },
  );
}
