import { describe, expect, it } from 'vitest';
import { matchEventAttributes } from './match-event';

const match = {
  id: '3f1c2a8e-0000-4000-8000-000000000001',
  date: '2026-06-14T19:30',
  defender: { members: [{ name: 'Ann' }] },
  challenger: { members: [{ name: 'Bo' }] },
};

describe('a match as the attributes of a calendar event', () => {
  it('given a dated match, when made for a feed, then it carries the feed uid, sequence, status and change time', () => {
    const changedAt = new Date('2026-05-01T10:00:00Z');
    const attributes = matchEventAttributes(match, undefined, {
      uid: match.id,
      sequence: 3,
      changedAt,
    });
    expect(attributes).toMatchObject({
      start: [2026, 6, 14, 19, 30],
      startInputType: 'local',
      startOutputType: 'local',
      duration: { hours: 2 },
      uid: match.id,
      sequence: 3,
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
      timestamp: changedAt.getTime(),
      lastModified: changedAt.getTime(),
    });
  });

  it('given a cancelled match, then the event is cancelled and leaves the time free', () => {
    expect(matchEventAttributes(match, undefined, { cancelled: true })).toMatchObject({
      status: 'CANCELLED',
      busyStatus: 'FREE',
      uid: `${match.id}@courtside`,
    });
  });

  it('given a match with a location, then that is its location, else the ladder’s name (DESIGN.md §9)', () => {
    const event = { name: { name: 'Club ladder' } };
    expect(matchEventAttributes({ ...match, location: ' Court 3 ' }, event)?.location).toBe('Court 3');
    expect(matchEventAttributes({ ...match, location: null }, event)?.location).toBe('Club ladder');
    expect(matchEventAttributes({ ...match, location: '  ' }, event)?.location).toBe('Club ladder');
    expect(matchEventAttributes(match, event)?.location).toBe('Club ladder');
  });

  it('given a match without a date, then there is no event', () => {
    expect(matchEventAttributes({ ...match, date: null }, undefined)).toBeNull();
    expect(matchEventAttributes({ ...match, date: '2026-06-14' }, undefined)).toBeNull();
  });
});
