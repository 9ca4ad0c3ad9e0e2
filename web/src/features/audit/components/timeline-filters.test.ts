import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../api/season-history';
import { actorsOf, filterHistory, kindOf, noFilter, scoreLine } from './timeline-filters';

const item = (position: number, type: string, actor: string, occurredAt: string): HistoryItem => ({
  position,
  type,
  occurredAt,
  actor: { id: actor, name: actor.toUpperCase() },
  summary: type,
  changes: [],
  teamIds: position % 2 ? ['t1'] : ['t2'],
  ...(position > 2 ? { matchId: 'm1' } : {}),
});

describe('timeline filters', () => {
  const items = [
    item(1, 'SeasonCreated', 'ann', '2026-03-01T10:00:00Z'),
    item(2, 'TeamAccepted', 'ann', '2026-03-02T10:00:00Z'),
    item(3, 'ChallengeIssued', 'bob', '2026-03-03T10:00:00Z'),
    item(4, 'ChallengerLeapfrogged', 'bob', '2026-03-04T10:00:00Z'),
  ];

  it('sorts event types into kinds: a challenger moving is a match, a challenge is not', () => {
    expect(items.map((i) => kindOf(i.type))).toEqual(['season', 'teams', 'challenges', 'matches']);
    expect(kindOf('PointScored')).toBe('live');
  });

  it('filters by actor, kind and first day together', () => {
    expect(filterHistory(items, { actorId: 'bob', kind: 'all', from: '' }).map((i) => i.position)).toEqual([
      3, 4,
    ]);
    expect(filterHistory(items, { actorId: '', kind: 'matches', from: '' }).map((i) => i.position)).toEqual([
      4,
    ]);
    expect(
      filterHistory(items, { actorId: 'ann', kind: 'all', from: '2026-03-02' }).map((i) => i.position),
    ).toEqual([2]);
  });

  it("narrows to a team's or a match's own history", () => {
    const team = { kind: 'team' as const, id: 't1', label: 'Ann' };
    const match = { kind: 'match' as const, id: 'm1', label: 'Ann – Bo' };
    expect(filterHistory(items, { ...noFilter, subject: team }).map((i) => i.position)).toEqual([1, 3]);
    expect(filterHistory(items, { ...noFilter, subject: match }).map((i) => i.position)).toEqual([3, 4]);
  });

  it('lists each actor once, by name, and writes scores as sets', () => {
    expect(actorsOf(items)).toEqual([
      { id: 'ann', name: 'ANN' },
      { id: 'bob', name: 'BOB' },
    ]);
    expect(
      scoreLine({ matchSets: [{ score: 6 }, { score: 3 }] }, { matchSets: [{ score: 4 }, { score: 6 }] }),
    ).toBe('6-4 3-6');
  });
});
