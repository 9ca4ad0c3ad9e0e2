import { describe, expect, it } from 'vitest';
import {
  matchDescription,
  matchEventAttributes,
  matchTitle,
  toDateArray,
} from '../../events/src/calendar/match-event.ts';

/** A match as a calendar event (spec §3 "Calendar event", DESIGN.md §4, §6): what a calendar shows of it. */
const doubles = {
  id: 'match-1',
  date: '2026-06-14T19:30',
  defender: { members: [{ name: 'Ann Smith' }, { name: 'Bob Jones' }] },
  challenger: { members: [{ name: 'Cas Lee' }, { name: 'Dee Ray' }] },
};
const event = { name: { name: ' TC Tilburg ladder ' }, part: { name: 'Spring' }, round: { name: 'Round 2' } };

describe('a match as a calendar event', () => {
  it('is titled by its sides, members joined with &, defenders first', () => {
    expect(matchTitle(doubles)).toBe('Ann Smith & Bob Jones – Cas Lee & Dee Ray');
  });

  it('is described by the known parts of ladder, season and round; blank parts are left out', () => {
    expect(matchDescription(event)).toBe(' TC Tilburg ladder  · Spring · Round 2');
    expect(matchDescription({ name: { name: 'Ladder' }, part: { name: '  ' }, round: null })).toBe('Ladder');
    expect(matchDescription(undefined)).toBe('');
  });

  it('given a dated match of a ladder, then a two-hour busy event at the ladder, local time, for the download', () => {
    expect(
      matchEventAttributes(doubles, event, { url: 'https://courtside.example/webapps/matches/en/' }),
    ).toEqual({
      start: [2026, 6, 14, 19, 30],
      startInputType: 'local',
      startOutputType: 'local',
      duration: { hours: 2 },
      title: 'Ann Smith & Bob Jones – Cas Lee & Dee Ray',
      description: ' TC Tilburg ladder  · Spring · Round 2',
      location: 'TC Tilburg ladder',
      url: 'https://courtside.example/webapps/matches/en/',
      uid: 'match-1@courtside',
      productId: 'courtside/matches',
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
    });
  });

  it('given no ladder and no options, then no description, location, url, sequence or change time', () => {
    expect(matchEventAttributes(doubles, { name: { name: '   ' } })).toEqual({
      start: [2026, 6, 14, 19, 30],
      startInputType: 'local',
      startOutputType: 'local',
      duration: { hours: 2 },
      title: 'Ann Smith & Bob Jones – Cas Lee & Dee Ray',
      uid: 'match-1@courtside',
      productId: 'courtside/matches',
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
    });
  });

  it('given a feed’s options, then its uid, product, sequence (also 0) and change time', () => {
    const changedAt = new Date('2026-05-01T10:00:00Z');
    expect(
      matchEventAttributes(doubles, undefined, {
        uid: 'match-1',
        productId: 'courtside/feed',
        sequence: 0,
        changedAt,
      }),
    ).toMatchObject({
      uid: 'match-1',
      productId: 'courtside/feed',
      sequence: 0,
      timestamp: changedAt.getTime(),
      lastModified: changedAt.getTime(),
    });
  });

  it('reads a date only from its start: a local date and time, seconds allowed, anything else is no date', () => {
    expect(toDateArray('2026-06-14T19:30:59')).toEqual([2026, 6, 14, 19, 30]);
    expect(toDateArray('on 2026-06-14T19:30')).toBeNull();
    expect(toDateArray('2026-06-14 19:30')).toBeNull();
    expect(matchEventAttributes({ ...doubles, date: 'soon' }, undefined)).toBeNull();
  });
});
