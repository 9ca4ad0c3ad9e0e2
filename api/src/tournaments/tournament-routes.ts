import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { bracketSides, matchIdsNeeded, type SideSlot } from '@courtside/events/tournaments/bracket';
import { americanoGamesNeeded, courtsInUse } from '@courtside/events/tournaments/club-night';
import {
  tournamentDecider,
  type TournamentActor,
  type TournamentCommand,
  type TournamentState,
} from '@courtside/events/tournaments/decider';
import type { TournamentDomainEvent } from '@courtside/events/tournaments/events';
import { leaderboard, nameOrder, talliesOf } from '@courtside/events/tournaments/leaderboard';
import { LIMITS, seedings, tournamentInputSchema } from '@courtside/events/tournaments/model';
import { companyNameOf, managesCompany } from '@courtside/projector/companies/queries';
import {
  companyOfTournament,
  drawMatchesOf,
  ownPartnerRequestsOf,
  playerNamesOf,
  tournamentOf,
  tournamentsOfCompany,
  tournamentStateOf,
  type TournamentView,
} from '@courtside/projector/tournaments/queries';
import { requireSession } from '../accounts/authentication.ts';
import { AccountStore } from '../accounts/account-store.ts';
import type { CommandOutcome } from '../commands/command-bus.ts';
import { CommandUnavailable } from '../commands/command-errors.ts';
import { answerCommand } from '../http/command-answer.ts';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { managerScope, managersOnly } from '../http/manager-access.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import {
  ownPartnerRequestSchema,
  tournamentGameSchema,
  tournamentSchema,
  tournamentSummarySchema,
  type TournamentAnswer,
} from './tournament-answers.ts';
import { dropTournamentName, keepTournamentName, tournamentNames } from './tournament-names.ts';
import {
  lateGameIds,
  playersOf,
  sendTournamentInvitation,
  TournamentInvitations,
} from './tournament-invitations.ts';
import { SYSTEM_ACTOR } from '../challenges/deadline-process.ts';
import {
  PARTNER_REQUESTS_PER_DAY,
  PartnerInvitations,
  withinPartnerRequestLimit,
} from '../teams/partner-invitations.ts';

const NO_TOURNAMENT = 'No such tournament';
const companyParams = z.object({ companyId: z.uuid('No such company') });
const tournamentParams = z.object({ tournamentId: z.uuid(NO_TOURNAMENT) });
const entryParams = tournamentParams.extend({ entryId: z.uuid('No such entry') });
const gameParams = tournamentParams.extend({ gameId: z.uuid('No such game') });
const listQuery = z.object({ companyId: z.uuid('Give the company’s id') });
const enterBody = z.object({
  partnerEmail: z
    .email('Enter your partner’s email address')
    .trim()
    .toLowerCase()
    .optional()
    .describe('a doubles knockout: the partner, who agrees first (DESIGN.md §9)'),
});
const addBody = z
  .object({
    accountId: z.uuid('Choose a player').optional(),
    email: z
      .email('Enter an email address')
      .trim()
      .toLowerCase()
      .optional()
      .describe('an invitation as DESIGN.md §9: the address is mailed a link; accepting enters that person'),
  })
  .refine((body) => (body.accountId === undefined) !== (body.email === undefined), {
    message: 'Give either accountId or email',
    path: ['accountId'],
  });
const drawBody = z.object({
  seeding: z.enum(seedings, 'Choose RATING, ENTRY or MANUAL'),
  order: z
    .array(z.uuid())
    .max(LIMITS.maxEntrants)
    .optional()
    .describe('MANUAL: every entry once, in seed order'),
});
const points = z.number('Enter a number').int('Enter a whole number').min(0, 'Enter 0 or more');
const scoreBody = z.object({ pointsA: points, pointsB: points });

const tournamentIdSchema = z.object({ tournamentId: z.uuid() });
const entryIdSchema = z.object({ entryId: z.uuid() });
const addedSchema = entryIdSchema.extend({
  invitationId: z
    .uuid()
    .optional()
    .describe('`{email}`: the invitation mailed; the entry forms when it is accepted'),
});
const roundSchema = z.object({ round: z.number().int() });
const gameIdSchema = z.object({ gameId: z.uuid() });

const freshIds = (count: number) => Array.from({ length: count }, () => randomUUID());

function payloadOf<T extends TournamentDomainEvent['type']>(outcome: CommandOutcome<object>, type: T) {
  return outcome.events.find((event) => event.type === type)?.payload as
    Extract<TournamentDomainEvent, { type: T }>['payload'] | undefined;
}

