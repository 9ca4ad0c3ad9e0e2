import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@courtside/events/envelope';
import { recentMatches, seasonTimelineOf, type TimelineMatch } from './season-view';

const match = (id: string) => ({ id }) as TimelineMatch;

describe('recentMatches', () => {
  const matches = ['a', 'b', 'c', 'd'].map(match);

  it('shows the newest first, at most the limit', () => {
    expect(recentMatches(matches, 2).map((shown) => shown.id)).toEqual(['d', 'c']);
    expect(recentMatches(matches, Infinity).map((shown) => shown.id)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('always shows the match the step is about, on top when it is older than the rest', () => {
    expect(recentMatches(matches, 2, 'a').map((shown) => shown.id)).toEqual(['a', 'd', 'c']);
    expect(recentMatches(matches, 2, 'c').map((shown) => shown.id)).toEqual(['d', 'c']);
    expect(recentMatches(matches, 2, 'gone').map((shown) => shown.id)).toEqual(['d', 'c']);
  });
});

describe('seasonTimelineOf', () => {
  const seasonId = '00000000-0000-4000-8000-000000000001';
  let minute = 0;
  const at = (position: number, type: string, payload: Record<string, unknown>) => ({
    position,
    event: {
      type,
      occurredAt: new Date(Date.UTC(2026, 2, 1, 10, minute++)).toISOString(),
      payload: { seasonId, ...payload },
    } as EventEnvelope,
  });
  const games = (...scores: number[]) => ({ matchSets: scores.map((score) => ({ score })), special: 'none' });
  const answer = {
    names: { ann: 'Ann Ace', bo: 'Bo Base' },
    events: [
      at(1, 'SeasonCreated', {
        ladderId: 'l',
        name: 'Spring',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
        minimumPlayedMatches: 1,
        matchType: 'BESTOFTHREE',
      }),
      at(2, 'TeamRegistered', { teamId: 't1', memberIds: ['ann'] }),
      at(3, 'TeamAccepted', { teamId: 't1' }),
      at(5, 'TeamRegistered', { teamId: 't2', memberIds: ['bo', 'cy'] }),
      at(6, 'TeamAccepted', { teamId: 't2' }),
      at(7, 'MatchCreated', { matchId: 'm1', defenderId: 't1', challengerId: 't2' }),
      at(8, 'MatchCreated', { matchId: 'm2', defenderId: 't1', challengerId: 't2' }),
      at(9, 'MatchResultRecorded', { matchId: 'm2', defender: games(6, 6), challenger: games(2, 3) }),
    ],
  };

  it('shows the standings and matches after a step, with the names it was given', () => {
    const timeline = seasonTimelineOf(answer);
    expect(timeline.at(4).standings).toEqual([
      {
        teamId: 't1',
        position: 1,
        members: [{ fullName: 'Ann Ace' }],
        played: 0,
        won: 0,
        lost: 0,
        movement: 0,
      },
    ]);
    const after = timeline.at(9);
    expect(after.standings.map((row) => [row.teamId, row.won, row.lost])).toEqual([
      ['t1', 1, 0],
      ['t2', 0, 1],
    ]);
    expect(after.standings[1]!.members).toEqual([{ fullName: 'Bo Base' }, { fullName: 'Player' }]);
    expect(after.matches.map((shown) => [shown.id, shown.status, shown.defender.winner])).toEqual([
      ['m1', 'planned', false],
      ['m2', 'completed', true],
    ]);
  });

  it('gives a match the step did not change as the same object, so its row is not drawn again', () => {
    const timeline = seasonTimelineOf(answer);
    const [m1Before, m2Before] = timeline.at(8).matches;
    const [m1After, m2After] = timeline.at(9).matches;
    expect(m1After).toBe(m1Before);
    expect(m2After).not.toBe(m2Before);
    expect(timeline.at(8).matches[1]).toEqual(m2Before);
  });
});
