import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { LADDER_API } from '@courtside/events/api-paths';
import { sportsCategorySchema } from '@courtside/events/ladders/model';
import { loadMatches } from '@courtside/projector/matches/match-view';
import {
  companyRatingsOf,
  playerNameOf,
  ratingChangesOf,
  resultsOf,
  versusOf,
} from '@courtside/projector/ratings/queries';
import { wasOnATeam } from '@courtside/projector/teams/queries';
import { documented } from '../http/documented-router.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import type { AppServices } from '../module.ts';
import { matchSchema } from '../matches/match-answers.ts';
import { playerSchema, ratingChangeSchema, streakOf, versusSchema } from './player-answers.ts';

/** The last confirmed matches a player page lists (DESIGN.md §15). */
const RECENT_MATCHES = 10;

const playerParams = z.object({ playerId: z.uuid('No such player') });
const versusParams = z.object({ a: z.uuid('No such player'), b: z.uuid('No such player') });
const ratingsQuery = z.object({
  companyId: z.uuid('companyId must be a company id'),
  sportsCategory: sportsCategorySchema,
});

/** DESIGN.md §11: the public player page's reads. Ratings are ids in the log; names are read beside it. */
export function playerRoutes(router: Router, services: AppServices): void {
  const db = services.readModels;
  const api = documented(router);

  /**
   * The same answer for every caller, kept until the read models change (a failed build, a 404, is never kept), and
   * answered by address before the route runs next time (http/public-answer-cache.ts).
   */
  const kept = (ctx: Context, key: string, build: () => Promise<unknown>) =>
    services.publicAnswers.answer(ctx, key, build, { byAddress: true });

  /**
   * DESIGN.md §19 "Player pages": an account that was never on a team (a manager who does not play, an unverified
   * account) is no player, answered like an id of no account, so the pages tell no one which ids have accounts.
   */
  async function requirePlayer(playerId: string): Promise<string> {
    const [name, played] = await Promise.all([playerNameOf(db, playerId), wasOnATeam(db, playerId)]);
    if (name === undefined || !played) throw new HttpError(404, 'No such player');
    return name;
  }

  api.get(
    `${LADDER_API}/players/:playerId`,
    {
      summary: 'A player: ratings per club and sports category, record, streak and recent matches',
      access: 'public',
      params: playerParams,
      responses: { 200: playerSchema },
      failures: {
        404:
          'No such player: an id of no account, or of an account that was never on a team (a manager who does ' +
          'not play, an unverified account), the same answer',
      },
    },
    async (ctx) => {
      const { playerId } = parseInput(playerParams, ctx.params, 'address');
      await kept(ctx, `player ${playerId}`, async () => {
        const name = await requirePlayer(playerId);
        const [companies, results] = await Promise.all([
          companyRatingsOf(db, playerId),
          resultsOf(db, playerId),
        ]);
        const won = results.filter((result) => result.won).length;
        return {
          playerId,
          name,
          companies,
          record: { played: results.length, won, lost: results.length - won, streak: streakOf(results) },
          recentMatchIds: results.slice(0, RECENT_MATCHES).map((result) => result.matchId),
        };
      });
    },
  );

  api.get(
    `${LADDER_API}/players/:playerId/ratings`,
    {
      summary:
        'How a player’s rating of one club and sports category moved, oldest first, each change explained',
      access: 'public',
      params: playerParams,
      query: ratingsQuery,
      responses: { 200: z.array(ratingChangeSchema) },
    },
    async (ctx) => {
      const { playerId } = parseInput(playerParams, ctx.params, 'address');
      const { companyId, sportsCategory } = parseInput(ratingsQuery, ctx.query, 'query');
      await kept(ctx, `player ratings ${playerId} ${companyId} ${sportsCategory}`, async () => {
        await requirePlayer(playerId);
        return ratingChangesOf(db, playerId, companyId, sportsCategory);
      });
    },
  );

  api.get(
    `${LADDER_API}/players/:a/versus/:b`,
    {
      summary: 'Head-to-head: the confirmed matches of two players against each other, newest first',
      access: 'public',
      params: versusParams,
      responses: { 200: versusSchema(matchSchema) },
    },
    async (ctx) => {
      const { a, b } = parseInput(versusParams, ctx.params, 'address');
      await kept(ctx, `player versus ${a} ${b}`, async () => {
        await Promise.all([requirePlayer(a), requirePlayer(b)]);
        const results = await versusOf(db, a, b);
        const matches = await loadMatches(
          db,
          results.map((result) => result.matchId),
        );
        const wonByA = results.filter((result) => result.wonByA).length;
        return {
          played: results.length,
          wonByA,
          wonByB: results.length - wonByA,
          matches: matches.map((item) => item.match),
        };
      });
    },
  );
}
