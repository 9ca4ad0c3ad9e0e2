import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  actorOf,
  matchDecider,
  type MatchCaller,
  type MatchCommand,
} from '@courtside/events/matches/decider';
import {
  halfScoredMessage,
  halfScoredSets,
  recalculate,
  sideScoreSchema,
} from '@courtside/events/matches/scoring';
import {
  loadMatchRows,
  loadMatches,
  toListItem,
  type MatchView,
  type MatchViewer,
  type MatchViewRow,
} from '@courtside/projector/matches/match-view';
import { sessionOf, requireSession } from '../accounts/authentication.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { answerCommand } from '../http/command-answer.ts';
import { CommandUnavailable } from '../commands/command-errors.ts';
import { dropDisputeReason, keepDisputeReason } from './dispute-reasons.ts';
import type { AppServices } from '../module.ts';
import { seasonContext } from '@courtside/projector/ladders/queries';
import { liveRoutes } from './live-routes.ts';
import { companiesManagedIds } from '@courtside/projector/companies/queries';
import {
  matchCompanyOf,
  matchContactsOf,
  matchIdsOf,
  matchStateOf,
  seasonMatchStateOf,
} from '@courtside/projector/matches/queries';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { LOCAL_DATE_TIME, LOCAL_DATE_TIME_HINT } from '@courtside/events/matches/match-dates';
import { documented } from '../http/documented-router.ts';
import { matchContactsSchema, matchListItemSchema, matchSchema } from './match-answers.ts';
import { MatchLocations, matchLocationInput } from './match-locations.ts';

const PAGE_SIZE = 20;
const CONTACTS_NOT_YOURS = 'Only the players of this match and the club’s managers can see contact details';

const flag = z.enum(['TRUE', 'true']).optional();
const listQuery = z.object({
  PAGE: z.coerce.number().int().min(0).max(10_000).default(0),
  TAGS: z
    .string()
    .optional()
    .transform(
      (tags) =>
        tags
          ?.split(',')
          .map((tag) => tag.trim())
          .filter(Boolean) ?? [],
    )
    .pipe(z.array(z.uuid('Each tag is the id of a ladder, season, team or player')).max(10)),
  OWN: flag,
  NOTCOMPLETED: flag,
  COMPLETED: flag,
});
const idParams = z.object({ id: z.uuid('No such match') });
const seasonParams = z.object({ seasonId: z.uuid('No such season') });
const matchIdSchema = z.object({ id: z.uuid() });
const newMatchSchema = z.object({ matchId: z.uuid() });
const localDateTime = z
  .string()
  .regex(LOCAL_DATE_TIME, LOCAL_DATE_TIME_HINT)
  .refine((value) => !Number.isNaN(new Date(`${value}:00`).getTime()), 'Not a real date and time');
const scoreFields = {
  id: z.uuid('No such match'),
  defender: sideScoreSchema,
  challenger: sideScoreSchema,
};
/** DESIGN.md §5: a set needs a score for both sides; the issue names the set and the side without one. */
function bothSidesScored(
  body: { defender: z.output<typeof sideScoreSchema>; challenger: z.output<typeof sideScoreSchema> },
  ctx: z.RefinementCtx,
) {
  for (const { order, missing } of halfScoredSets(body.defender, body.challenger)) {
    ctx.addIssue({
      code: 'custom',
      path: [missing, 'matchSets', order - 1, 'score'],
      message: halfScoredMessage(order),
    });
  }
}
const scoreBody = z.object(scoreFields).superRefine(bothSidesScored);
const saveBody = z
  .object({ ...scoreFields, date: localDateTime.nullable().optional(), location: matchLocationInput })
  .superRefine(bothSidesScored);
const disputeBody = z.object({
  reason: z
    .string('Say what is wrong with this result')
    .trim()
    .min(1, 'Say what is wrong with this result')
    .max(500, 'Use at most 500 characters'),
});
/** Two different teams, both active in the season: the match rules check it, under the lock. */
const newMatchBody = z.object({
  defenderId: z.uuid('Pick a defender'),
  challengerId: z.uuid('Pick a challenger'),
  location: matchLocationInput,
});

