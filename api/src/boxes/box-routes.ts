import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { boxesDecider, type BoxesCommand, type BoxesState } from '@courtside/events/boxes/decider';
import type { BoxEvent } from '@courtside/events/boxes/events';
import { boxMovements, closeInputSchema, drawInputSchema } from '@courtside/events/boxes/model';
import { boxTable, leftAtTheBottom } from '@courtside/events/boxes/rules';
import { formatSet, recalculate } from '@courtside/events/matches/scoring';
import { ADMIN_API, LADDER_API } from '@courtside/events/api-paths';
import {
  boxesOf,
  boxesStateOf,
  boxMatchesOf,
  boxMovesOf,
  boxSeasonOf,
  boxSidesOf,
} from '@courtside/projector/boxes/queries';
import type { CommandOutcome } from '../commands/command-bus.ts';
import { answerCommand } from '../http/command-answer.ts';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { managersOnly, seasonManagerScope } from '../http/manager-access.ts';

const seasonParams = z.object({ seasonId: z.uuid('No such season') });

const drawnSchema = z
  .object({
    boxes: z.array(z.object({ boxId: z.uuid(), number: z.number().int(), teamIds: z.array(z.uuid()) })),
  })
  .meta({ id: 'BoxesDrawn' });
const movementSchema = z.enum(boxMovements);
const closedSchema = z
  .object({
    positions: z.array(
      z.object({
        teamId: z.uuid().describe('the side’s team in the next season'),
        position: z.number().int(),
        fromTeamId: z.uuid().describe('beyond DESIGN.md §12: the side’s team in the closed season'),
        fromBox: z
          .number()
          .int()
          .optional()
          .describe('beyond DESIGN.md §12: the side’s box in the closed season; absent for a side in no box'),
        movement: movementSchema
          .optional()
          .describe('beyond DESIGN.md §12: up a box, down a box or stays; absent for a side in no box'),
      }),
    ),
  })
  .meta({ id: 'BoxesClosed' });
const boxRowSchema = z.object({
  teamId: z.uuid(),
  members: z.array(
    z.object({
      playerId: z.uuid().describe('beyond DESIGN.md §12: for the link to the player’s page (§19)'),
      fullName: z.string(),
    }),
  ),
  left: z
    .boolean()
    .describe(
      'DESIGN.md §19: the side left the season after the draw; its row stays at the bottom, its matches without ' +
        'a result are cancelled and its played results stay in the others’ rows',
    ),
  played: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  setsFor: z.number().int(),
  setsAgainst: z.number().int(),
  gamesFor: z.number().int(),
  gamesAgainst: z.number().int(),
  points: z.number().int(),
  movement: movementSchema
    .nullable()
    .describe(
      'beyond DESIGN.md §12: once the season is closed, where the side went (UP a box, DOWN a box, STAYS in its ' +
        'box); null before the close and for a side that left',
    ),
  cameFrom: z
    .object({
      seasonId: z.uuid().describe('the box season closed into this one'),
      box: z.number().int().nullable().describe('the side’s box there'),
      movement: movementSchema.nullable().describe('how it moved at that close'),
    })
    .nullable()
    .describe(
      'beyond DESIGN.md §12: in a season a box season was closed into, where the side came from; null otherwise',
    ),
});
const boxesSchema = z
  .array(
    z.object({
      boxId: z.uuid(),
      number: z.number().int(),
      closedInto: z
        .uuid()
        .nullable()
        .describe('beyond DESIGN.md §12: the season this box season was closed into; null while it is not'),
      rows: z
        .array(boxRowSchema)
        .describe(
          'by points, set difference, game difference, the match between them; the sides that left at the bottom',
        ),
      matchIds: z.array(z.uuid()),
      matches: z
        .array(
          z.object({
            matchId: z.uuid(),
            defenderId: z.uuid(),
            challengerId: z.uuid(),
            status: z.enum(['planned', 'completed', 'retired', 'walkover', 'cancelled']),
            winnerId: z.uuid().nullable(),
            score: z.string().describe('the sets as people read them ("6-4 7-6(5) [10-8]"); empty without'),
            counts: z
              .boolean()
              .describe('the result is confirmed (a pending or disputed one does not count yet)'),
          }),
        )
        .describe('beyond DESIGN.md §12: the box’s matches, for its page'),
    }),
  )
  .meta({ id: 'Boxes' });

/** Fresh ids for what a command will create. */
const freshIds = (count: number) => Array.from({ length: count }, () => randomUUID());

/** The payload of the command's event of `type`, where the answer comes from (the decider made it). */
function payloadOf<T extends BoxEvent['type']>(outcome: CommandOutcome<object>, type: T) {
  return outcome.events.find((event) => event.type === type)!.payload as Extract<
    BoxEvent,
    { type: T }
  >['payload'];
}

