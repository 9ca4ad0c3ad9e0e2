import { describe, expect, it } from 'vitest';
import { memberNames, teamDisplayName } from './team-name';

describe('team display name', () => {
  it('is #position followed by the full names joined with commas', () => {
    expect(
      teamDisplayName({ position: 3, members: [{ fullName: 'Ann Ace' }, { fullName: 'Bo Baseline' }] }),
    ).toBe('#3 Ann Ace, Bo Baseline');
    expect(teamDisplayName({ position: 1, members: [{ fullName: 'Solo Player' }] })).toBe('#1 Solo Player');
  });

  it('leaves the position out when the team has none (waiting for approval)', () => {
    expect(teamDisplayName({ position: null, members: [{ fullName: 'Ann Ace' }] })).toBe('Ann Ace');
    expect(memberNames([])).toBe('');
  });
});
