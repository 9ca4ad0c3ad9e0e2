import { describe, expect, it } from 'vitest';
import { catchUpPushes, mergeRooms } from './live-server.ts';

const row = (id: number, room: string, event = 'match.updated', data: unknown = { match: { id: 'm1' } }) => ({
  id,
  room,
  // Positions in the rooms, apart from the ids: a push names the former only.
  position: id * 10,
  event,
  data,
});

describe('merging outbox rows into pushes', () => {
  it('given one change written to three rooms, then it is one push to the three rooms with its position in each', () => {
    expect(mergeRooms([row(1, 'match:m1'), row(2, 'season:s1'), row(3, 'ladder:l1')])).toEqual([
      {
        event: 'match.updated',
        data: { match: { id: 'm1' } },
        rooms: ['match:m1', 'season:s1', 'ladder:l1'],
        positions: { 'match:m1': 10, 'season:s1': 20, 'ladder:l1': 30 },
      },
    ]);
  });

  it('given different data or events in between, then pushes stay apart and in order', () => {
    const pushes = mergeRooms([
      row(1, 'match:m1'),
      row(2, 'season:s1', 'season.updated', { seasonId: 's1', changed: ['matches'] }),
      row(3, 'season:s1'),
      row(4, 'ladder:l1', 'match.updated', { match: { id: 'm2' } }),
    ]);

    expect(pushes.map((push) => [push.event, push.rooms, push.positions])).toEqual([
      ['match.updated', ['match:m1'], { 'match:m1': 10 }],
      ['season.updated', ['season:s1'], { 'season:s1': 20 }],
      ['match.updated', ['season:s1'], { 'season:s1': 30 }],
      ['match.updated', ['ladder:l1'], { 'ladder:l1': 40 }],
    ]);
  });
});

describe('catching a socket up on one room', () => {
  const threeRooms = [row(11, 'match:m1'), row(12, 'season:s1'), row(13, 'ladder:l1')];

  it('given a push to three rooms and a socket in none of the others, then it is sent once naming the three rooms', () => {
    expect(catchUpPushes(threeRooms, 'season:s1', 10, new Map())).toEqual([
      {
        event: 'match.updated',
        data: { match: { id: 'm1' } },
        rooms: ['match:m1', 'season:s1', 'ladder:l1'],
        positions: { 'match:m1': 110, 'season:s1': 120, 'ladder:l1': 130 },
      },
    ]);
  });

  it('given the socket got the push through another room it is in, then it is left out', () => {
    expect(catchUpPushes(threeRooms, 'season:s1', 10, new Map([['match:m1', 10]]))).toEqual([]);
  });

  it('given the other room was joined after the push, then the push is still sent', () => {
    expect(catchUpPushes(threeRooms, 'season:s1', 10, new Map([['match:m1', 11]]))).toHaveLength(1);
  });

  it('given rows of other pushes and rows the socket already has, then only the missed pushes of the room go out', () => {
    const pushes = catchUpPushes(
      [row(9, 'season:s1'), row(10, 'ladder:l1', 'match.updated', { match: { id: 'm2' } }), ...threeRooms],
      'season:s1',
      9,
      new Map(),
    );

    expect(pushes.map((push) => push.positions['season:s1'])).toEqual([120]);
  });
});
