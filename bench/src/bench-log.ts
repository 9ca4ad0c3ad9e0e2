import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { EventRegistry } from '@courtside/events/event-registry';
import type { EventLog } from '@courtside/eventlog/log/port';

/**
 * Clubs written straight to the log, as their commands would have written them (the shape of `bench-club.ts`: a
 * ladder, a season of `teams` accepted teams, `matches` matches, three in four with a result, and one in ten scored
 * live for `livePoints` points, 20 unless given): a log of hundreds of thousands of events in seconds, where seeding over HTTP takes an hour.
 * Returns how many events it appended.
 */
export async function appendClubs(
  log: EventLog,
  registry: EventRegistry,
  options: { clubs: number; teams: number; matches: number; livePoints?: number },
): Promise<number> {
  let appended = 0;
  let clock = Date.parse('2026-03-01T08:00:00.000Z');
  for (let club = 0; club < options.clubs; club++) {
    const companyId = randomUUID();
    const owner = randomUUID();
    const events: EventEnvelope[] = [];
    const add = (type: string, streamId: string, payload: object) => {
      clock += 1_000;
      events.push(
        registry.create(
          { type, streamId, payload },
          { companyId, actorId: owner, correlationId: randomUUID(), occurredAt: new Date(clock) },
        ),
      );
    };
    const [ladderId, seasonId] = [randomUUID(), randomUUID()];
    add('CompanyCreated', companyId, { companyId, name: `Club ${club}`, ownerId: owner });
    add('LadderCreated', ladderId, {
      ladderId,
      name: 'Ladder',
      email: 'l@club.test',
      sportsCategory: 'PADEL',
    });
    add('SeasonCreated', seasonId, {
      seasonId,
      ladderId,
      name: 'Season',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
    });
    const teams = Array.from({ length: options.teams }, () => randomUUID());
    for (const teamId of teams) {
      const ref = { teamId, seasonId, ladderId };
      add('TeamRegistered', teamId, { ...ref, memberIds: [randomUUID()] });
      add('TeamAccepted', teamId, ref);
    }
    const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });
    for (let index = 0; index < options.matches; index++) {
      const matchId = randomUUID();
      const ref = { matchId, seasonId, ladderId };
      const defenderId = teams[index % teams.length]!;
      const challengerId = teams[(index + 1 + Math.floor(index / teams.length)) % teams.length]!;
      if (defenderId === challengerId) continue;
      add('MatchCreated', matchId, { ...ref, defenderId, challengerId });
      if (index % 10 === 5) {
        add('LiveScoringStarted', matchId, { ...ref, firstServer: 'defender', noAd: false, finalSet: 'SET' });
        for (let seq = 1; seq <= (options.livePoints ?? 20); seq++) {
          add('PointScored', matchId, { ...ref, seq, winner: seq % 3 ? 'defender' : 'challenger' });
        }
      }
      if (index % 4 !== 3)
        add('MatchResultRecorded', matchId, { ...ref, defender: sets(6, 6), challenger: sets(3, 4) });
    }
    for (let start = 0; start < events.length; start += 500) {
      await log.append(companyId, events.slice(start, start + 500));
    }
    appended += events.length;
  }
  return appended;
}
