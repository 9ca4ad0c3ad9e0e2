import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../envelope.ts';
import { evolveSeasonHistory, initialSeasonHistory, positionsOf } from './season-fold.ts';
import { SeasonScrubber, type PositionedEvent } from './season-scrubber.ts';

const seasonId = '00000000-0000-4000-8000-000000000001';
const ladderId = '00000000-0000-4000-8000-000000000002';
const teamId = (n: number) => `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`;
const matchId = (n: number) => `00000000-0000-4000-8000-2000000000${String(n).padStart(2, '0')}`;

/** A season's events from a list of small choices: teams join and move, matches are planned and decided. */
function seasonEvents(choices: readonly number[], gaps: readonly number[]): PositionedEvent[] {
  let minute = 0;
  const envelope = (type: string, payload: Record<string, unknown>): EventEnvelope => ({
    id: `00000000-0000-4000-8000-${String(900000000000 + minute).padStart(12, '0')}`,
    type,
    schemaVersion: 1,
    companyId: 'company',
    streamId: seasonId,
    actorId: 'system',
    occurredAt: new Date(Date.UTC(2026, 2, 1, 10, minute++)).toISOString(),
    correlationId: 'c',
    payload: { seasonId, ladderId, ...payload },
  });
  const events: EventEnvelope[] = [
    envelope('SeasonCreated', {
      name: 'Spring',
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      minimumPlayedMatches: 2,
      matchType: 'BESTOFTHREE',
    }),
  ];
  const teams: number[] = [];
  let matches = 0;
  for (const choice of choices) {
    const kind = choice % 5;
    if (kind === 0 || teams.length < 2) {
      const team = teams.length + 1;
      teams.push(team);
      events.push(envelope('TeamRegistered', { teamId: teamId(team), memberIds: [`player-${team}`] }));
      events.push(envelope('TeamAccepted', { teamId: teamId(team) }));
    } else if (kind === 1) {
      const [defender, challenger] = [teams[choice % teams.length]!, teams[(choice >> 3) % teams.length]!];
      if (defender === challenger) continue;
      matches += 1;
      events.push(
        envelope('MatchCreated', {
          matchId: matchId(matches),
          defenderId: teamId(defender),
          challengerId: teamId(challenger),
        }),
      );
      const challengerWins = choice % 2 === 0;
      const games = (won: boolean) => ({
        matchSets: [{ score: won ? 6 : 3 }, { score: won ? 6 : 4 }],
        special: 'none',
      });
      events.push(
        envelope('MatchResultRecorded', {
          matchId: matchId(matches),
          defender: games(!challengerWins),
          challenger: games(challengerWins),
        }),
      );
      if (challengerWins) {
        events.push(
          envelope('ChallengerLeapfrogged', {
            matchId: matchId(matches),
            challengerId: teamId(challenger),
            defenderId: teamId(defender),
          }),
        );
      }
    } else if (kind === 2) {
      const team = teams[choice % teams.length]!;
      events.push(
        envelope('TeamPositionChanged', { teamId: teamId(team), position: 1 + (choice % teams.length) }),
      );
    } else if (kind === 3 && matches > 0) {
      events.push(envelope('MatchCancelled', { matchId: matchId(1 + (choice % matches)) }));
    } else {
      events.push(
        envelope('MatchRescheduled', {
          matchId: matchId(1 + (choice % Math.max(matches, 1))),
          date: '2026-04-01T18:00',
        }),
      );
    }
  }
  // Positions count the company's events: other seasons' events fall in between.
  let position = 0;
  return events.map((event, index) => ({
    position: (position += 1 + (gaps[index % gaps.length] ?? 0)),
    event,
  }));
}

function foldedUpTo(events: readonly PositionedEvent[], position: number) {
  let state = initialSeasonHistory();
  for (const stored of events)
    if (stored.position <= position) state = evolveSeasonHistory(state, stored.event);
  return state;
}

describe('SeasonScrubber', () => {
  it('gives at every position, in any order of steps, exactly the season folded from its first event', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(3), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }),
        (choices, gaps, every, steps) => {
          const events = seasonEvents(choices, gaps);
          const scrubber = new SeasonScrubber(events, every);
          const last = events.at(-1)!.position;
          for (const step of steps) {
            const position = step % (last + 2);
            expect(scrubber.stateAt(position)).toEqual(foldedUpTo(events, position));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('moves the teams a step moved: a leapfrog shows after its event and not before', () => {
    const events = seasonEvents([0, 0, 0, 66], [0]);
    const leapfrog = events.find(({ event }) => event.type === 'ChallengerLeapfrogged')!;
    const scrubber = new SeasonScrubber(events, 2);
    const { challengerId } = leapfrog.event.payload as { challengerId: string };
    const before = positionsOf(scrubber.stateAt(leapfrog.position - 1))[challengerId];
    const after = positionsOf(scrubber.stateAt(leapfrog.position))[challengerId];
    expect(after).toBeLessThan(before!);
  });

  it('has nothing before the first event and everything after the last', () => {
    const events = seasonEvents([0, 1, 6], [1]);
    const scrubber = new SeasonScrubber(events);
    expect(scrubber.stateAt(0)).toEqual(initialSeasonHistory());
    expect(scrubber.stateAt(10_000)).toEqual(foldedUpTo(events, 10_000));
  });
});
