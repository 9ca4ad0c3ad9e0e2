import type Router from '@koa/router';
import { z } from 'zod';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { isoDay } from '@courtside/events/ladders/season-rules';
import { seasonTeamsWithBoxesDecider } from '@courtside/events/boxes/leaving';
import { companyDecider } from '@courtside/events/companies/decider';
import { seasonTeamsDecider } from '@courtside/events/teams/decider';
import { tournamentDecider, type TournamentCommand } from '@courtside/events/tournaments/decider';
import {
  companiesManagedIds,
  companiesSolelyManagedWithMembers,
  companyStateOf,
} from '@courtside/projector/companies/queries';
import {
  openPartnerRequestsOfAccount,
  openSeasonInvitationGroupsOfAccount,
  openTeamsOfAccount,
  seasonTeamsStateOf,
} from '@courtside/projector/teams/queries';
import {
  openTournamentInvitationsOfAccount,
  tournamentStateOf,
  undrawnEntriesOfAccount,
} from '@courtside/projector/tournaments/queries';
import { SYSTEM_ACTOR } from '../challenges/deadline-process.ts';
import { CommandRejected, CommandUnavailable } from '../commands/command-errors.ts';
import { seasonTeamsWithBoxesStateOf } from '@courtside/projector/boxes/queries';
import { unavailableSchema } from '../http/answers.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { documented } from '../http/documented-router.ts';
import type { AppServices } from '../module.ts';
import { ownedInvitationIds } from './account-addresses.ts';
import { eraseAccount } from './account-erasure.ts';
import { AccountStore } from './account-store.ts';
import { requireSession } from './authentication.ts';
import { checkCurrentPassword } from './current-password.ts';
import { RateLimiter } from './rate-limit.ts';
import { clearSessionCookies } from './sessions.ts';

const erasureSchema = z.object({ currentPassword: z.string().min(1, 'Enter your password').max(128) });
const lastManagerSchema = z.object({
  error: z.string(),
  reason: z.literal('LAST_MANAGER'),
  companyIds: z
    .array(z.uuid())
    .describe('The clubs of which the caller is the only manager and that have members'),
});

/** A `503` of an erasure: what was closed before it stays closed, and sending it again goes on from there. */
const NOT_ERASED_YET =
  'Your account is not erased yet: a club could not take one of its changes right now. Please try again shortly; ' +
  'it goes on from where it stopped.';

