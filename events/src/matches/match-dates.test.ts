import { describe, expect, it } from 'vitest';
import { clampToLatestDate } from './match-dates.ts';

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
