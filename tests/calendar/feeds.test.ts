import { describe, expect, it } from 'vitest';
import { conditionalGet } from '../support/conditional-get.ts';
import { courtsideForTests, startTestCourtside } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day, seasonWithTeams } from '../support/ladder-setup.ts';
import {
  ACCOUNT_API,
  ADMIN_API,
  LADDER_API,
  MATCHES_API,
  PREFERENCES_PATH,
} from '@courtside/events/api-paths';
import { parseFeed, type Feed, type FeedEvent } from './parse-feed.ts';

const noScore = { matchSets: [], special: 'none' };

/**
 * DESIGN.md §6 "Feeds": the personal feed (GET account's calendarUrl, renewable) and the public feed of a ladder,
 * read back with a real iCalendar parser (ical.js) as a calendar app that subscribed would read them.
 */
describe('calendar feeds', () => {
  const courtside = courtsideForTests();

  /** A season of `players` teams and a match between the first two, dated when `date` is given. */
  async function ladderWithMatch(players = 3, date?: string) {
    const setup = await seasonWithTeams(courtside.url, players);
    const matchId = await newMatch(setup, 0, 1, date);
    return { ...setup, matchId };
  }

  async function newMatch(
    setup: Awaited<ReturnType<typeof seasonWithTeams>>,
    defender: number,
    challenger: number,
    date?: string,
  ): Promise<string> {
    const created = await setup.manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
      { defenderId: setup.teams[defender]!.teamId, challengerId: setup.teams[challenger]!.teamId },
    );
    expect(created.status).toBe(201);
    if (date) await reschedule(setup.teams[defender]!.http, created.body.matchId, date);
    return created.body.matchId;
  }

  async function reschedule(http: HttpClient, id: string, date: string | null) {
    const saved = await http.json<{ date: string | null }>('PUT', `${MATCHES_API}/matches`, {
      id,
      date,
      defender: noScore,
      challenger: noScore,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.date).toBe(date);
  }

  async function calendarUrlOf(http: HttpClient): Promise<string> {
    const account = await http.json<{ calendarUrl: string }>('GET', `${ACCOUNT_API}/account`);
    expect(account.status).toBe(200);
    return account.body.calendarUrl;
  }

  /** Fetches a feed by its absolute address, with no cookies: a calendar app has no session. */
  async function feedAt(url: string): Promise<Feed> {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    return parseFeed(await response.text());
  }

  const ladderFeed = (ladderId: string) =>
    feedAt(`${courtside.url}${LADDER_API}/ladders/${ladderId}/calendar.ics`);
  const eventOf = (feed: Feed, matchId: string): FeedEvent | undefined =>
    feed.events.find((event) => event.uid === matchId);

  it('gives the signed-in account an absolute feed address that shows its own dated matches, 2 hours in local time', async () => {
    const { teams, matchId } = await ladderWithMatch(3, `${day(10)}T19:30`);
    const calendarUrl = await calendarUrlOf(teams[0]!.http);

    expect(calendarUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+${MATCHES_API}/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    expect(await calendarUrlOf(teams[0]!.http)).toBe(calendarUrl);
    const feed = await feedAt(calendarUrl);
    expect(feed.version).toBe('2.0');
    expect(feed.events).toHaveLength(1);
    expect(feed.events[0]).toMatchObject({
      uid: matchId,
      status: 'CONFIRMED',
      start: `${day(10)}T19:30:00`,
      end: `${day(10)}T21:30:00`,
      floating: true,
      summary: 'Sam Server – Sam Server',
    });
    expect(feed.events[0]!.url).toMatch(new RegExp(`/webapps/matches/en/\\?match=${matchId}$`));
  });

  it('gives a Dutch account its feed in Dutch: its name, and links to the Dutch match page', async () => {
    const { teams, matchId } = await ladderWithMatch(2, `${day(12)}T18:00`);
    const dutch = teams[0]!.http;
    expect((await dutch.json('PUT', PREFERENCES_PATH, { language: 'nl', mail: {} })).status).toBe(200);
    const feed = await feedAt(await calendarUrlOf(dutch));
    expect(feed.name).toBe('Courtside: mijn wedstrijden');
    expect(eventOf(feed, matchId)!.url).toMatch(new RegExp(`/webapps/matches/nl/\\?match=${matchId}$`));
    // The other player, in English, gets the same match in English.
    const english = await feedAt(await calendarUrlOf(teams[1]!.http));
    expect(english.name).toBe('Courtside: my matches');
    expect(eventOf(english, matchId)!.url).toMatch(new RegExp(`/webapps/matches/en/\\?match=${matchId}$`));
  });

  it('moves a rescheduled match under the same UID with a higher SEQUENCE, in the personal and the ladder feed', async () => {
    const { teams, matchId, ladderId } = await ladderWithMatch(2, `${day(10)}T19:30`);
    const calendarUrl = await calendarUrlOf(teams[1]!.http);
    const before = eventOf(await feedAt(calendarUrl), matchId)!;
    const ladderBefore = eventOf(await ladderFeed(ladderId), matchId)!;

    await reschedule(teams[1]!.http, matchId, `${day(12)}T08:15`);

    const after = eventOf(await feedAt(calendarUrl), matchId)!;
    const ladderAfter = eventOf(await ladderFeed(ladderId), matchId)!;
    expect(before.start).toBe(`${day(10)}T19:30:00`);
    expect(after).toMatchObject({ uid: matchId, start: `${day(12)}T08:15:00`, end: `${day(12)}T10:15:00` });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(ladderAfter).toEqual(after);
    expect(ladderBefore).toEqual(before);

    // Saving the same date again changes nothing a calendar sees: the SEQUENCE stays.
    await reschedule(teams[1]!.http, matchId, `${day(12)}T08:15`);
    expect(eventOf(await feedAt(calendarUrl), matchId)!.sequence).toBe(after.sequence);
  });

  it('keeps a cancelled match as CANCELLED with a higher SEQUENCE, and drops a match whose date is cleared', async () => {
    const setup = await ladderWithMatch(3, `${day(5)}T18:00`);
    const { teams, matchId, ladderId } = setup;
    const other = await newMatch(setup, 1, 2, `${day(6)}T18:00`);
    const calendarUrl = await calendarUrlOf(teams[1]!.http);
    const before = eventOf(await feedAt(calendarUrl), matchId)!;

    const cancelled = await teams[0]!.http.json('DELETE', `${MATCHES_API}/matches/${matchId}/cancel`);
    expect(cancelled.status).toBe(200);
    await reschedule(teams[2]!.http, other, null);

    const feed = await feedAt(calendarUrl);
    expect(eventOf(feed, matchId)).toMatchObject({ status: 'CANCELLED', start: before.start });
    expect(eventOf(feed, matchId)!.sequence).toBeGreaterThan(before.sequence);
    expect(eventOf(feed, other)).toBeUndefined();
    expect(eventOf(await ladderFeed(ladderId), matchId)!.status).toBe('CANCELLED');
  });

  it('shows a player only their own matches, and a ladder only its own', async () => {
    const setup = await ladderWithMatch(3, `${day(3)}T10:00`);
    const { teams, matchId, ladderId } = setup;
    const notMine = await newMatch(setup, 1, 2, `${day(4)}T10:00`);
    const undated = await newMatch(setup, 0, 2);
    const elsewhere = await ladderWithMatch(2, `${day(3)}T11:00`);

    const mine = await feedAt(await calendarUrlOf(teams[0]!.http));
    const ladder = await ladderFeed(ladderId);

    expect(mine.events.map((event) => event.uid)).toEqual([matchId]);
    expect(mine.events.map((event) => event.uid)).not.toContain(undated);
    expect(ladder.events.map((event) => event.uid).sort()).toEqual([matchId, notMine].sort());
    expect(ladder.events.map((event) => event.uid)).not.toContain(elsewhere.matchId);
    expect(ladder.name).toBe('Club Ladder (Courtside)');
    const theirs = await feedAt(await calendarUrlOf(elsewhere.teams[0]!.http));
    expect(theirs.events.map((event) => event.uid)).toEqual([elsewhere.matchId]);
    // A new account's feed is an empty calendar, not an error.
    const newcomer = (await seasonWithTeams(courtside.url, 1)).teams[0]!.http;
    expect((await feedAt(await calendarUrlOf(newcomer))).events).toEqual([]);
  });

  it('renews the personal address: the old one answers 404, the new one the same matches', async () => {
    const { teams, matchId } = await ladderWithMatch(2, `${day(8)}T20:00`);
    const http = teams[0]!.http;
    const oldUrl = await calendarUrlOf(http);

    const renewed = await http.json<{ calendarUrl: string }>('POST', `${ACCOUNT_API}/account/calendar/renew`);

    expect(renewed.status).toBe(200);
    expect(renewed.body.calendarUrl).not.toBe(oldUrl);
    expect(await calendarUrlOf(http)).toBe(renewed.body.calendarUrl);
    expect((await fetch(oldUrl)).status).toBe(404);
    expect((await feedAt(renewed.body.calendarUrl)).events.map((event) => event.uid)).toEqual([matchId]);
    // The other player's address is their own and is not touched.
    expect((await fetch(await calendarUrlOf(teams[1]!.http))).status).toBe(200);
    // Renewing needs the session and the anti-forgery token.
    const anonymous = courtside.client();
    expect((await anonymous.json('POST', `${ACCOUNT_API}/account/calendar/renew`)).status).toBe(401);
    const forged = await fetch(`${courtside.url}${ACCOUNT_API}/account/calendar/renew`, {
      method: 'POST',
      headers: { cookie: `SESSION-ID=${http.cookie('SESSION-ID')}` },
    });
    expect(forged.status).toBe(403);
    expect(await calendarUrlOf(http)).toBe(renewed.body.calendarUrl);
  });

  it('answers a calendar that asks again with a 304 while nothing changed, and with the new text after a change', async () => {
    const { teams, matchId } = await ladderWithMatch(2, `${day(9)}T09:00`);
    const calendarUrl = await calendarUrlOf(teams[0]!.http);
    const first = await conditionalGet(calendarUrl);
    expect(first.status).toBe(200);
    expect(first.etag).toBeTruthy();

    // What a calendar app sends when it polls: its copy's ETag.
    expect((await conditionalGet(calendarUrl, first.etag)).status).toBe(304);
    await reschedule(teams[0]!.http, matchId, `${day(9)}T10:00`);
    const changed = await conditionalGet(calendarUrl, first.etag);
    expect(changed.status).toBe(200);
    expect(eventOf(parseFeed(changed.text), matchId)!.start).toBe(`${day(9)}T10:00:00`);
  });

  it('starts the addresses with PUBLIC_URL where it is set; every api process shows the same working token', async () => {
    const { teams } = await ladderWithMatch(2, `${day(7)}T17:00`);
    const local = await calendarUrlOf(teams[0]!.http);
    const behindProxy = await startTestCourtside(courtside.backend, {
      runProjector: false,
      publicUrl: 'https://ladders.example.test',
    });
    try {
      const response = await fetch(`${behindProxy.url}${ACCOUNT_API}/account`, {
        headers: { cookie: `SESSION-ID=${teams[0]!.http.cookie('SESSION-ID')}` },
      });
      const { calendarUrl } = (await response.json()) as { calendarUrl: string };
      const path = new URL(local).pathname;
      expect(calendarUrl).toBe(`https://ladders.example.test${path}`);
      const feed = parseFeed(await (await fetch(`${behindProxy.url}${path}`)).text());
      expect(feed.events[0]!.url).toMatch(
        /^https:\/\/ladders\.example\.test\/webapps\/matches\/en\/\?match=/,
      );
    } finally {
      await behindProxy.stop();
    }
  });

  it('answers 404 for an unknown token or ladder and 400 for a ladder id that is no id, never 500', async () => {
    const feed = (path: string) => fetch(`${courtside.url}${path}`).then((response) => response.status);
    expect(await feed(`${MATCHES_API}/calendar/${'A'.repeat(43)}.ics`)).toBe(404);
    expect(await feed(`${MATCHES_API}/calendar/short.ics`)).toBe(404);
    expect(await feed(`${MATCHES_API}/calendar/${'A'.repeat(43)}`)).toBe(404);
    expect(await feed(`${MATCHES_API}/calendar/%E0%A4%A.ics`)).toBeLessThan(500);
    expect(await feed(`${LADDER_API}/ladders/6d1f6f52-3b8a-4f0e-9a51-7e0c2b1d9a10/calendar.ics`)).toBe(404);
    expect(await feed(`${LADDER_API}/ladders/not-an-id/calendar.ics`)).toBe(400);
  });
});
