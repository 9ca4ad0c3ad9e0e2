import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatMoment, parseIsoDate } from './dates';

describe('dates', () => {
  it('formats days in English and Dutch', () => {
    expect(formatDay('2025-05-01', 'en')).toBe('1 May 2025');
    expect(formatDay('2025-10-01', 'nl')).toBe('1 okt. 2025');
    expect(formatDay('2025-05-01', 'nl')).toBe('1 mei 2025');
    expect(formatDay('', 'en')).toBe('');
    expect(formatDay('nonsense', 'en')).toBe('nonsense');
    expect(formatDay('2025-02-30', 'en')).toBe('2025-02-30');
  });

  it('writes a deadline as its day, not its clock time (DESIGN.md §19 "Dates")', () => {
    expect(formatDay('2026-12-12T05:15:00', 'en')).toBe('12 Dec 2026');
    expect(formatDay('2026-11-28T23:59', 'nl')).toBe('28 nov. 2026');
  });

  it('formats moments in local time', () => {
    expect(formatMoment('2025-03-04T09:07:00', 'en')).toBe('4 Mar 2025, 09:07');
  });

  it('writes every token the pages use and leaves the rest as it is', () => {
    const sunday = new Date(2026, 10, 22, 7, 5);
    expect(formatDate(sunday, 'EEE d MMM HH:mm', 'en')).toBe('Sun 22 Nov 07:05');
    expect(formatDate(sunday, 'EEE d MMM yyyy', 'nl')).toBe('zo 22 nov. 2026');
    expect(formatDate(new Date(2026, 0, 9, 23, 59), 'EEE HH:mm', 'nl')).toBe('vr 23:59');
  });

  it('reads a day as local midnight and a date-time with or without its offset', () => {
    expect(parseIsoDate('2025-05-01')).toEqual(new Date(2025, 4, 1));
    expect(parseIsoDate('2025-05-01T14:05')).toEqual(new Date(2025, 4, 1, 14, 5));
    expect(parseIsoDate('2025-05-01T14:05:00.000Z')?.toISOString()).toBe('2025-05-01T14:05:00.000Z');
    expect(parseIsoDate('1 May')).toBeNull();
    expect(parseIsoDate('2025-13-01T10:00')).toBeNull();
  });
});