/** Spec §7 "Matches" and the admin `teams/match` route. */
export function matchRoutes(router: Router, services: AppServices): void {
  const api = documented(router);
  const db = services.readModels;
  const locations = new MatchLocations(db);

  async function viewerOf(ctx: Context): Promise<MatchViewer> {
    const session = sessionOf(ctx);
    if (!session || session.accessExpired) return {};
    return {
      accountId: session.accountId,
      managedCompanyIds: await companiesManagedIds(db, session.accountId),
    };
  }

  async function matchView(id: string, viewer: MatchViewer): Promise<MatchView> {
    const [item] = await loadMatches(db, [id], viewer);
    if (!item) throw new HttpError(404, 'No such match');
    return item.match;
  }

  /** The club of the match a command is about (it never changes): whose lock the command takes. */
  async function companyOfMatch(id: string): Promise<string> {
    const companyId = await matchCompanyOf(db, id);
    if (!companyId) throw new HttpError(404, 'No such match');
    return companyId;
  }

  /**
   * A command of the signed-in caller on one match, answered with the match. What the caller is to the match
   * (a manager of its club, a player of one side, or nothing) is loaded with it under the club's lock, and the
   * rules decide what it may do.
   */
  async function onMatch(ctx: Context, matchId: string, command: (by: MatchCaller) => MatchCommand) {
    const { accountId } = requireSession(ctx);
    const outcome = await services.commands.handle({
      companyId: await companyOfMatch(matchId),
      actorId: accountId,
      decider: matchDecider,
      load: (readModels) => matchStateOf(readModels, matchId, accountId),
      command: command({ role: 'account', accountId }),
      result: { id: matchId },
    });
    await answerCommand(ctx, outcome, {
      status: 200,
      view: async () => matchView(matchId, await viewerOf(ctx)),
    });
  }

  api.get(
    `${MATCHES_API}/matches`,
    {
      summary: 'A page of matches (20), filtered',
      description:
        '`TAGS`: ids of ladders, seasons, teams or players, comma-joined; a match matches every tag. `OWN=TRUE`: the ' +
        'caller’s matches. `COMPLETED=TRUE`: played or cancelled, newest first; `NOTCOMPLETED=TRUE`: planned, soonest first.',
      access: 'optional',
      query: listQuery,
      responses: { 200: z.array(matchListItemSchema) },
      failures: { 401: '`OWN=TRUE` without a session' },
    },
    async (ctx) => {
      const query = parseInput(listQuery, ctx.query, 'query');
      const viewer = await viewerOf(ctx);
      if (query.OWN && !viewer.accountId) throw new HttpError(401, 'Sign in to see your own matches');
      const own = query.OWN ? viewer.accountId : undefined;
      // The page's rows are the same for every caller (but for OWN=TRUE): kept until the read models change; each
      // caller's view is built on top. A signed-out visitor's whole answer is kept.
      const rows = () =>
        services.publicAnswers.value(`match rows ${JSON.stringify({ ...query, own })}`, async () => {
          const ids = await matchIdsOf(db, { ...query, own, pageSize: PAGE_SIZE });
          return loadMatchRows(db, ids);
        });
      const page = async () => (await rows()).map((row) => toListItem(row, viewer));
      if (sessionOf(ctx)) ctx.body = await page();
      else
        await services.publicAnswers.answer(ctx, `matches?${JSON.stringify(query)}`, page, {
          byAddress: true,
        });
    },
  );

  api.get(
    `${MATCHES_API}/matches/:id`,
    { summary: 'A match', access: 'optional', params: idParams, responses: { 200: matchSchema } },
    async (ctx) => {
      const { id } = parseInput(idParams, ctx.params, 'address');
      // The match's row is everyone's, kept until the read models change (an unknown id is not: a failed build is
      // never kept); the caller's view is built on top.
      const view = async (viewer: MatchViewer) => {
        const row = await services.publicAnswers.value<MatchViewRow>(`match row ${id}`, async () => {
          const [found] = await loadMatchRows(db, [id]);
          if (!found) throw new HttpError(404, 'No such match');
          return found;
        });
        return toListItem(row, viewer).match;
      };
      if (sessionOf(ctx)) ctx.body = await view(await viewerOf(ctx));
      else await services.publicAnswers.answer(ctx, `match ${id}`, () => view({}), { byAddress: true });
    },
  );

  api.put(
    `${MATCHES_API}/matches/recalculate`,
    {
      summary: 'The match as it would be with these scores (nothing is stored)',
      access: 'optional',
      body: scoreBody,
      responses: { 200: matchSchema },
    },
    async (ctx) => {
      const body = parseInput(scoreBody, ctx.request.body, 'match');
      const view = await matchView(body.id, await viewerOf(ctx));
      ctx.body = withScore(view, body.defender, body.challenger);
    },
  );

  api.put(
    `${MATCHES_API}/matches`,
    {
      summary: 'Save a match’s score, date and location',
      description:
        '`location` (DESIGN.md §9): one line, at most 100 characters; left out, it stays as it is; blank or null ' +
        'clears it. ' +
        'A player’s result waits for the other side’s confirmation when the season asks for it. Once confirmed ' +
        '(`RESULT_FINAL`) or disputed (`DISPUTED`), only a manager changes the scores. A set needs both sides’ games. ' +
        'A date stays inside the season: past its last day it moves to that day, keeping the time; a new date ' +
        'before its first day is `400` on `date`, and nothing of the save is kept. ' +
        'A knockout’s draw match (DESIGN.md §16): once its result counts the winner stands in the next match at ' +
        'once (made when both its sides are known); its winner cannot change once the next match is made ' +
        '(`ADVANCED`).',
      access: 'session',
      body: saveBody,
      responses: { 200: matchSchema },
      command: matchIdSchema,
      refusals: ['RESULT_FINAL', 'DISPUTED', 'ADVANCED'],
    },
    async (ctx) => {
      const body = parseInput(saveBody, ctx.request.body, 'match');
      const { id: matchId, defender, challenger, date } = body;
      const { accountId } = requireSession(ctx);
      // DESIGN.md §9: the location's text is kept beside the log; the event names its row.
      await locations.withLocation(
        { matchId, location: body.location, setBy: accountId, at: services.clock() },
        (locationId) =>
          onMatch(ctx, matchId, (by) => ({
            type: 'SaveMatch',
            matchId,
            defender,
            challenger,
            date,
            by,
            ...(locationId === undefined ? {} : { locationId }),
          })),
      );
    },
  );

  api.delete(
    `${MATCHES_API}/matches/:id/cancel`,
    {
      summary: 'Cancel a match (players: only while it has no result)',
      description: 'A knockout’s draw match is not cancelled (`IN_DRAW`): a walkover decides it.',
      access: 'session',
      params: idParams,
      responses: { 200: matchSchema },
      command: matchIdSchema,
      refusals: ['HAS_RESULT', 'IN_DRAW'],
    },
    async (ctx) => {
      const { id } = parseInput(idParams, ctx.params, 'address');
      await onMatch(ctx, id, (by) => ({ type: 'CancelMatch', matchId: id, by }));
    },
  );

  /** DESIGN.md §5: the other side confirms or disputes a player's result. */
  async function answerResult(ctx: Context, answer: 'ConfirmResult' | 'DisputeResult') {
    const { id } = parseInput(idParams, ctx.params, 'address');
    if (answer === 'ConfirmResult') return onMatch(ctx, id, (by) => ({ type: answer, matchId: id, by }));
    const { reason: text } = parseInput(disputeBody, ctx.request.body ?? {}, 'dispute');
    // The text is kept beside the log first; the event carries its id and SHA-256 (DESIGN.md §10).
    const reason = await keepDisputeReason(
      services.db,
      requireSession(ctx).accountId,
      text,
      services.clock(),
    );
    try {
      await onMatch(ctx, id, (by) => ({ type: answer, matchId: id, by, reason }));
    } catch (error) {
      // Refused, or surely not written: no event names the text. An append the log may have taken keeps it.
      const written = error instanceof CommandUnavailable && error.reason === 'append_unconfirmed';
      if (!written) await dropDisputeReason(services.db, reason.id);
      throw error;
    }
  }

  const answerDoc = {
    access: 'session',
    params: idParams,
    responses: { 200: matchSchema },
    command: matchIdSchema,
    refusals: ['NOT_PENDING'],
  } as const;
  api.post(
    `${MATCHES_API}/matches/:id/confirm`,
    { ...answerDoc, summary: 'The other side confirms a pending result' },
    (ctx) => answerResult(ctx, 'ConfirmResult'),
  );
  api.post(
    `${MATCHES_API}/matches/:id/dispute`,
    { ...answerDoc, summary: 'The other side disputes a pending result', body: disputeBody },
    (ctx) => answerResult(ctx, 'DisputeResult'),
  );

  api.get(
    `${MATCHES_API}/matches/:id/contactinfo`,
    {
      summary: 'The players’ contact details (for the match’s players and the club’s managers)',
      access: 'session',
      params: idParams,
      responses: { 200: matchContactsSchema },
    },
    async (ctx) => {
      const { id } = parseInput(idParams, ctx.params, 'address');
      const { accountId } = requireSession(ctx);
      // Who may see them is who may act on the match: what the match rules make of the loader's caller.
      const state = await matchStateOf(db, id, accountId);
      if (!state.match) throw new HttpError(404, 'No such match');
      if (!actorOf({ role: 'account', accountId }, state)) throw new HttpError(403, CONTACTS_NOT_YOURS);
      const rows = await matchContactsOf(db, id);
      const side = (which: 'defender' | 'challenger') =>
        rows
          .filter((member) => member.side === which)
          .map((member) => ({
            name: member.name,
            email: member.email,
            phoneNumber:
              member.cc && member.number ? { countryCode: member.cc, number: member.number } : null,
          }));
      ctx.body = { defender: side('defender'), challenger: side('challenger') };
    },
  );

  api.post(
    `${ADMIN_API}/seasons/:seasonId/teams/match`,
    {
      summary: 'Create a match between two active teams of the season',
      access: 'session',
      params: z.object({ seasonId: z.uuid() }),
      body: newMatchBody,
      responses: { 201: newMatchSchema },
      command: newMatchSchema,
      refusals: [],
    },
    async (ctx) => {
      const { accountId } = requireSession(ctx);
      const { seasonId } = parseInput(seasonParams, ctx.params, 'address');
      // The season's club, whose lock the command takes; whether the caller manages it is decided under the lock.
      const season = await seasonContext(db, seasonId);
      if (!season) throw new HttpError(404, 'No such season');
      const { defenderId, challengerId, location } = parseInput(newMatchBody, ctx.request.body, 'match');
      const matchId: string = randomUUID();
      const by: MatchCaller = { role: 'account', accountId };
      const outcome = await locations.withLocation(
        { matchId, location, setBy: accountId, at: services.clock() },
        (locationId) =>
          services.commands.handle({
            companyId: season.companyId,
            actorId: accountId,
            decider: matchDecider,
            load: (readModels) => seasonMatchStateOf(readModels, seasonId, accountId),
            command: {
              type: 'CreateMatch',
              matchId,
              defenderId,
              challengerId,
              by,
              ...(locationId ? { locationId } : {}),
            },
            result: { matchId },
          }),
        async () => null,
      );
      await answerCommand(ctx, outcome, { status: 201 });
    },
  );

  liveRoutes(router, services);
}

/** The match as it would be with these scores: the shared scoring rules decide winners and status. */
function withScore(
  view: MatchView,
  defender: z.input<typeof sideScoreSchema>,
  challenger: z.input<typeof sideScoreSchema>,
): MatchView {
  const scored = recalculate(defender, challenger, view.matchType);
  return {
    ...view,
    status: view.status === 'cancelled' ? 'cancelled' : scored.status,
    defender: {
      ...view.defender,
      matchSets: scored.defender.matchSets,
      winner: scored.defender.winner,
      special: scored.defender.special,
    },
    challenger: {
      ...view.challenger,
      matchSets: scored.challenger.matchSets,
      winner: scored.challenger.winner,
      special: scored.challenger.special,
    },
  };
}
