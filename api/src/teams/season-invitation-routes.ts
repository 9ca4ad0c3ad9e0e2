import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { teamSizeOf } from '@courtside/events/ladders/model';
import { seasonTeamsDecider, takenPlayers, type TeamCommand } from '@courtside/events/teams/decider';
import {
  closedInvitationCode,
  screenInvitees,
  skipReasons,
  type SkipReason,
} from '@courtside/events/teams/invitations';
import { seasonTeamsStateOf } from '@courtside/projector/teams/queries';
import { companyNameOf } from '@courtside/projector/companies/queries';
import { singleLineText } from '@courtside/events/text';
import { isEmailAddress } from '@courtside/events/email';
import { accountIdsByEmail } from '../accounts/account-store.ts';
import { answerCommand } from '../http/command-answer.ts';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { publicUrlOf } from '../http/public-url.ts';
import type { AppServices } from '../module.ts';
import {
  INVITATION_LIMIT,
  invitationLimitError,
  InvitationMailLimits,
} from '../mail/invitation-mail-limits.ts';
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
/**
 * An invitee's address as given: the rules skip one they do not take (`INVALID_EMAIL`, DESIGN.md §19), so that one
 * bad row never fails the others. Blank is no partner.
 */
const inviteeAddress = z
  .string('Give the address as text')
  .trim()
  .toLowerCase()
  .max(1000, 'Use at most 1000 characters')
  .describe('An email address; one the server does not take is skipped with reason `INVALID_EMAIL`');

const inviteBody = z.object({
  invitees: z
    .array(
      z.object({
        email: inviteeAddress,
        fullName: singleLineText().trim().max(100, 'Use at most 100 characters').optional(),
        partnerEmail: inviteeAddress.optional().transform((address) => address || undefined),
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
      email: z.string().optional().describe('Absent when the invitee was erased (DESIGN.md §19 "Erasure")'),
      fullName: z.string().optional().describe('"Former player" for an erased invitee'),
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
  const mailLimits = new InvitationMailLimits(services.db, services.clock);
  const limitFailure = {
    description:
      'DESIGN.md §17: the club has no invitation mails left for today (500 in 24 hours; nothing was made), ' +
      '`reason` `INVITATION_LIMIT`, `Retry-After` in seconds',
    schema: z.object({ error: z.string(), reason: z.literal(INVITATION_LIMIT) }),
  };

  /** The accounts of the given addresses (lower case), read beside the log before the lock. */
  const accountsOf = (emails: string[]) => accountIdsByEmail(services.readModels, emails);

  /** Mails each link that `mayMail` (the limits of DESIGN.md §17) lets through; a pair's mail names the partner. */
  async function mailGroup(ctx: Context, links: ClubSeasonInvitation[], mayMail: (email: string) => boolean) {
    for (const link of links) {
      if (!mayMail(link.email)) continue;
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
        '`placement` says. Rows that cannot be invited are `skipped` with a reason; an address the server does not ' +
        'take is `INVALID_EMAIL` and never fails the other rows.',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      body: inviteBody,
      responses: { 201: invitedAnswer },
      command: invitedAnswer,
      refusals: [],
      failures: { 429: limitFailure },
    },
    async (ctx) => {
      const scope = seasonManagerScope(ctx);
      const { season } = scope;
      const { invitees, placement } = parseInput(inviteBody, ctx.request.body, 'invitation');
      const addresses = [
        ...new Set(
          invitees
            .flatMap((row) => [row.email, row.partnerEmail ?? row.email])
            .filter(isEmailAddress)
            .map((address) => address.toLowerCase()),
        ),
      ];
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
      // DESIGN.md §17: every address the request may mail is counted first (a club past its 500 mails a day is
      // refused before anything is made); a person past 3 invitation mails a day is invited but not mailed.
      const teamSize = teamSizeOf(season.sportsCategory);
      const mayBeMailed = [
        ...new Set(
          invitees
            .flatMap((row) =>
              teamSize === 2 && row.partnerEmail ? [row.email, row.partnerEmail] : [row.email],
            )
            .filter(isEmailAddress),
        ),
      ];
      const reservation = await mailLimits.reserve(season.companyId, mayBeMailed, 'refuse');
      const outcome = await services.commands
        .handle({
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
                teamSize,
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
        })
        .catch(async (error: unknown) => {
          await reservation.release();
          throw error;
        });
      const invitedAddresses = new Set(links.map((link) => link.email));
      await reservation.release(mayBeMailed.filter((address) => !invitedAddresses.has(address)));
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
          reservation.mayMail,
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
      description:
        'A resend counts against the limits of DESIGN.md §17: `429 INVITATION_LIMIT` when the club has no mails ' +
        'left today or the invitee (both, for a pair) had 3 invitation mails in 24 hours.',
      access: 'session',
      manager: 'season',
      params: invitationParams,
      responses: { 200: resentSchema },
      refusals: ['EXPIRED', 'USED', 'REVOKED'],
      failures: { 429: limitFailure },
    },
    async (ctx) => {
      const { scope, group } = await invitationOf(ctx);
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
      const reservation = await mailLimits.reserve(
        scope.season.companyId,
        [...new Set(open.map((link) => link.email))],
        'refuse',
      );
      const mailed = open.filter((link) => reservation.mayMail(link.email));
      if (mailed.length === 0) {
        throw invitationLimitError(
          reservation.heldRetryAfterMs,
          'This address had its invitation mails for today: try again later',
        );
      }
      await mailGroup(ctx, open.length === group.length ? group : open, reservation.mayMail);
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
