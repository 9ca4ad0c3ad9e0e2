import { describe, expect, it } from 'vitest';
import { mergeRooms } from './live-server.ts';

const row = (id: number, room: string, event = 'match.updated', data: unknown = { match: { id: 'm1' } }) => ({
  id,
  room,
  event,
  data,
});

describe('merging outbox rows into pushes', () => {
  it('given one change written to three rooms, then it is one push to the three rooms with the last cursor', () => {
    expect(mergeRooms([row(1, 'match:m1'), row(2, 'season:s1'), row(3, 'ladder:l1')])).toEqual([
      {
        event: 'match.updated',
        data: { match: { id: 'm1' } },
        rooms: ['match:m1', 'season:s1', 'ladder:l1'],
        cursor: 3,
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

    expect(pushes.map((push) => [push.event, push.rooms, push.cursor])).toEqual([
      ['match.updated', ['match:m1'], 1],
      ['season.updated', ['season:s1'], 2],
      ['match.updated', ['season:s1'], 3],
      ['match.updated', ['ladder:l1'], 4],
    ]);
  });
});
