import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import { ADMIN_API } from '@courtside/events/api-paths';
import { companyDecider, type CompanyCommand } from '@courtside/events/companies/decider';
import { companyNameOf, companyStateOf, managersOf } from '@courtside/projector/companies/queries';
import { AccountStore } from '../accounts/account-store.ts';
import { emailInput } from '../accounts/account-inputs.ts';
import { answerCommand } from '../http/command-answer.ts';
import { documented } from '../http/documented-router.ts';
import { parseInput } from '../http/parse.ts';
import { publicUrlOf } from '../http/public-url.ts';
import { managerScope, managersOnly, type ManagerScope } from '../http/manager-access.ts';
import type { AppServices } from '../module.ts';
import { INVITATION_LIMIT, InvitationMailLimits } from '../mail/invitation-mail-limits.ts';
import { invitationPage, invitationToken } from '../teams/partner-invitations.ts';
import { mailManagerInvitation, ManagerInvitations } from './manager-invitations.ts';

const COMPANY = `${ADMIN_API}/companies/:companyId`;
const companyParams = z.object({ companyId: z.uuid('No such company') });
const invitationParams = companyParams.extend({ invitationId: z.uuid('No such invitation') });
const managerParams = companyParams.extend({ accountId: z.uuid('No such manager') });
const inviteBody = z.object({ email: emailInput });
const managersSchema = z
  .object({
    managers: z.array(
      z.object({ accountId: z.uuid(), fullName: z.string(), email: z.string(), since: z.iso.datetime() }),
    ),
    invitations: z.array(
      z.object({
        invitationId: z.uuid(),
        email: z.string(),
        invitedAt: z.iso.datetime(),
        expiresAt: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'CompanyManagers' });
const invitationIdSchema = z.object({ invitationId: z.uuid() });
const accountIdSchema = z.object({ accountId: z.uuid() });

/** DESIGN.md §9 "Managers": list, invite, revoke an invitation, remove a manager (never the last). */
export function managerRoutes(router: Router, services: AppServices): void {
  const api = documented(router, services.readModels);
  const accounts = new AccountStore(services.db);
  const invitations = new ManagerInvitations(services.readModels);
  const mailLimits = new InvitationMailLimits(services.db, services.clock);
  const handle = (scope: ManagerScope, command: CompanyCommand, result: object) =>
    services.commands.handle({
      companyId: scope.companyId,
      actorId: scope.accountId,
      decider: companyDecider,
      load: managersOnly(scope, (readModels) => companyStateOf(readModels, scope.companyId)),
      command,
      result,
    });

  api.get(
    `${COMPANY}/managers`,
    {
      summary: 'The company’s managers and the open invitations to manage it',
      access: 'session',
      manager: 'company',
      params: companyParams,
      responses: { 200: managersSchema },
    },
    async (ctx) => {
      const { companyId } = managerScope(ctx);
      ctx.body = await managersOf(services.readModels, companyId, services.clock());
    },
  );

  api.post(
    `${COMPANY}/managers/invitations`,
    {
      summary: 'Invite someone to manage the company (mails a link)',
      access: 'session',
      manager: 'company',
      params: companyParams,
      body: inviteBody,
      responses: { 201: invitationIdSchema },
      command: invitationIdSchema,
      refusals: ['ALREADY_MANAGER'],
      failures: {
        429: {
          description:
            'DESIGN.md §17: the club has no invitation mails left for today (500 in 24 hours; nothing was made), ' +
            '`reason` `INVITATION_LIMIT`, `Retry-After` in seconds. An address that had 3 invitation mails in 24 ' +
            'hours is invited but not mailed.',
          schema: z.object({ error: z.string(), reason: z.literal(INVITATION_LIMIT) }),
        },
      },
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { email } = parseInput(inviteBody, ctx.request.body, 'invitation');
      const invitee = await accounts.byEmail(email);
      const invitationId = randomUUID();
      const now = services.clock();
      const reservation = await mailLimits.reserve(scope.companyId, [email], 'refuse');
      const outcome = await handle(
        scope,
        {
          type: 'InviteManager',
          invitationId,
          invitedBy: scope.accountId,
          ...(invitee ? { accountId: invitee.id } : {}),
        },
        { invitationId },
      ).catch(async (error: unknown) => {
        await reservation.release();
        throw error;
      });
      await invitations.record({
        invitationId,
        email,
        companyId: scope.companyId,
        invitedBy: scope.accountId,
        at: now,
      });
      const [companyName, me] = await Promise.all([
        companyNameOf(services.readModels, scope.companyId),
        accounts.byId(scope.accountId),
      ]);
      const token = invitationToken(services.invitationSecret, invitationId);
      // DESIGN.md §17: past 3 invitation mails a day the address is invited (pending) but not mailed.
      if (reservation.mayMail(email))
        await mailManagerInvitation(services.mailer, {
          email,
          companyName: companyName ?? '',
          invitedBy: me?.fullName ?? '',
          link: (locale) => publicUrlOf(ctx, services, invitationPage(locale, token)),
        }).catch((error: unknown) =>
          services.logger.warn({ err: error, invitationId }, 'manager invitation not mailed'),
        );
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );

  api.delete(
    `${COMPANY}/managers/invitations/:invitationId`,
    {
      summary: 'Revoke an invitation to manage the company: its link answers 410 from then on',
      access: 'session',
      manager: 'company',
      params: invitationParams,
      responses: { 204: { description: 'Revoked' } },
      command: invitationIdSchema,
      refusals: [],
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { invitationId } = parseInput(invitationParams, ctx.params, 'address');
      const outcome = await handle(
        scope,
        { type: 'RevokeManagerInvitation', invitationId },
        { invitationId },
      );
      if (outcome.status === 'projected') ctx.status = 204;
      else await answerCommand(ctx, outcome, { status: 200 });
    },
  );

  api.delete(
    `${COMPANY}/managers/:accountId`,
    {
      summary: 'Remove a manager (any manager, also yourself; never the last one)',
      description:
        'The open invitations to manage the company that this manager sent are revoked with it: their links answer 410 REVOKED.',
      access: 'session',
      manager: 'company',
      params: managerParams,
      responses: { 204: { description: 'Removed' } },
      command: accountIdSchema,
      refusals: ['LAST_MANAGER'],
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { accountId } = parseInput(managerParams, ctx.params, 'address');
      const outcome = await handle(scope, { type: 'RemoveManager', accountId }, { accountId });
      if (outcome.status === 'projected') ctx.status = 204;
      else await answerCommand(ctx, outcome, { status: 200 });
    },
  );
}
