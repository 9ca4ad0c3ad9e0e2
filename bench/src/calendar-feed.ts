import { performance } from 'node:perf_hooks';
import { calendarFeed } from '@courtside/api/calendar/calendar-feed';
import { FEED_LIMIT, type FeedMatch } from '@courtside/projector/matches/calendar-queries';
import { FeedCache } from '@courtside/api/calendar/feed-cache';
import { summarize } from './stats.ts';

/**
 * How long the api takes to write a full calendar feed (FEED_LIMIT dated matches, doubles) with the `ics`
 * package, without the database: the part of a feed request that grows with the ladder; and the same feed
 * found again in the feed cache (a calendar polling while nothing changed).
 * `node --import tsx bench/src/calendar-feed.ts [rounds]`; figures in docs/performance.md.
 */
const rounds = Number(process.argv[2] ?? 50);
const names = ['Ann Smith', 'Bob Jones', 'Cas Lee', 'Dee Ray'];
const matches: FeedMatch[] = Array.from({ length: FEED_LIMIT }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  date: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}T19:30`,
  status: index % 10 === 0 ? 'cancelled' : 'planned',
  sequence: index % 4,
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
  ladderName: 'Club ladder',
  seasonName: 'Summer 2026',
  defender: { members: [{ name: names[index % 4]! }, { name: names[(index + 1) % 4]! }] },
  challenger: { members: [{ name: names[(index + 2) % 4]! }, { name: names[(index + 3) % 4]! }] },
}));
const matchUrl = (id: string) => `https://ladders.example.org/webapps/matches/en/?match=${id}`;

let text = calendarFeed(matches, { name: 'Club ladder (Courtside)', matchUrl });
const samples: number[] = [];
for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  text = calendarFeed(matches, { name: 'Club ladder (Courtside)', matchUrl });
  samples.push(performance.now() - started);
}
// A calendar that polls a feed whose matches did not change: the cache finds the text by the rows' hash.
const cache = new FeedCache();
const make = () => calendarFeed(matches, { name: 'Club ladder (Courtside)', matchUrl });
cache.textFor({ matches }, make);
const cached: number[] = [];
for (let round = 0; round < rounds; round++) {
  const rows = structuredClone(matches);
  const started = performance.now();
  cache.textFor({ matches: rows }, make);
  cached.push(performance.now() - started);
}
console.log(
  JSON.stringify({
    matches: FEED_LIMIT,
    bytes: Buffer.byteLength(text),
    rounds,
    writeMs: summarize(samples),
    cachedMs: summarize(cached),
  }),
);
