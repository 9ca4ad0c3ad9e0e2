import { describe, expect, it } from 'vitest';
import {
  currentSeasonId,
  initialSeasonId,
  isActive,
  newSeasonDefaults,
  overlappingSeason,
} from './season-rules.ts';
import { ladderInputSchema, seasonInputSchema } from './model.ts';

const season = (uuid: string, startDate: string, endDate: string) => ({ uuid, startDate, endDate });

describe('season rules', () => {
  it.each([
    ['2026-11-21', true],
    ['2026-01-01', true],
    ['2026-12-31', true],
    ['2025-12-31', false],
    ['2027-01-01', false],
  ])('given a season of 2026, when today is %s, then active is %s', (today, active) => {
    expect(isActive(season('s', '2026-01-01', '2026-12-31'), today)).toBe(active);
  });

  it('given an active season, when the current one is asked, then it is the active one', () => {
    const seasons = [
      season('past', '2025-01-01', '2025-12-31'),
      season('now', '2026-01-01', '2026-12-31'),
      season('next', '2027-01-01', '2027-06-30'),
    ];
    expect(currentSeasonId(seasons, '2026-11-21')).toBe('now');
  });

  it('given no active season, when the current one is asked, then it is the next to start, or none', () => {
    const seasons = [
      season('later', '2027-06-01', '2027-09-30'),
      season('past', '2025-01-01', '2025-12-31'),
      season('sooner', '2027-01-01', '2027-03-31'),
    ];
    expect(currentSeasonId(seasons, '2026-11-21')).toBe('sooner');
    expect(currentSeasonId([season('past', '2025-01-01', '2025-12-31')], '2026-11-21')).toBeUndefined();
  });

  it.each([
    ['2026-06-01', '2026-06-30', undefined],
    ['2026-12-31', '2027-01-31', 'b'],
    ['2025-01-01', '2026-01-01', 'a'],
    ['2025-12-15', '2025-12-20', undefined],
  ])(
    'given seasons in 2026, when a season runs %s..%s, then it overlaps %s',
    (startDate, endDate, expected) => {
      const others = [season('a', '2026-01-01', '2026-05-31'), season('b', '2026-07-01', '2026-12-31')];
      expect(overlappingSeason({ startDate, endDate }, others)?.uuid).toBe(expected);
    },
  );

  it('given a season being edited, when its own dates are checked, then it does not overlap itself', () => {
    expect(
      overlappingSeason(season('a', '2026-01-01', '2026-06-30'), [season('a', '2026-01-01', '2026-05-31')]),
    ).toBeUndefined();
  });

  it('given today, when a new season form starts, then it has the spec defaults', () => {
    expect(newSeasonDefaults(new Date(2026, 10, 21, 12))).toEqual({
      startDate: '2026-11-21',
      endDate: '2027-06-21',
      minimumPlayedMatches: 3,
      openForRegistration: false,
      matchType: 'BESTOFTHREE',
    });
  });

  it('given seasons, when the initial choice is made, then the current one, else the last, else none', () => {
    expect(
      initialSeasonId([
        { uuid: 'a', current: false },
        { uuid: 'b', current: true },
        { uuid: 'c', current: false },
      ]),
    ).toBe('b');
    expect(
      initialSeasonId([
        { uuid: 'a', current: false },
        { uuid: 'c', current: false },
      ]),
    ).toBe('c');
    expect(
      initialSeasonId([
        { uuid: 'a', current: false },
        { uuid: 'b', current: false },
        { uuid: 'c', current: false },
      ]),
    ).toBe('c');
    expect(initialSeasonId([])).toBeUndefined();
  });

  it('given an end date before the start date, when the season is parsed, then endDate is refused', () => {
    const result = seasonInputSchema.safeParse({
      name: 'Winter',
      startDate: '2026-12-01',
      endDate: '2026-11-30',
      minimumPlayedMatches: 3,
      openForRegistration: false,
      matchType: 'BESTOFTHREE',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['endDate', 'The end date cannot be before the start date'],
    ]);
  });

  it.each([
    [{ minimumPlayedMatches: -1 }, 'minimumPlayedMatches'],
    [{ minimumPlayedMatches: 1.5 }, 'minimumPlayedMatches'],
    [{ startDate: '2026-02-30' }, 'startDate'],
    [{ matchType: 'BESTOFSEVEN' }, 'matchType'],
    [{ name: '  ' }, 'name'],
  ])('given %j, when the season is parsed, then %s is refused', (change, field) => {
    const result = seasonInputSchema.safeParse({
      name: 'Winter',
      startDate: '2026-12-01',
      endDate: '2027-03-01',
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
      ...change,
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });
});

describe('names of ladders and seasons', () => {
  it('given a name on two lines, when parsed, then it is refused on the name', () => {
    const ladder = ladderInputSchema.safeParse({
      name: 'Club\nLadder',
      email: 'a@b.test',
      sportsCategory: 'PADEL',
    });
    const season = seasonInputSchema.safeParse({
      name: 'Win\tter',
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      minimumPlayedMatches: 0,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
    });

    expect(ladder.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['name'], 'Must be one line without control characters'],
    ]);
    expect(season.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['name'], 'Must be one line without control characters'],
    ]);
  });

  it('given a name with a text direction override or nothing visible, when parsed, then it is refused (DESIGN.md §19)', () => {
    const named = (name: string) =>
      ladderInputSchema.safeParse({ name, email: 'a@b.test', sportsCategory: 'PADEL' }).error?.issues[0]
        ?.message;
    expect(named('Club \u202EreddaL')).toBe('Must not contain text direction controls');
    expect(named('\u200B\u200B')).toBe('Must contain a visible character');
    expect(named('Club\u2028Ladder')).toBe('Must be one line');
  });
});
