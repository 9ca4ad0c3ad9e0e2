import { describe, expect, it } from 'vitest';
import { climbsBetween, standingsKey } from './standings-changes';

const row = (teamId: string, position: number) => ({ teamId, position, members: [{ fullName: teamId }] });

describe('standings changes (DESIGN.md §14 announcements)', () => {
  it('names the teams that climbed, best place first', () => {
    const before = [row('a', 1), row('b', 2), row('c', 3), row('d', 4)];
    // d leapfrogs a: d first, everyone else one down.
    const after = [row('d', 1), row('a', 2), row('b', 3), row('c', 4)];
    expect(climbsBetween(before, after)).toEqual([
      { teamId: 'd', members: [{ fullName: 'd' }], position: 1 },
    ]);
    // A swap and a team dropped out: both below climb.
    expect(climbsBetween(before, [row('b', 1), row('a', 2), row('d', 3)]).map((c) => c.teamId)).toEqual([
      'b',
      'd',
    ]);
  });

  it('says nothing when no one moved or for a team new to the standings', () => {
    const before = [row('a', 1), row('b', 2)];
    expect(climbsBetween(before, before)).toEqual([]);
    expect(climbsBetween(before, [...before, row('c', 3)])).toEqual([]);
    expect(climbsBetween([row('a', 1)], [row('c', 1), row('a', 2)])).toEqual([]);
  });

  it('keys a reading by its positions', () => {
    expect(standingsKey('s', [row('a', 1), row('b', 2)])).toBe('standings:s:a@1,b@2');
    expect(standingsKey('s', [row('b', 1), row('a', 2)])).not.toBe(
      standingsKey('s', [row('a', 1), row('b', 2)]),
    );
  });
});