/** DESIGN.md §16: tournaments and club nights, under the spec's tournament group. */
export function tournamentRoutes(router: Router, services: AppServices): void {
  const api = documented(router, services.readModels);
  const db = services.readModels;
  const accounts = new AccountStore(services.db);
  const ADMIN = `${TOURNAMENT_ADMIN_API}/tournaments/:tournamentId`;
  const PUBLIC = `${TOURNAMENT_API}/tournaments/:tournamentId`;

  /** The tournament as its public answer shows it: names beside the log, the leaderboard folded from the results. */
  async function answerOf(view: TournamentView): Promise<TournamentAnswer> {
    const players = [...new Set(view.entries.flatMap((entry) => entry.memberIds))];
    const [names, tournamentName] = await Promise.all([
      playerNamesOf(db, players),
      tournamentNames(services.db, [view.nameId]),
    ]);
    const nameOf = (playerId: string) => names.get(playerId) ?? 'Player';
    const seedOf = new Map(view.order.map((entryId, index) => [entryId, index + 1]));
    const base = {
      tournamentId: view.tournamentId,
      companyId: view.companyId,
      name: tournamentName.get(view.nameId) ?? '',
      format: view.format,
      sportsCategory: view.sportsCategory,
      startsAt: view.startsAt,
      status: view.status,
      entrants: view.entries.length,
      entryMode: view.entryMode,
      maxEntrants: view.maxEntrants,
      courts: view.courts,
      pointsPerGame: view.pointsPerGame,
      entries: view.entries.map((entry) => {
        const seed = seedOf.get(entry.entryId);
        return {
          entryId: entry.entryId,
          members: entry.memberIds.map((playerId) => ({ playerId, name: nameOf(playerId) })),
          ...(seed === undefined ? {} : { seed }),
        };
      }),
    };
    if (view.format === 'KNOCKOUT') {
      if (!view.bracket) return base;
      const { winners } = await drawMatchesOf(db, view.tournamentId);
      const sides = bracketSides(view.bracket, winners);
      const known = (slot: SideSlot | undefined) => (slot === null || slot === 'none' || !slot ? null : slot);
      const byRound = (matches: ReadonlyArray<{ matchId: string; round: number; position: number }>) =>
        [...new Set(matches.map((match) => match.round))]
          .sort((a, b) => a - b)
          .map((round) => {
            const inRound = matches
              .filter((match) => match.round === round)
              .sort((a, b) => a.position - b.position);
            return {
              round,
              matchIds: inRound.map((match) => match.matchId),
              matches: inRound.map(({ matchId }) => ({
                matchId,
                sideA: known(sides.get(matchId)?.a),
                sideB: known(sides.get(matchId)?.b),
                ...(winners[matchId] ? { winner: winners[matchId] } : {}),
              })),
            };
          });
      const { plate } = view.bracket;
      return {
        ...base,
        draw: {
          rounds: byRound(view.bracket.matches),
          ...(plate ? { plate: { rounds: byRound(plate.matches) } } : {}),
        },
      };
    }
    const byName = [...players].sort((a, b) => nameOf(a).localeCompare(nameOf(b)) || (a < b ? -1 : 1));
    return {
      ...base,
      rounds: view.rounds.map((round) => ({
        round: round.round,
        games: round.games.map((game) => ({ ...game, ...(view.scores[game.gameId] ?? {}) })),
        sittingOut: round.sittingOut,
      })),
      leaderboard: leaderboard(players, talliesOf(view.rounds, view.scores), nameOrder(byName)).map(
        (row) => ({
          ...row,
          name: nameOf(row.playerId),
        }),
      ),
    };
  }

  async function requireTournament(tournamentId: string): Promise<TournamentView> {
    const view = await tournamentOf(db, tournamentId);
    if (!view) throw new HttpError(404, NO_TOURNAMENT);
    return view;
  }

  /** The tournament's answer once the read model shows the command (undefined while it does not yet). */
  const viewAfter = (tournamentId: string) => async () => {
    const view = await tournamentOf(db, tournamentId);
    return view && answerOf(view);
  };

  /** A manager's command on the tournament in the address, decided under the company's lock. */
  function asManager<T extends object>(
    ctx: Context,
    name: TournamentCommand['type'],
    command: (state: TournamentState) => TournamentCommand,
    result: T,
  ) {
    const scope = managerScope(ctx);
    const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
    return services.commands.handle({
      companyId: scope.companyId,
      actorId: scope.accountId,
      decider: tournamentDecider,
      load: managersOnly(scope, (readModels) => tournamentStateOf(readModels, tournamentId)),
      name,
      command,
      result,
    });
  }

  /** A signed-in person's command: a manager of the tournament's club acts as one, anyone else as a player. */
  async function asPerson<T extends object>(
    ctx: Context,
    name: TournamentCommand['type'],
    command: (state: TournamentState, by: TournamentActor) => TournamentCommand,
    result: T,
    /** Who the log names: the caller, or the system for an addressee's no (§9: nobody learns who was asked). */
    actorId?: string,
  ) {
    const { accountId } = requireSession(ctx);
    const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
    const companyId = await companyOfTournament(db, tournamentId);
    if (!companyId) throw new HttpError(404, NO_TOURNAMENT);
    // Who acts is asked under the lock, with the state (a manager removed meanwhile acts as a player).
    let by: TournamentActor = { role: 'player', accountId };
    return services.commands.handle({
      companyId,
      actorId: actorId ?? accountId,
      decider: tournamentDecider,
      load: async (readModels) => {
        const state = await tournamentStateOf(readModels, tournamentId);
        if (await managesCompany(readModels, accountId, companyId)) by = { role: 'manager' };
        return state;
      },
      name,
      command: (state) => command(state, by),
      result,
    });
  }

  api.post(
    `${TOURNAMENT_ADMIN_API}/companies/:companyId/tournaments`,
    {
      summary: 'Create a tournament or club night (KNOCKOUT, AMERICANO, MEXICANO)',
      description:
        'A knockout of singles or doubles sides (optional `plate`); a club night of individual players on ' +
        '`courts` courts, each game played to `pointsPerGame` points in total (default 24; 16–48, even). ' +
        'Americano: `rounds` (default N−1 at the draw).',
      access: 'session',
      manager: 'company',
      params: companyParams,
      body: tournamentInputSchema,
      responses: { 201: tournamentIdSchema },
      command: tournamentIdSchema,
      refusals: [],
    },
    async (ctx) => {
      const scope = managerScope(ctx);
      const { name, ...settings } = parseInput(tournamentInputSchema, ctx.request.body, 'tournament');
      const tournamentId = randomUUID();
      // The name is kept beside the log first; the event carries its id and SHA-256.
      const kept = await keepTournamentName(
        services.db,
        scope.companyId,
        scope.accountId,
        name,
        services.clock(),
      );
      try {
        const outcome = await services.commands.handle({
          companyId: scope.companyId,
          actorId: scope.accountId,
          decider: tournamentDecider,
          load: managersOnly(scope, (readModels) => tournamentStateOf(readModels, tournamentId)),
          command: {
            type: 'CreateTournament',
            tournamentId,
            companyId: scope.companyId,
            name: kept,
            settings: {
              format: settings.format,
              sportsCategory: settings.sportsCategory,
              startsAt: settings.startsAt,
              entries: settings.entries,
              maxEntrants: settings.maxEntrants,
              ...(settings.plate === undefined ? {} : { plate: settings.plate }),
              ...(settings.courts === undefined ? {} : { courts: settings.courts }),
              ...(settings.rounds === undefined ? {} : { rounds: settings.rounds }),
              ...(settings.pointsPerGame === undefined ? {} : { pointsPerGame: settings.pointsPerGame }),
            },
          },
          result: { tournamentId },
        });
        await answerCommand(ctx, outcome, { status: 201 });
      } catch (error) {
        // Refused, or surely not written: no event names the row. An append the log may have taken keeps it.
        const written = error instanceof CommandUnavailable && error.reason === 'append_unconfirmed';
        if (!written) await dropTournamentName(services.db, kept.id);
        throw error;
      }
    },
  );

  api.get(
    `${TOURNAMENT_API}/tournaments`,
    {
      summary: 'A club’s tournaments and club nights (public), soonest first',
      access: 'public',
      query: listQuery,
      responses: { 200: z.array(tournamentSummarySchema) },
      failures: { 404: 'No such company' },
    },
    async (ctx) => {
      const { companyId } = parseInput(listQuery, ctx.query, 'query');
      if ((await companyNameOf(db, companyId)) === undefined) throw new HttpError(404, 'No such company');
      const views = await tournamentsOfCompany(db, companyId);
      const names = await tournamentNames(
        services.db,
        views.map((view) => view.nameId),
      );
      ctx.body = views.map((view) => ({
        tournamentId: view.tournamentId,
        companyId: view.companyId,
        name: names.get(view.nameId) ?? '',
        format: view.format,
        sportsCategory: view.sportsCategory,
        startsAt: view.startsAt,
        status: view.status,
        entrants: view.entries.length,
      }));
    },
  );

  api.get(
    PUBLIC,
    {
      summary: 'A tournament with its entries, and its draw or its rounds and leaderboard (public)',
      access: 'public',
      params: tournamentParams,
      responses: { 200: tournamentSchema },
      failures: { 404: NO_TOURNAMENT },
    },
    async (ctx) => {
      const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
      ctx.body = await answerOf(await requireTournament(tournamentId));
    },
  );

  api.post(
    `${PUBLIC}/entries`,
    {
      summary: 'Enter a tournament (while it takes entries and its entries are OPEN)',
      description:
        'A club night or a singles knockout is entered alone (`partnerEmail` is a 400). A doubles knockout names ' +
        'the partner by `partnerEmail`: any well-formed address answers alike (201, with or without an account), ' +
        'the partner is mailed a link (DESIGN.md §9), and the side counts as an entry once the partner accepts; ' +
        'either may withdraw it, unanswered it lapses after 14 days. `409 FULL` at `maxEntrants`, `ENTERED` when ' +
        'the caller is entered already or waits for a partner, `CLOSED` after the draw or when only managers enter ' +
        'players.',
      access: 'session',
      params: tournamentParams,
      body: enterBody,
      responses: { 201: entryIdSchema },
      command: entryIdSchema,
      refusals: ['FULL', 'ENTERED', 'CLOSED'],
      failures: {
        404: NO_TOURNAMENT,
        429: `More than ${PARTNER_REQUESTS_PER_DAY} partner requests in 24 hours`,
      },
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      const { partnerEmail } = parseInput(enterBody, ctx.request.body ?? {}, 'entry');
      const entryId = randomUUID();
      if (partnerEmail !== undefined) {
        const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
        const me = await accounts.byId(accountId);
        await withinPartnerRequestLimit(new PartnerInvitations(db), accountId, services.clock());
        // DESIGN.md §9: the partner is not looked up; they are asked, and the side forms when they agree.
        const invitationId = randomUUID();
        const outcome = await asPerson(
          ctx,
          'RequestPartner',
          () => ({
            type: 'RequestPartner',
            accountId,
            entryId,
            invitationId,
            isRegistrant: partnerEmail === me?.email,
          }),
          { entryId },
        );
        const companyId = (await companyOfTournament(db, tournamentId))!;
        await sendTournamentInvitation(ctx, services, {
          invitationId,
          email: partnerEmail,
          companyId,
          tournamentId,
          entryId,
          invitedBy: { accountId, name: me?.fullName ?? '' },
          asPartner: true,
        });
        await answerCommand(ctx, outcome, { status: 201 });
        return;
      }
      const outcome = await asPerson(
        ctx,
        'Enter',
        // A manager entering themselves through this route enters as a player would.
        () => ({ type: 'Enter', by: { role: 'player', accountId }, entryId, memberIds: [accountId] }),
        { entryId },
      );
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );

  api.get(
    `${PUBLIC}/partner-requests`,
    {
      summary: 'The caller’s own partner requests for the tournament that wait for an answer',
      description:
        'Beyond DESIGN.md §16: what the caller asked by `partnerEmail` and the partner has not answered yet (at ' +
        'most one: a waiting request is the caller’s entry), with the address asked and when it lapses. Never ' +
        'another person’s request, nor one sent to the caller (its link answers that). `DELETE …/entries/{entryId}` ' +
        'withdraws it.',
      access: 'session',
      params: tournamentParams,
      responses: { 200: z.array(ownPartnerRequestSchema) },
      failures: { 404: NO_TOURNAMENT },
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
      if (!(await companyOfTournament(db, tournamentId))) throw new HttpError(404, NO_TOURNAMENT);
      ctx.body = await ownPartnerRequestsOf(db, tournamentId, accountId, services.clock());
    },
  );

  api.delete(
    `${PUBLIC}/entries/:entryId`,
    {
      summary: 'Withdraw an entry (a member of it, or a manager), before the draw',
      description:
        'An entry that waits for the partner’s answer: its registrant (or a manager) withdraws the request, the ' +
        'partner (signed in with the invited address) declines it.',
      access: 'session',
      params: entryParams,
      responses: { 204: { description: 'Withdrawn' } },
      command: entryIdSchema,
      refusals: ['CLOSED'],
      failures: { 403: 'Only its members and the club’s managers can withdraw it', 404: 'No such entry' },
    },
    async (ctx) => {
      const { tournamentId, entryId } = parseInput(entryParams, ctx.params, 'address');
      const me = await accounts.byId(requireSession(ctx).accountId);
      const pending = await new TournamentInvitations(db).ofEntry(tournamentId, entryId);
      const isAddressee = me !== undefined && me.verified && me.email === pending?.email;
      const declining = isAddressee && pending?.state === 'open' && pending.registrantId !== me.id;
      const outcome = await asPerson(
        ctx,
        'Withdraw',
        (_state, by) => ({ type: 'Withdraw', by, entryId, ...(isAddressee ? { isAddressee } : {}) }),
        { entryId },
        declining ? SYSTEM_ACTOR : undefined,
      );
      if (outcome.status === 'projected') ctx.status = 204;
      else await answerCommand(ctx, outcome, { status: 200 });
    },
  );

  api.post(
    `${ADMIN}/entries`,
    {
      summary:
        'Enter a player (a manager) by account, or invite one by email; after a club night’s draw, a late arrival',
      description:
        'Before the draw, whatever the tournament’s `entries`. After a club night’s draw the player plays from ' +
        'the next round not yet made or started; an Americano’s later rounds are made again around them. ' +
        '`{email}` is an invitation as DESIGN.md §9: the address is mailed a link (lasting 14 days, used once), ' +
        'and accepting it enters that person alone (a club night or a singles knockout; a doubles side is a 400).',
      access: 'session',
      manager: 'tournament',
      params: tournamentParams,
      body: addBody,
      responses: { 201: addedSchema },
      command: addedSchema,
      refusals: ['FULL', 'ENTERED', 'CLOSED'],
      failures: { 404: 'No such tournament, or no such account' },
    },
    async (ctx) => {
      const { accountId, email } = parseInput(addBody, ctx.request.body, 'entry');
      if (email !== undefined) {
        const scope = managerScope(ctx);
        const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
        const entryId = randomUUID();
        const invitationId = randomUUID();
        const outcome = await asManager(ctx, 'Invite', () => ({ type: 'Invite', entryId, invitationId }), {
          entryId,
          invitationId,
        });
        const manager = await accounts.byId(scope.accountId);
        await sendTournamentInvitation(ctx, services, {
          invitationId,
          email,
          companyId: scope.companyId,
          tournamentId,
          entryId,
          invitedBy: { accountId: scope.accountId, name: manager?.fullName ?? '' },
          asPartner: false,
        });
        await answerCommand(ctx, outcome, { status: 201 });
        return;
      }
      const account = await accounts.byId(accountId!);
      if (!account) throw new HttpError(404, 'No such account');
      const entryId = randomUUID();
      const outcome = await asManager(
        ctx,
        'Enter',
        (state) => ({
          type: 'Enter',
          by: { role: 'manager' },
          entryId,
          memberIds: [accountId!],
          gameIds: lateGameIds(state),
        }),
        { entryId },
      );
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );

  api.post(
    `${ADMIN}/draw`,
    {
      summary: 'Draw the tournament (again, while no result exists)',
      description:
        'Seeds by RATING (highest first, unrated after rated, then entry order), ENTRY or MANUAL (`order`). A ' +
        'knockout gets its bracket; an Americano all its rounds, a Mexicano its first round (by rating).',
      access: 'session',
      manager: 'tournament',
      params: tournamentParams,
      body: drawBody,
      responses: { 201: tournamentSchema },
      command: tournamentIdSchema,
      refusals: ['TOO_FEW', 'HAS_RESULTS', 'CLOSED'],
    },
    async (ctx) => {
      const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
      const { seeding, order } = parseInput(drawBody, ctx.request.body, 'draw');
      const outcome = await asManager(
        ctx,
        'Draw',
        (state) => {
          const sides = state.entries.length;
          const players = playersOf(state).length;
          const tournament = state.tournament;
          const rounds = tournament?.format === 'AMERICANO' ? (tournament.rounds ?? players - 1) : 1;
          return {
            type: 'Draw',
            seeding,
            ...(order ? { order } : {}),
            matchIds:
              tournament?.format === 'KNOCKOUT' ? freshIds(matchIdsNeeded(sides, tournament.plate)) : [],
            gameIds:
              tournament?.format === 'KNOCKOUT' || players < 4
                ? []
                : freshIds(americanoGamesNeeded(players, tournament?.courts ?? 1, 1, Math.max(rounds, 1))),
          };
        },
        { tournamentId },
      );
      await answerCommand(ctx, outcome, { status: 201, view: viewAfter(tournamentId) });
    },
  );

  api.post(
    `${ADMIN}/rounds`,
    {
      summary: 'Make a Mexicano’s next round, from the leaderboard',
      access: 'session',
      manager: 'tournament',
      params: tournamentParams,
      responses: { 201: roundSchema },
      command: roundSchema,
      refusals: ['ROUND_OPEN', 'CLOSED'],
    },
    async (ctx) => {
      const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
      const view = await requireTournament(tournamentId);
      const names = await playerNamesOf(
        db,
        view.entries.flatMap((entry) => entry.memberIds),
      );
      const byName = [...names.keys()].sort(
        (a, b) => names.get(a)!.localeCompare(names.get(b)!) || (a < b ? -1 : 1),
      );
      const outcome = await asManager(
        ctx,
        'NextRound',
        (state) => ({
          type: 'NextRound',
          gameIds: freshIds(courtsInUse(playersOf(state).length, state.tournament?.courts ?? 1)),
          byName,
        }),
        { round: 0 },
      );
      const round = payloadOf(outcome, 'TournamentRoundMade')?.round ?? 0;
      await answerCommand(ctx, { ...outcome, result: { round } }, { status: 201 });
    },
  );

  api.put(
    `${PUBLIC}/games/:gameId`,
    {
      summary: 'Enter or correct a club-night game’s result (a player of the game or a manager)',
      description:
        '`pointsA + pointsB` must be the tournament’s `pointsPerGame` (400 otherwise). A Mexicano’s result stays ' +
        'once the next round is made (`409 ROUND_CLOSED`).',
      access: 'session',
      params: gameParams,
      body: scoreBody,
      responses: { 200: tournamentGameSchema },
      command: gameIdSchema,
      refusals: ['ROUND_CLOSED', 'CLOSED'],
      failures: {
        403: 'Only the game’s players and the club’s managers can enter its result',
        404: 'No such game',
      },
    },
    async (ctx) => {
      const { tournamentId, gameId } = parseInput(gameParams, ctx.params, 'address');
      const { pointsA, pointsB } = parseInput(scoreBody, ctx.request.body, 'result');
      const outcome = await asPerson(
        ctx,
        'ScoreGame',
        (_state, by) => ({ type: 'ScoreGame', by, gameId, pointsA, pointsB }),
        { gameId },
      );
      await answerCommand(ctx, outcome, {
        status: 200,
        view: async () => {
          const view = await tournamentOf(db, tournamentId);
          const round = view?.rounds.find((r) => r.games.some((game) => game.gameId === gameId));
          const game = round?.games.find((g) => g.gameId === gameId);
          return game && { ...game, round: round!.round, ...(view!.scores[gameId] ?? {}) };
        },
      });
    },
  );

  api.post(
    `${ADMIN}/finish`,
    {
      summary: 'Finish the tournament: the final leaderboard or the winner stays',
      access: 'session',
      manager: 'tournament',
      params: tournamentParams,
      responses: { 200: tournamentSchema },
      command: tournamentIdSchema,
      refusals: ['NOT_DRAWN', 'CLOSED'],
    },
    async (ctx) => {
      const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
      const outcome = await asManager(ctx, 'Finish', () => ({ type: 'Finish' }), { tournamentId });
      await answerCommand(ctx, outcome, { status: 200, view: viewAfter(tournamentId) });
    },
  );

  api.delete(
    ADMIN,
    {
      summary: 'Delete a tournament, before its draw',
      access: 'session',
      manager: 'tournament',
      params: tournamentParams,
      responses: { 204: { description: 'Deleted' } },
      command: tournamentIdSchema,
      refusals: ['CLOSED'],
    },
    async (ctx) => {
      const { tournamentId } = parseInput(tournamentParams, ctx.params, 'address');
      const outcome = await asManager(ctx, 'Delete', () => ({ type: 'Delete' }), { tournamentId });
      if (outcome.status === 'projected') ctx.status = 204;
      else await answerCommand(ctx, outcome, { status: 200 });
    },
  );
}
