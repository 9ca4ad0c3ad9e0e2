/**
 * Ratings (DESIGN.md §11): a full refold of one club's ratings over 10,000 confirmed matches (goal ≤ 200 ms), and the fold of the
 * same club's events one by one, as the projector and replay would run it. Pure: no services.
 * Run: `node --import tsx bench/src/ratings-refold.ts [matches]`.
 */
import { loadavg } from 'node:os';
import type { EventEnvelope } from '@courtside/events/envelope';
import { countedResults, evolveRatings, initialRatings, rateInOrder } from '@courtside/events/ratings/fold';

const matches = Number(process.argv[2] ?? 10_000);
const players = 120;
const uuid = (kind: number, n: number) =>
  `00000000-0000-4000-8000-${kind.toString(16)}${String(n).padStart(11, '0')}`;
const ladderId = uuid(1, 1);
const seasonId = uuid(2, 1);

function clubEvents(): EventEnvelope[] {
  let seq = 0;
  const event = (type: string, payload: Record<string, unknown>): EventEnvelope => ({
    id: uuid(9, ++seq),
    type,
    schemaVersion: 1,
    companyId: 'club',
    streamId: 'stream',
    actorId: 'system',
    occurredAt: new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
    correlationId: 'c',
    payload,
  });
  const events = [
    event('LadderCreated', { ladderId, name: 'L', email: 'l@example.org', sportsCategory: 'TENNISSINGLE' }),
    event('SeasonCreated', {
      seasonId,
      ladderId,
      name: 'S',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      minimumPlayedMatches: 0,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
    }),
  ];
  for (let p = 0; p < players; p++) {
    events.push(event('TeamRegistered', { seasonId, teamId: uuid(3, p), memberIds: [uuid(4, p)] }));
  }
  // A fixed pseudo-random draw, so runs compare.
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  for (let m = 0; m < matches; m++) {
    const defender = next() % players;
    const challenger = (defender + 1 + (next() % (players - 1))) % players;
    const ref = { matchId: uuid(5, m), seasonId, ladderId };
    const defenderWins = next() % 2 === 0;
    events.push(
      event('MatchCreated', { ...ref, defenderId: uuid(3, defender), challengerId: uuid(3, challenger) }),
      event('MatchResultRecorded', {
        ...ref,
        defender: {
          matchSets: [{ score: defenderWins ? 6 : 3 }, { score: defenderWins ? 6 : 4 }],
          special: 'none',
        },
        challenger: {
          matchSets: [{ score: defenderWins ? 3 : 6 }, { score: defenderWins ? 4 : 6 }],
          special: 'none',
        },
      }),
    );
  }
  return events;
}

const events = clubEvents();
let started = performance.now();
const state = events.reduce(evolveRatings, initialRatings());
const foldMs = performance.now() - started;

const results = countedResults(state);
const refolds: number[] = [];
for (let run = 0; run < 7; run++) {
  started = performance.now();
  rateInOrder(results);
  refolds.push(performance.now() - started);
}
refolds.sort((a, b) => a - b);

console.log(
  JSON.stringify({
    matches,
    players,
    events: events.length,
    foldOneByOneMs: Math.round(foldMs),
    foldEventsPerSecond: Math.round(events.length / (foldMs / 1000)),
    refoldMedianMs: Math.round(refolds[3]! * 10) / 10,
    refoldMaxMs: Math.round(refolds.at(-1)! * 10) / 10,
    load: loadavg().map((value) => Math.round(value * 100) / 100),
  }),
);
