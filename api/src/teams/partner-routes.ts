import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { isMinimalAccount } from '@courtside/events/accounts/minimal-account';
import { ACCOUNT_API, LADDER_API } from '@courtside/events/api-paths';
import { seasonTeamsWithBoxesDecider } from '@courtside/events/boxes/leaving';
import { closedRequestCode, seasonTeamsDecider, type TeamCommand } from '@courtside/events/teams/decider';
import { seasonTeamsWithBoxesStateOf } from '@courtside/projector/boxes/queries';
import { AccountStore, type StoredAccount } from '../accounts/account-store.ts';
import { requireSession } from '../accounts/authentication.ts';
import { SYSTEM_ACTOR } from '../challenges/deadline-process.ts';
import { CommandRejected } from '../commands/command-errors.ts';
import { answerCommand } from '../http/command-answer.ts';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { invitationAcceptedSchema, invitationSchema, teamIdSchema } from './team-answers.ts';
import { invitationIdOf, PartnerInvitations, type PartnerInvitation } from './partner-invitations.ts';
import { ClubSeasonInvitations, type ClubSeasonInvitation } from './season-invitations.ts';
import { ManagerInvitations } from '../companies/manager-invitations.ts';
import { companyDecider } from '@courtside/events/companies/decider';
import { companyStateOf } from '@courtside/projector/companies/queries';
import { closedInvitationCode } from '@courtside/events/teams/invitations';
import { seasonContext } from '@courtside/projector/ladders/queries';
import { seasonTeamsStateOf } from '@courtside/projector/teams/queries';
import { tournamentDecider, type TournamentCommand } from '@courtside/events/tournaments/decider';
import { closedInvitationReason, isOpen } from '@courtside/events/tournaments/invitations';
import { tournamentStateOf } from '@courtside/projector/tournaments/queries';
import {
  lateGameIds,
  TournamentInvitations,
  type TournamentInvitationView,
} from '../tournaments/tournament-invitations.ts';

const closedCodes = ['EXPIRED', 'USED', 'REVOKED'] as const;
/** DESIGN.md §9: the link's answer once it cannot be used (lapsed, answered, withdrawn). */
const goneFailure = {
  410: {
    description: 'The invitation lapsed (`EXPIRED`), was answered (`USED`) or withdrawn (`REVOKED`)',
    schema: z.object({ error: z.string(), reason: z.enum(closedCodes) }),
  },
};
const NO_REQUEST = 'No such partner request';

/**
 * DESIGN.md §9 "Partners agree first": the named partner accepts or declines (in the app or by the mailed link),
 * either player withdraws, and a member leaves a season.
 */