/** DESIGN.md §12: drawing a box season's boxes, closing it into the next season, and its public box tables. */
export function boxRoutes(router: Router, services: AppServices): void {
  const api = documented(router, services.readModels);
  const db = services.readModels;
  const SEASON = `${ADMIN_API}/seasons/:seasonId/boxes`;

  /** A command of the season's manager on its boxes, decided against the state loaded under the company's lock. */
  async function handle(
    ctx: Context,
    name: BoxesCommand['type'],
    command: (state: BoxesState) => BoxesCommand,
    nextSeasonId?: string,
  ) {
    const scope = seasonManagerScope(ctx);
    return services.commands.handle({
      companyId: scope.companyId,
      actorId: scope.accountId,
      decider: boxesDecider,
      load: managersOnly(scope, (readModels) =>
        boxesStateOf(readModels, scope.season.seasonId, nextSeasonId),
      ),
      name,
      command,
      result: {},
    });
  }

  api.post(
    `${SEASON}/draw`,
    {
      summary: 'Draw the boxes of a box season (every pairing of each box gets a planned match)',
      description:
        'The active sides by position or rating fill box 1, 2, … of the season’s box size; when the last box would ' +
        'have fewer than 3, the sides are spread over one box less (boxes differ by at most one). A new draw ' +
        'replaces the boxes and cancels their matches, until a box match has a result (`409 HAS_RESULTS`).',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      body: drawInputSchema,
      responses: { 201: drawnSchema },
      command: drawnSchema,
      refusals: ['NOT_BOX', 'HAS_RESULTS', 'TOO_FEW_SIDES'],
    },
    async (ctx) => {
      const { by } = parseInput(drawInputSchema, ctx.request.body, 'request');
      const outcome = await handle(ctx, 'DrawBoxes', (state) => ({
        type: 'DrawBoxes',
        by,
        boxIds: freshIds(state.teams.length),
        // A box has at most size + 2 (≤ 10) sides: at most 4.5 matches per side.
        matchIds: freshIds(state.teams.length * 5),
      }));
      const boxes = payloadOf(outcome, 'BoxesDrawn').boxes.map(({ boxId, number, teamIds }) => ({
        boxId,
        number,
        teamIds,
      }));
      await answerCommand(ctx, { ...outcome, result: { boxes } }, { status: 201 });
    },
  );

  api.post(
    `${SEASON}/close`,
    {
      summary: 'Close a box season into the next season, with promotion and relegation',
      description:
        'The next season (same ladder, later, no matches yet) gets the sides as active teams, box by box in table ' +
        'order, the top `promote` of each box but the first up a box and the bottom `relegate` of each but the last ' +
        'down. A side whose players already form a team there keeps that team.',
      access: 'session',
      manager: 'season',
      params: seasonParams,
      body: closeInputSchema,
      responses: { 200: closedSchema },
      command: closedSchema,
      refusals: ['NOT_BOX', 'NO_BOXES', 'NOT_NEXT_SEASON', 'HAS_MATCHES', 'IN_NEXT_SEASON'],
    },
    async (ctx) => {
      const { nextSeasonId } = parseInput(closeInputSchema, ctx.request.body, 'request');
      const outcome = await handle(
        ctx,
        'CloseBoxes',
        (state) => ({ type: 'CloseBoxes', nextSeasonId, teamIds: freshIds(state.teams.length) }),
        nextSeasonId,
      );
      const { positions } = payloadOf(outcome, 'BoxesClosed');
      await answerCommand(ctx, { ...outcome, result: { positions } }, { status: 200 });
    },
  );

  api.get(
    `${LADDER_API}/seasons/:seasonId/boxes`,
    {
      summary: 'A box season’s boxes with their tables and matches (public)',
      description: 'An empty list before the draw, and for a ladder season.',
      access: 'public',
      params: seasonParams,
      responses: { 200: boxesSchema },
    },
    async (ctx) => {
      const { seasonId } = parseInput(seasonParams, ctx.params, 'address');
      await services.publicAnswers.answer(
        ctx,
        `boxes ${seasonId}`,
        async () => {
          const season = await boxSeasonOf(db, seasonId);
          if (!season) throw new HttpError(404, 'No such season');
          const boxes = await boxesOf(db, seasonId);
          const matches = await boxMatchesOf(
            db,
            boxes.flatMap((box) => box.matchIds),
          );
          const sides = await boxSidesOf(
            db,
            boxes.flatMap((box) => box.teamIds),
          );
          const left = new Set([...sides].filter(([, side]) => side.left).map(([teamId]) => teamId));
          const moves = await boxMovesOf(db, seasonId);
          const live = matches.filter((match) => !match.cancelled);
          return boxes.map((box) => ({
            boxId: box.boxId,
            number: box.number,
            closedInto: moves.closedInto,
            rows: leftAtTheBottom(
              boxTable(
                box.teamIds,
                live.filter((match) => box.matchIds.includes(match.matchId)),
                season.box,
                season.matchType,
              ),
              left,
            ).map((row) => ({
              ...row,
              members: sides.get(row.teamId)?.members ?? [],
              movement: moves.went.get(row.teamId) ?? null,
              cameFrom: moves.cameFrom.get(row.teamId) ?? null,
            })),
            matchIds: box.matchIds,
            matches: box.matchIds.flatMap((matchId) => {
              const match = matches.find((candidate) => candidate.matchId === matchId);
              if (!match) return [];
              const scored = recalculate(match.defender, match.challenger, season.matchType);
              const ids = { defender: match.defenderId, challenger: match.challengerId };
              return [
                {
                  matchId,
                  defenderId: match.defenderId,
                  challengerId: match.challengerId,
                  status: match.cancelled ? ('cancelled' as const) : scored.status,
                  winnerId: scored.winner && !match.cancelled ? ids[scored.winner] : null,
                  score: scored.defender.matchSets
                    .map((set, index) => formatSet(set, scored.challenger.matchSets[index]!))
                    .filter((set) => set !== '--')
                    .join(' '),
                  counts: match.counts && !match.cancelled,
                },
              ];
            }),
          }));
        },
        { byAddress: true },
      );
    },
  );
}
