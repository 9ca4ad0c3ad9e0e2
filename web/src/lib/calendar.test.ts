import { describe, expect, it } from 'vitest';
import { matchDescription, matchTitle, toDateArray } from '@courtside/events/calendar/match-event';
import { buildMatchCalendar, safeFileName } from './calendar';

const match = {
  id: '3f1c2a8e-0000-4000-8000-000000000001',
  date: '2026-06-14T19:30',
  defender: { members: [{ name: 'Ann Smith' }, { name: 'Bob Jones' }] },
  challenger: { members: [{ name: 'Cas Lee' }, { name: 'Dee Ray' }] },
};
const event = { name: { name: 'Club ladder' }, part: { name: 'Summer 2026' } };

/** The unfolded lines of an iCalendar text. */
function lines(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('the calendar event of a match', () => {
  it('starts at the match date in local time without a time zone and lasts 2 hours', () => {
    const file = buildMatchCalendar(match, event, { url: 'https://club.test/webapps/matches/en/?match=1' })!;
    const text = lines(file.text);
    expect(text[0]).toBe('BEGIN:VCALENDAR');
    expect(text).toContain('VERSION:2.0');
    expect(text).toContain('DTSTART:20260614T193000');
    expect(text.find((line) => line.startsWith('DTSTART'))).not.toMatch(/Z$|TZID/);
    const duration = text.find((line) => line.startsWith('DURATION:'));
    const end = text.find((line) => line.startsWith('DTEND'));
    expect(duration === 'DURATION:PT2H' || end === 'DTEND:20260614T213000').toBe(true);
    expect(text).toContain('SUMMARY:Ann Smith & Bob Jones – Cas Lee & Dee Ray');
    expect(text).toContain('DESCRIPTION:Club ladder · Summer 2026');
    expect(text).toContain('LOCATION:Club ladder');
    expect(text).toContain('URL:https://club.test/webapps/matches/en/?match=1');
    expect(text).toContain(`UID:${match.id}@courtside`);
    expect(file.fileName).toBe('Ann Smith Bob Jones – Cas Lee Dee Ray.ics');
  });

  it('keeps the wall-clock time around midnight and at the turn of the year', () => {
    const text = lines(buildMatchCalendar({ ...match, date: '2026-12-31T23:15' }, undefined)!.text);
    expect(text).toContain('DTSTART:20261231T231500');
    expect(text.some((line) => line.startsWith('DESCRIPTION'))).toBe(false);
    expect(text.some((line) => line.startsWith('LOCATION'))).toBe(false);
  });

  it('has no calendar event without a date', () => {
    expect(buildMatchCalendar({ ...match, date: null }, event)).toBeNull();
    expect(toDateArray('2026-06-14')).toBeNull();
    expect(toDateArray('2026-06-14T08:05')).toEqual([2026, 6, 14, 8, 5]);
  });

  it('names the sides and the event', () => {
    expect(
      matchTitle({ defender: { members: [{ name: 'Ann' }] }, challenger: { members: [{ name: 'Bo' }] } }),
    ).toBe('Ann – Bo');
    expect(
      matchDescription({ name: { name: 'Ladder' }, part: { name: 'Winter' }, round: { name: 'R1' } }),
    ).toBe('Ladder · Winter · R1');
    expect(matchDescription(undefined)).toBe('');
  });

  it('makes safe file names', () => {
    expect(safeFileName('A/B: "c"?')).toBe('A B c');
    expect(safeFileName('...hidden')).toBe('hidden');
    expect(safeFileName('  /// ')).toBe('match');
    expect(safeFileName('x'.repeat(300))).toHaveLength(100);
  });
});