export function partnerRoutes(router: Router, services: AppServices): void {
  const api = documented(router);
  const accounts = new AccountStore(services.db);
  const invitations = new PartnerInvitations(services.readModels);
  const clubInvitations = new ClubSeasonInvitations(services.readModels);
  const managerInvitations = new ManagerInvitations(services.readModels);
  const tournamentInvitations = new TournamentInvitations(services.readModels);

  /** Whether the signed-in account is the one the request was sent to: its confirmed address is the invited one. */
  const isAddressee = (me: StoredAccount, invitation: PartnerInvitation | undefined) =>
    invitation !== undefined && me.verified && me.email === invitation.email;

  async function signedIn(ctx: Context): Promise<StoredAccount> {
    const me = await accounts.byId(requireSession(ctx).accountId);
    if (!me) throw new HttpError(401, 'Sign in first');
    return me;
  }

  /** The teams command, under the season's company lock; the addressee's no is recorded by the system (§9). */
  async function run(
    ctx: Context,
    invitation: Pick<PartnerInvitation, 'companyId' | 'seasonId' | 'teamId'>,
    command: TeamCommand,
    actorId: string,
    result: object,
  ) {
    const base = { companyId: invitation.companyId, actorId, command, result };
    // A team that leaves leaves its box too (DESIGN.md §19 "Box seasons"): that command is decided with the boxes.
    return command.type === 'LeaveSeason'
      ? services.commands.handle({
          ...base,
          decider: seasonTeamsWithBoxesDecider,
          load: (readModels) => seasonTeamsWithBoxesStateOf(readModels, invitation.seasonId),
        })
      : services.commands.handle({
          ...base,
          decider: seasonTeamsDecider,
          load: (readModels) => seasonTeamsStateOf(readModels, invitation.seasonId),
        });
  }

  async function answer(
    ctx: Context,
    invitation: PartnerInvitation,
    accept: boolean,
    me?: StoredAccount,
    result: object = { seasonId: invitation.seasonId, teamId: invitation.teamId },
  ) {
    const { teamId } = invitation;
    const command: TeamCommand =
      accept && me
        ? {
            type: 'AnswerPartnerRequest',
            teamId,
            accept: true,
            partner: { accountId: me.id, complete: isMinimalAccount(me) },
          }
        : { type: 'AnswerPartnerRequest', teamId, accept: false };
    return run(ctx, invitation, command, accept && me ? me.id : SYSTEM_ACTOR, result);
  }

  const teamParams = z.object({ teamId: z.uuid(NO_REQUEST) });
  const answerBody = z.object({ accept: z.boolean('Say whether you accept: true or false') });
  api.post(
    `${LADDER_API}/teams/:teamId/partner`,
    {
      summary: 'The named partner accepts or declines a partner request',
      description:
        'Accepted, the team waits for the club’s approval; declined, it does not form and nothing of the partner ' +
        'is recorded. Only the account with the invited address (confirmed) may answer.',
      access: 'session',
      params: teamParams,
      body: answerBody,
      responses: { 200: teamIdSchema },
      command: teamIdSchema,
      refusals: closedCodes,
    },
    async (ctx) => {
      const me = await signedIn(ctx);
      const { teamId } = parseInput(teamParams, ctx.params, 'address');
      const { accept } = parseInput(answerBody, ctx.request.body, 'answer');
      const invitation = await invitations.byTeam(teamId);
      if (!invitation || !isAddressee(me, invitation)) throw new HttpError(404, NO_REQUEST);
      await answerCommand(ctx, await answer(ctx, invitation, accept, me, { teamId }), { status: 200 });
    },
  );

  const leaveParams = z.object({ seasonId: z.uuid('No such season'), teamId: z.uuid('No such team') });
  api.delete(
    `${LADDER_API}/seasons/:seasonId/teams/:teamId`,
    {
      summary: 'Leave a season: withdraw or decline a partner request, or leave a waiting or active team',
      description:
        'A team leaves as by a manager’s remove: its leave date is today and the positions close up.',
      access: 'session',
      params: leaveParams,
      responses: { 200: teamIdSchema },
      command: teamIdSchema,
      refusals: closedCodes,
    },
    async (ctx) => {
      const me = await signedIn(ctx);
      const { seasonId, teamId } = parseInput(leaveParams, ctx.params, 'address');
      const season = await seasonContext(services.readModels, seasonId);
      if (!season) throw new HttpError(404, 'No such season');
      const invitation = await invitations.byTeam(teamId);
      const addressee = isAddressee(me, invitation) && invitation?.seasonId === seasonId;
      // The addressee's no names nobody (DESIGN.md §9): the club's history must not learn who was asked.
      const declining = addressee && invitation?.state === 'open';
      const outcome = await run(
        ctx,
        { companyId: season.companyId, seasonId, teamId },
        { type: 'LeaveSeason', teamId, accountId: me.id, isAddressee: addressee },
        declining ? SYSTEM_ACTOR : me.id,
        { teamId },
      );
      await answerCommand(ctx, outcome, { status: 200 });
    },
  );

  const tokenParams = z.object({ token: z.string().min(1).max(200) });
  /** The invitation id a token names (undefined for anything else). */
  function idOf(ctx: Context): string | undefined {
    const { token } = parseInput(tokenParams, ctx.params, 'address');
    return invitationIdOf(services.invitationSecret, token);
  }
  /**
   * The partner request a token names (404 unknown). Whether it can still be answered is the team rules' to say,
   * under the lock (`asGone`); the link's page asks `stillOpen`.
   */
  async function invitationOf(ctx: Context): Promise<PartnerInvitation> {
    const id = idOf(ctx);
    const invitation = id ? await invitations.byId(id) : undefined;
    if (!invitation) throw new HttpError(404, 'No such invitation');
    return invitation;
  }
  /**
   * The link of any kind (DESIGN.md §9 "The link"): a partner request, a manager's season invitation, a co-manager's
   * invitation, or a tournament's (§16: a partner's request or a manager's invitation).
   */
  async function linkOf(ctx: Context) {
    const id = idOf(ctx);
    const partner = id ? await invitations.byId(id) : undefined;
    if (partner) return { partner };
    const club = id ? await clubInvitations.byId(id) : undefined;
    if (club) return { club };
    const tournament = id ? await tournamentInvitations.byId(id) : undefined;
    if (tournament) return { tournament };
    const manager = id ? await managerInvitations.byId(id) : undefined;
    if (!manager) throw new HttpError(404, 'No such invitation');
    return { manager };
  }
  function tournamentStillOpen(invitation: TournamentInvitationView): TournamentInvitationView {
    if (!isOpen(invitation, services.clock())) throw gone(closedInvitationReason(invitation));
    return invitation;
  }
  /** A tournament's invitation decided under the company's lock: accepted by the caller, or declined by the system. */
  function tournamentCommand(invitation: TournamentInvitationView, accountId?: string) {
    const { invitationId, tournamentId, entryId } = invitation;
    return services.commands
      .handle({
        companyId: invitation.companyId,
        actorId: accountId ?? SYSTEM_ACTOR,
        decider: tournamentDecider,
        load: (readModels) => tournamentStateOf(readModels, tournamentId),
        name: accountId ? 'AcceptInvitation' : 'DeclineInvitation',
        command: (state): TournamentCommand =>
          accountId
            ? { type: 'AcceptInvitation', invitationId, accountId, gameIds: lateGameIds(state) }
            : { type: 'DeclineInvitation', invitationId },
        result: { tournamentId, entryId },
      })
      .catch(asGone);
  }
  /** What the link's page shows of an invitation that cannot be answered any more: 410 with why. */
  function stillOpen(invitation: PartnerInvitation): PartnerInvitation {
    const open = invitation.state === 'open' && invitation.lapsesAt.getTime() > services.clock().getTime();
    if (!open) throw gone(closedRequestCode(invitation.state));
    return invitation;
  }
  function clubStillOpen<T extends Pick<ClubSeasonInvitation, 'state' | 'expiresAt'>>(invitation: T): T {
    const closed = closedInvitationCode(
      { state: invitation.state, expiresAt: invitation.expiresAt.toISOString() },
      services.clock(),
    );
    if (closed) throw gone(closed);
    return invitation;
  }
  const gone = (reason: string) =>
    new HttpError(410, 'This invitation cannot be answered any more', undefined, {}, { reason });
  /** A refusal found under the lock (answered meanwhile, lapsed) answers as the link does: 410 with why. */
  const asGone = (error: unknown) => {
    if (
      error instanceof CommandRejected &&
      closedCodes.includes(error.rejection.code as (typeof closedCodes)[number])
    ) {
      throw gone(error.rejection.code!);
    }
    throw error;
  };

  /** A season invitation's link answer, from the club (§9 invitations) or from a partner (§9 "Partners agree first"). */
  async function seasonLinkAnswer(
    invitation: Pick<
      PartnerInvitation,
      'companyName' | 'ladderName' | 'seasonName' | 'email' | 'invitedBy' | 'seasonId' | 'ladderId' | 'teamId'
    >,
    lapsesAt: Date,
    from: 'club' | 'partner',
  ) {
    const account = await accounts.byEmail(invitation.email);
    return {
      kind: 'season' as const,
      companyName: invitation.companyName,
      ladderName: invitation.ladderName,
      seasonName: invitation.seasonName,
      email: invitation.email,
      accountExists: account !== undefined,
      invitedBy: invitation.invitedBy,
      seasonId: invitation.seasonId,
      ladderId: invitation.ladderId,
      teamId: invitation.teamId,
      lapsesAt: lapsesAt.toISOString(),
      from,
    };
  }

  /** The link's answer about a club (a co-manager's invitation) or a club's tournament. */
  async function companyLinkAnswer(
    invitation: { companyName: string; companyId: string; email: string; invitedBy: string },
    lapsesAt: Date,
    from: 'club' | 'partner',
  ) {
    const account = await accounts.byEmail(invitation.email);
    return {
      companyName: invitation.companyName,
      companyId: invitation.companyId,
      email: invitation.email,
      accountExists: account !== undefined,
      invitedBy: invitation.invitedBy,
      lapsesAt: lapsesAt.toISOString(),
      from,
    };
  }

  api.get(
    `${ACCOUNT_API}/invitations/:token`,
    {
      summary: 'What an invitation link is about (public: the link proves the address)',
      access: 'public',
      personal: true,
      params: tokenParams,
      responses: { 200: invitationSchema },
      failures: goneFailure,
    },
    async (ctx) => {
      const link = await linkOf(ctx);
      if (link.tournament) {
        const invitation = tournamentStillOpen(link.tournament);
        ctx.body = {
          kind: 'tournament',
          ...(await companyLinkAnswer(
            invitation,
            new Date(invitation.lapsesAt),
            invitation.registrantId ? 'partner' : 'club',
          )),
          tournamentName: invitation.tournamentName,
          tournamentId: invitation.tournamentId,
        };
        return;
      }
      if (link.manager) {
        const invitation = clubStillOpen(link.manager);
        ctx.body = {
          kind: 'manager',
          ...(await companyLinkAnswer(invitation, invitation.expiresAt, 'club')),
        };
        return;
      }
      if (link.club) {
        const invitation = clubStillOpen(link.club);
        ctx.body = {
          ...(await seasonLinkAnswer(invitation, invitation.expiresAt, 'club')),
          ...(invitation.fullName ? { fullName: invitation.fullName } : {}),
        };
        return;
      }
      const invitation = stillOpen(link.partner);
      ctx.body = await seasonLinkAnswer(invitation, invitation.lapsesAt, 'partner');
    },
  );

  api.post(
    `${ACCOUNT_API}/invitations/:token/accept`,
    {
      summary: 'Accept an invitation as the invited account',
      description:
        '403 `{reason: "WRONG_ACCOUNT"}` when the caller’s address is not the invited one. A manager’s season ' +
        'invitation forms the team (with the partner, once both accepted), waiting or active as the manager chose. ' +
        'A tournament’s (DESIGN.md §16) enters the caller: with the partner who asked, or alone when a manager ' +
        'invited; `409 FULL`, `ENTERED` or `CLOSED` as an entry would.',
      access: 'session',
      params: tokenParams,
      responses: { 200: invitationAcceptedSchema },
      command: invitationAcceptedSchema,
      refusals: ['ALREADY_IN_SEASON', 'ALREADY_MANAGER', 'FULL', 'ENTERED', 'CLOSED'],
      failures: {
        ...goneFailure,
        403: {
          description:
            '`WRONG_ACCOUNT`: the caller’s address is not the invited one; without `reason`: confirm the address ' +
            'first, or complete the account (name and phone)',
          schema: z.object({ error: z.string(), reason: z.enum(['WRONG_ACCOUNT']).optional() }),
        },
      },
    },
    async (ctx) => {
      const me = await signedIn(ctx);
      const link = await linkOf(ctx);
      const email = (link.club ?? link.manager ?? link.tournament ?? link.partner).email;
      if (me.email !== email) {
        throw new HttpError(
          403,
          'This invitation is for another address',
          undefined,
          {},
          { reason: 'WRONG_ACCOUNT' },
        );
      }
      if (!me.verified) throw new HttpError(403, 'Confirm your email address first');
      if (link.partner) {
        await answerCommand(ctx, await answer(ctx, link.partner, true, me).catch(asGone), { status: 200 });
        return;
      }
      if (link.tournament) {
        await answerCommand(ctx, await tournamentCommand(link.tournament, me.id), { status: 200 });
        return;
      }
      if (link.manager) {
        const { companyId, invitationId } = link.manager;
        const added = await services.commands
          .handle({
            companyId,
            actorId: me.id,
            decider: companyDecider,
            load: (readModels) => companyStateOf(readModels, companyId),
            command: { type: 'AcceptManagerInvitation', invitationId, accountId: me.id },
            result: { companyId },
          })
          .catch(asGone);
        await answerCommand(ctx, added, { status: 200 });
        return;
      }
      const { club } = link;
      const outcome = await services.commands
        .handle({
          companyId: club.companyId,
          actorId: me.id,
          decider: seasonTeamsDecider,
          load: (readModels) => seasonTeamsStateOf(readModels, club.seasonId),
          command: {
            type: 'AcceptInvitation',
            invitationId: club.invitationId,
            account: { accountId: me.id, complete: isMinimalAccount(me) },
          },
          result: { seasonId: club.seasonId, teamId: club.teamId },
        })
        .catch(asGone);
      await answerCommand(ctx, outcome, { status: 200 });
    },
  );

  api.post(
    `${ACCOUNT_API}/invitations/:token/decline`,
    {
      summary:
        'Decline a partner’s request or a tournament’s invitation (no sign-in: the link proves the address)',
      access: 'public',
      personal: true,
      params: tokenParams,
      responses: { 200: invitationAcceptedSchema },
      command: invitationAcceptedSchema,
      refusals: [],
      failures: goneFailure,
    },
    async (ctx) => {
      const id = idOf(ctx);
      const tournament = id ? await tournamentInvitations.byId(id) : undefined;
      // The addressee's no names nobody (DESIGN.md §9): recorded by the system.
      if (tournament) {
        await answerCommand(ctx, await tournamentCommand(tournament), { status: 200 });
        return;
      }
      const invitation = await invitationOf(ctx);
      await answerCommand(ctx, await answer(ctx, invitation, false).catch(asGone), { status: 200 });
    },
  );
}
