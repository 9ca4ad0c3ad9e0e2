import { describe, expect, it } from 'vitest';
import { filterTeams, matchesTeamFilter } from './team-filter';

const teams = [
  { teamId: 'a', members: [{ fullName: 'Ann Ace' }, { fullName: 'Bo Baseline' }] },
  { teamId: 'b', members: [{ fullName: 'Cy Volley' }] },
];

describe('team filter', () => {
  it('matches any member, case-insensitively, with the input trimmed', () => {
    expect(filterTeams(teams, '  bASE ').map((t) => t.teamId)).toEqual(['a']);
    expect(filterTeams(teams, 'volley').map((t) => t.teamId)).toEqual(['b']);
    expect(filterTeams(teams, 'e').map((t) => t.teamId)).toEqual(['a', 'b']);
  });

  it('keeps everything for an empty or blank filter and nothing for a miss', () => {
    expect(filterTeams(teams, '   ')).toHaveLength(2);
    expect(filterTeams(teams, '')).toHaveLength(2);
    expect(matchesTeamFilter(teams[1]!, 'zed')).toBe(false);
  });
});