/** DESIGN.md §10 "Erasure": leaving Courtside without breaking the ladder. */
export function accountErasureRoutes(router: Router, services: AppServices): void {
  const accounts = new AccountStore(services.db);
  const limiter = new RateLimiter(services.db, services.clock);
  const api = documented(router);

  api.delete(
    `${ACCOUNT_API}/account`,
    {
      summary: 'Delete my account (erasure)',
      description:
        'Ends every session, revokes the calendar address and unsubscribe links, deletes notifications, preferences ' +
        'and mails, removes the teams from seasons not yet over (as a manager’s remove: leave date today, the ' +
        'positions close up), withdraws its open partner requests and season invitations, closes its open ' +
        'tournament partner requests and invitations (those it sent withdrawn, those sent to it declined), ' +
        'withdraws its entries of tournaments not drawn yet (a side with a partner as a whole; after the draw an ' +
        'entry stays), and erases name, email, phone and password. Everywhere the name was shown, others’ ' +
        'notifications and invitation lists too, it shows "Former player"; the email may sign up again as a new ' +
        'person.',
      access: 'session',
      body: erasureSchema,
      responses: { 204: { description: 'Erased; the session cookies are cleared' } },
      refusals: ['LAST_MANAGER'],
      failures: {
        403: 'The current password is not right',
        429: 'Too many wrong passwords for this account or from this address, as at sign-in (Retry-After)',
        409: {
          description: 'The caller is the only manager of a club with other members: add a manager first',
          schema: lastManagerSchema,
        },
        503: {
          description:
            'A club could not take one of the withdrawals now (`reason`, as a command’s): nothing personal is ' +
            'erased yet, and what was withdrawn stays so; sending it again goes on from there',
          schema: unavailableSchema,
        },
      },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const { currentPassword } = parseInput(erasureSchema, ctx.request.body, 'account deletion');
      const account = await accounts.byId(session.accountId);
      if (!account) throw new HttpError(401, 'Please sign in');
      await checkCurrentPassword(services, limiter, account, currentPassword, ctx.ip);
      const companyIds = await companiesSolelyManagedWithMembers(services.readModels, account.id);
      if (companyIds.length > 0) {
        throw new HttpError(
          409,
          'You are the only manager of a club with members: add another manager first',
          undefined,
          {},
          { reason: 'LAST_MANAGER', companyIds },
        );
      }
      try {
        // What is still open goes first, through the commands a player or manager sends (events with ids only): the
        // partner requests the person sent are withdrawn, those sent to an address of theirs declined, and a manager's
        // invitations of theirs not taken up by the whole team revoked, so nobody can enrol the erased account
        // (DESIGN.md §19 "Erasure"). One that closed meanwhile (lapsed, answered) is left as it is.
        const invitationIds = await ownedInvitationIds(services.db, account.id);
        const stillOpen = async (send: () => Promise<unknown>) => {
          try {
            await send();
          } catch (error) {
            if (!(error instanceof CommandRejected)) throw error;
          }
        };
        for (const request of await openPartnerRequestsOfAccount(
          services.readModels,
          account.id,
          invitationIds,
        )) {
          await stillOpen(() =>
            services.commands.handle({
              companyId: request.companyId,
              actorId: account.id,
              decider: seasonTeamsDecider,
              load: (readModels) => seasonTeamsStateOf(readModels, request.seasonId),
              command: {
                type: 'LeaveSeason',
                teamId: request.teamId,
                accountId: account.id,
                isAddressee: request.isAddressee,
              },
              result: { teamId: request.teamId },
            }),
          );
        }
        for (const group of await openSeasonInvitationGroupsOfAccount(
          services.readModels,
          account.id,
          invitationIds,
        )) {
          await stillOpen(() =>
            services.commands.handle({
              companyId: group.companyId,
              actorId: account.id,
              decider: seasonTeamsDecider,
              load: (readModels) => seasonTeamsStateOf(readModels, group.seasonId),
              command: { type: 'RevokeInvitation', invitationId: group.groupId },
              result: { invitationId: group.groupId },
            }),
          );
        }
        // A tournament's the same way (DESIGN.md §16 with §9): the partner requests the person sent are withdrawn, and
        // the partner requests and managers' invitations sent to an address of theirs declined, by the system as the
        // addressee's no always is there (nobody learns who was asked). Its link answers 410 from then on.
        for (const invitation of await openTournamentInvitationsOfAccount(
          services.readModels,
          account.id,
          invitationIds,
        )) {
          const command: TournamentCommand = invitation.isAddressee
            ? { type: 'DeclineInvitation', invitationId: invitation.invitationId }
            : {
                type: 'Withdraw',
                by: { role: 'player', accountId: account.id },
                entryId: invitation.entryId,
              };
          await stillOpen(() =>
            services.commands.handle({
              companyId: invitation.companyId,
              actorId: invitation.isAddressee ? SYSTEM_ACTOR : account.id,
              decider: tournamentDecider,
              load: (readModels) => tournamentStateOf(readModels, invitation.tournamentId),
              command,
              result: { entryId: invitation.entryId },
            }),
          );
        }
        // The teams leave then, through the commands a manager's remove sends (the log holds who asked: the account
        // itself, docs/decisions/history-and-erasure.md). A waiting team is turned down the same way. One that left
        // meanwhile (a step above answered before it was projected, read here as still open) is left as it is.
        const teams = await openTeamsOfAccount(services.readModels, account.id, isoDay(services.clock()));
        for (const team of teams) {
          await stillOpen(() =>
            services.commands.handle({
              companyId: team.companyId,
              actorId: account.id,
              // With the boxes: a removed team leaves its box too (DESIGN.md §19 "Box seasons").
              decider: seasonTeamsWithBoxesDecider,
              load: (readModels) => seasonTeamsWithBoxesStateOf(readModels, team.seasonId),
              command: { type: team.status === 'active' ? 'RemoveTeam' : 'RejectTeam', teamId: team.teamId },
              result: { teamId: team.teamId },
            }),
          );
        }
        // The entries of tournaments not drawn yet are withdrawn then, as the person's own withdrawal (DESIGN.md §16:
        // a side with a partner as a whole, so the partner may enter again). A drawn one stays in its bracket or rounds,
        // shown as "Former player"; one drawn or withdrawn meanwhile is refused and left as it is.
        for (const entry of await undrawnEntriesOfAccount(services.readModels, account.id)) {
          await stillOpen(() =>
            services.commands.handle({
              companyId: entry.companyId,
              actorId: account.id,
              decider: tournamentDecider,
              load: (readModels) => tournamentStateOf(readModels, entry.tournamentId),
              command: {
                type: 'Withdraw',
                by: { role: 'player', accountId: account.id },
                entryId: entry.entryId,
              },
              result: { entryId: entry.entryId },
            }),
          );
        }
        // A club with other managers keeps them and loses this one (ManagerRemoved, asked by the account itself). The
        // only manager of a club with no members stays its manager, erased: that club has nobody to run it (§15).
        for (const companyId of await companiesManagedIds(services.readModels, account.id)) {
          const company = await companyStateOf(services.readModels, companyId);
          if ((company.managers?.length ?? 0) < 2) continue;
          await services.commands.handle({
            companyId,
            actorId: account.id,
            decider: companyDecider,
            load: (readModels) => companyStateOf(readModels, companyId),
            command: { type: 'RemoveManager', accountId: account.id },
            result: { companyId },
          });
        }
      } catch (error) {
        // A club that could not take a step now: "nothing was changed" would not be true of what went before.
        if (error instanceof CommandUnavailable && error.reason !== 'append_unconfirmed')
          throw new CommandUnavailable(error.reason, NOT_ERASED_YET);
        throw error;
      }
      await eraseAccount(services.db, account.id, services.clock());
      // The kept public answers hold the name: this process builds them again now (others within their 5 s).
      services.publicAnswers.invalidate();
      clearSessionCookies(ctx, services.xsrfSecret);
      ctx.status = 204;
    },
  );
}
