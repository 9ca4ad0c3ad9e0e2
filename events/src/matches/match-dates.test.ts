import { describe, expect, it } from 'vitest';
import { clampToLatestDate, leadingLocalDateTime, localDateTime, playedAt } from './match-dates.ts';

describe('clampToLatestDate', () => {
  it.each([
    ['2026-12-01T19:30', '2027-03-31', '2026-12-01T19:30'],
    ['2027-03-31T19:30', '2027-03-31', '2027-03-31T19:30'],
    ['2027-04-02T08:15', '2027-03-31', '2027-03-31T08:15'],
    ['2027-04-02T08:15', null, '2027-04-02T08:15'],
    ['2027-04-02T08:15', 'someday', '2027-04-02T08:15'],
    ['garbage', '2027-03-31', 'garbage'],
  ])('given %s and a season ending %s, then the date is %s', (date, latest, expected) => {
    expect(clampToLatestDate(date, latest)).toBe(expected);
  });
});

describe('localDateTime', () => {
  it('writes an instant as a match date in the club’s time zone, across a day and a DST change', () => {
    expect(localDateTime('2026-03-14T23:30:00.000Z', 'Europe/Amsterdam')).toBe('2026-03-15T00:30');
    expect(localDateTime('2026-07-14T23:30:00.000Z', 'Europe/Amsterdam')).toBe('2026-07-15T01:30');
    expect(localDateTime('2026-03-14T23:30:00.000Z', 'UTC')).toBe('2026-03-14T23:30');
    expect(localDateTime(new Date('2026-03-14T09:05:00.000Z'), 'America/New_York')).toBe('2026-03-14T05:05');
  });
});

describe('playedAt (lastPlayedAt never lies in the future)', () => {
  it('is the match date, unless the result counted before it: then when it counted; undated: when it counted', () => {
    expect(playedAt('2026-03-10T18:00', '2026-03-12T09:00:00.000Z', 'UTC')).toBe('2026-03-10T18:00');
    expect(playedAt('2026-03-20T18:00', '2026-03-12T09:00:00.000Z', 'UTC')).toBe('2026-03-12T09:00');
    expect(playedAt(null, '2026-03-12T09:00:00.000Z', 'Europe/Amsterdam')).toBe('2026-03-12T10:00');
  });
});

describe('leadingLocalDateTime', () => {
  it.each([
    ['2026-12-01T19:30', '2026-12-01T19:30'],
    ['2026-12-01T19:30:45', '2026-12-01T19:30'],
    ['2026-12-01T19:30:00.000Z', '2026-12-01T19:30'],
    ['2026-12-01', null],
    ['2026-12-01 19:30', null],
    ['', null],
  ])('given %s, then the local date and time is %s', (value, expected) => {
    expect(leadingLocalDateTime(value)).toBe(expected);
  });
});
