import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { ACCOUNT_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { matchesPagePath, webAddress } from '@courtside/events/page-paths';
import { requireSession } from '../accounts/authentication.ts';
import { HttpError } from '../http/http-error.ts';
import { parseInput } from '../http/parse.ts';
import { publicUrlOf } from '../http/public-url.ts';
import type { AppServices } from '../module.ts';
import { publicLadderOf } from '@courtside/projector/ladders/queries';
import { calendarFeed } from './calendar-feed.ts';
import {
  accountFeedMatches,
  ladderFeedMatches,
  type FeedMatch,
} from '@courtside/projector/matches/calendar-queries';
import { CalendarFeeds } from './calendar-tokens.ts';
import { FeedCache } from './feed-cache.ts';
import { documented } from '../http/documented-router.ts';
import { readPreferences } from '../notifications/notification-store.ts';

const feed = {
  contentType: 'text/calendar',
  description: 'An iCalendar 2.0 feed: one VEVENT per dated match',
} as const;

/** The address of an account's personal feed: `api/v1/calendar/{token}.ics` in the matches group. */
const personalFeedPath = (token: string) => `${MATCHES_API}/calendar/${token}.ics`;

/** The absolute `calendarUrl` of `GET account` (DESIGN.md §6). */
export async function calendarUrlOf(ctx: Context, services: AppServices, accountId: string): Promise<string> {
  const feeds = new CalendarFeeds(services.db, services.calendarSecret, services.clock);
  return publicUrlOf(ctx, services, personalFeedPath(await feeds.tokenFor(accountId)));
}

/** The personal feed's name in each mail language. */
const personalFeedNames = { en: 'Courtside: my matches', nl: 'Courtside: mijn wedstrijden' } as const;

const ladderParams = z.object({ ladderId: z.uuid('No such ladder') });

/** DESIGN.md §6 "Feeds": the personal feed, its renewal, and the public feed of each ladder. */
export function calendarRoutes(router: Router, services: AppServices): void {
  const feeds = new CalendarFeeds(services.db, services.calendarSecret, services.clock);
  const db = services.readModels;
  const matchUrl = (ctx: Context, language: string) => (matchId: string) =>
    publicUrlOf(ctx, services, webAddress(matchesPagePath(language, { match: matchId })));

  const cache = new FeedCache();
  /** The feed of these matches under this name and address, written once while they stay the same. */
  // The cache key's name is in the feed's language, so feeds in two languages are never mixed up.
  const feedText = (ctx: Context, name: string, matches: FeedMatch[], language = 'en') =>
    cache.textFor({ name, base: publicUrlOf(ctx, services, ''), matches }, () =>
      calendarFeed(matches, { name, matchUrl: matchUrl(ctx, language) }),
    );
  const api = documented(router);

  function answerFeed(ctx: Context, text: string, visibility: 'public' | 'private', fileName: string) {
    ctx.type = 'text/calendar; charset=utf-8';
    // Calendars poll; with the ETag they get a 304 while nothing changed. A personal feed is kept by nobody on the
    // way (its route is `personal`: no-store); a ladder's may be, for 5 minutes.
    if (visibility === 'public') ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('Content-Disposition', `inline; filename="${fileName}"`);
    if (visibility === 'private') ctx.set('X-Robots-Tag', 'noindex');
    ctx.body = text;
  }

  api.get(
    `${MATCHES_API}/calendar/:file`,
    {
      summary: 'The player’s own matches as a calendar feed (`{token}.ics`, from `calendarUrl`)',
      access: 'public',
      personal: true,
      params: z.object({ file: z.string().describe('`{token}.ics`') }),
      responses: { 200: feed },
    },
    async (ctx) => {
      const found = /^(.+)\.ics$/.exec(String(ctx.params.file));
      const accountId = found ? await feeds.accountOf(found[1]!) : undefined;
      // A token is a secret: one that is wrong, malformed or renewed since is simply unknown.
      if (!accountId) throw new HttpError(404, 'No such calendar: renew its address on your account');
      // In the account's language (its mail language, DESIGN.md §6): the feed's name and its links to the matches.
      const [matches, { language }] = await Promise.all([
        accountFeedMatches(db, accountId),
        readPreferences(services, accountId),
      ]);
      const text = feedText(ctx, personalFeedNames[language], matches, language);
      answerFeed(ctx, text, 'private', 'my-matches.ics');
    },
  );

  api.post(
    `${ACCOUNT_API}/account/calendar/renew`,
    {
      summary: 'A new address for the personal calendar feed (the old one then answers 404)',
      access: 'session',
      responses: { 200: z.object({ calendarUrl: z.url() }) },
    },
    async (ctx) => {
      const session = requireSession(ctx);
      const token = await feeds.renew(session.accountId);
      ctx.body = { calendarUrl: publicUrlOf(ctx, services, personalFeedPath(token)) };
    },
  );

  api.get(
    `${LADDER_API}/ladders/:ladderId/calendar.ics`,
    {
      summary: 'A ladder’s dated matches as a calendar feed',
      access: 'public',
      params: ladderParams,
      responses: { 200: feed },
    },
    async (ctx) => {
      const { ladderId } = parseInput(ladderParams, ctx.params, 'address');
      const ladder = await publicLadderOf(db, ladderId);
      if (!ladder) throw new HttpError(404, 'No such ladder');
      const matches = await ladderFeedMatches(db, ladderId);
      answerFeed(ctx, feedText(ctx, `${ladder.name} (Courtside)`, matches), 'public', 'ladder.ics');
    },
  );
}
