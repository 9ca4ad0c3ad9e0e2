import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedSide } from '../matches/decider.ts';
import {
  boxTable,
  closeBoxes,
  closeMoves,
  drawBoxes,
  leftAtTheBottom,
  pairings,
  type BoxMatch,
} from './rules.ts';

const sides = (count: number) => Array.from({ length: count }, (_, index) => `s${index + 1}`);
const sizesOf = (boxes: string[][]) => boxes.map((box) => box.length);

describe('box draw (DESIGN.md §12): fill box 1, 2, … of size; a last box under 3 is spread', () => {
  it('fills boxes in order when the last box has 3 or more (or none left over)', () => {
    expect(drawBoxes(sides(10), 5)).toEqual([sides(5), sides(10).slice(5)]);
    expect(sizesOf(drawBoxes(sides(13), 5))).toEqual([5, 5, 3]);
    expect(sizesOf(drawBoxes(sides(14), 5))).toEqual([5, 5, 4]);
    expect(sizesOf(drawBoxes(sides(200), 5))).toEqual(Array(40).fill(5));
    expect(sizesOf(drawBoxes(sides(3), 5))).toEqual([3]);
    expect(sizesOf(drawBoxes(sides(4), 4))).toEqual([4]);
    expect(sizesOf(drawBoxes(sides(11), 8))).toEqual([8, 3]);
  });

  it('spreads 11 sides in boxes of 5 as 6 and 5, not 5, 5 and 1; 12 as 6 and 6; 16 as 6, 5, 5', () => {
    expect(drawBoxes(sides(11), 5)).toEqual([sides(6), sides(11).slice(6)]);
    expect(sizesOf(drawBoxes(sides(12), 5))).toEqual([6, 6]);
    expect(sizesOf(drawBoxes(sides(16), 5))).toEqual([6, 5, 5]);
    expect(sizesOf(drawBoxes(sides(17), 5))).toEqual([6, 6, 5]);
    expect(sizesOf(drawBoxes(sides(9), 8))).toEqual([9]);
    expect(sizesOf(drawBoxes(sides(6), 4))).toEqual([6]);
    expect(sizesOf(drawBoxes(sides(10), 4))).toEqual([5, 5]);
  });

  it('property: every side once, in order; boxes of 3 or more; sizes differ by at most one when spread', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 200 }), fc.integer({ min: 4, max: 8 }), (count, size) => {
        const boxes = drawBoxes(sides(count), size);
        expect(boxes.flat()).toEqual(sides(count));
        expect(boxes.every((box) => box.length >= 3)).toBe(true);
        const lengths = sizesOf(boxes);
        const spread = count % size > 0 && count % size < 3 && count > size;
        if (spread) {
          expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
          expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
        } else {
          expect(lengths.slice(0, -1).every((length) => length === size)).toBe(true);
          expect(lengths.at(-1)).toBe(count % size || Math.min(size, count));
        }
      }),
    );
  });

  it('pairs every two sides of a box once, the higher drawn first', () => {
    expect(pairings(['a', 'b', 'c'])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
    expect(pairings(sides(5))).toHaveLength(10);
    expect(pairings(['a'])).toEqual([]);
  });
});

const score = (text: string): [RecordedSide, RecordedSide] => {
  const sets = text
    .split(' ')
    .filter(Boolean)
    .map((set) => set.split('-').map(Number) as [number, number]);
  return [
    { matchSets: sets.map(([d]) => ({ score: d })), special: 'none' },
    { matchSets: sets.map(([, c]) => ({ score: c })), special: 'none' },
  ];
};
let nextId = 0;
const match = (defenderId: string, challengerId: string, text: string, counts = true): BoxMatch => {
  const [defender, challenger] = score(text);
  return { matchId: `m${++nextId}`, defenderId, challengerId, defender, challenger, counts };
};
const walkover = (defenderId: string, challengerId: string, gaveUp: 'defender' | 'challenger'): BoxMatch => ({
  matchId: `m${++nextId}`,
  defenderId,
  challengerId,
  defender: { matchSets: [], special: gaveUp === 'defender' ? 'walkover' : 'none' },
  challenger: { matchSets: [], special: gaveUp === 'challenger' ? 'walkover' : 'none' },
  counts: true,
});
const points = { pointsWin: 3, pointsPlayed: 1 };
const row = (teamId: string, figures: Partial<ReturnType<typeof boxTable>[number]> = {}) => ({
  teamId,
  played: 0,
  won: 0,
  lost: 0,
  setsFor: 0,
  setsAgainst: 0,
  gamesFor: 0,
  gamesAgainst: 0,
  points: 0,
  ...figures,
});

describe('box table (DESIGN.md §12, §15)', () => {
  it('counts played, won, lost, sets, games and points; a loss played scores pointsPlayed', () => {
    const table = boxTable(['a', 'b', 'c'], [match('a', 'b', '6-4 3-6 6-2')], points, 'BESTOFTHREE');
    expect(table).toEqual([
      row('a', { played: 1, won: 1, setsFor: 2, setsAgainst: 1, gamesFor: 15, gamesAgainst: 12, points: 3 }),
      row('b', { played: 1, lost: 1, setsFor: 1, setsAgainst: 2, gamesFor: 12, gamesAgainst: 15, points: 1 }),
      row('c'),
    ]);
  });

  it('a walkover counts played, won and lost with no sets or games; the loser scores 0', () => {
    expect(boxTable(['a', 'b'], [walkover('a', 'b', 'defender')], points, 'BESTOFTHREE')).toEqual([
      row('b', { played: 1, won: 1, points: 3 }),
      row('a', { played: 1, lost: 1 }),
    ]);
  });

  it('a super tiebreak counts one set and one game', () => {
    const table = boxTable(['a', 'b'], [match('a', 'b', '6-4 4-6 8-10')], points, 'BESTOFTHREE');
    expect(table).toEqual([
      row('b', { played: 1, won: 1, setsFor: 2, setsAgainst: 1, gamesFor: 11, gamesAgainst: 10, points: 3 }),
      row('a', { played: 1, lost: 1, setsFor: 1, setsAgainst: 2, gamesFor: 10, gamesAgainst: 11, points: 1 }),
    ]);
  });

  it('a retired match counts its sets and games as played, and pointsPlayed for the loser', () => {
    const [defender, challenger] = score('6-2 2-1');
    const retired: BoxMatch = {
      matchId: 'r',
      defenderId: 'a',
      challengerId: 'b',
      defender,
      challenger: { ...challenger, special: 'retired' },
      counts: true,
    };
    expect(boxTable(['a', 'b'], [retired], { pointsWin: 2, pointsPlayed: 1 }, 'BESTOFTHREE')).toEqual([
      row('a', { played: 1, won: 1, setsFor: 1, gamesFor: 8, gamesAgainst: 3, points: 2 }),
      row('b', { played: 1, lost: 1, setsAgainst: 1, gamesFor: 3, gamesAgainst: 8, points: 1 }),
    ]);
  });

  it('leaves out results that do not count (pending, disputed) and matches without a winner or of others', () => {
    const table = boxTable(
      ['a', 'b'],
      [match('a', 'b', '6-0 6-0', false), match('a', 'b', '6-6'), match('a', 'x', '6-0 6-0')],
      points,
      'BESTOFTHREE',
    );
    expect(table).toEqual([row('a'), row('b')]);
  });

  it('orders by points, then set difference, then game difference', () => {
    // a and b win (3 points), a by more sets; c and d lose (1 point), c by fewer sets.
    const byPoints = boxTable(
      ['d', 'c', 'b', 'a'],
      [match('a', 'd', '6-0 6-0'), match('b', 'c', '6-0 0-6 6-0')],
      points,
      'BESTOFTHREE',
    );
    expect(byPoints.map((r) => r.teamId)).toEqual(['a', 'b', 'c', 'd']);
    const byGames = boxTable(
      ['b', 'a', 'c'],
      [
        match('a', 'c', '6-4 6-4'),
        match('b', 'c', '6-3 6-4'),
        match('c', 'a', '0-6 0-6'),
        match('c', 'b', '0-6 0-6'),
      ],
      points,
      'BESTOFTHREE',
    );
    expect(byGames.map((r) => r.teamId)).toEqual(['b', 'a', 'c']);
    expect(byGames[0]!.gamesFor - byGames[0]!.gamesAgainst).toBe(17);
  });

  it('orders sides equal on points, sets and games by the match between them, else by the draw', () => {
    // a beats b 6-4 6-4 and loses to c 4-6 4-6; b beats c 6-4 6-4: all even, a beat b, b beat c, c beat a.
    const circle = [match('a', 'b', '6-4 6-4'), match('b', 'c', '6-4 6-4'), match('c', 'a', '6-4 6-4')];
    expect(boxTable(['b', 'c', 'a'], circle, points, 'BESTOFTHREE').map((r) => r.teamId)).toEqual([
      'b',
      'c',
      'a',
    ]);
    // Two sides level: the one that won their match first, whatever the draw order.
    const two = [match('a', 'b', '4-6 4-6'), match('a', 'c', '6-4 6-4'), match('b', 'c', '4-6 4-6')];
    const level = boxTable(['a', 'b', 'c'], two, points, 'BESTOFTHREE');
    expect(level.map((r) => r.points)).toEqual([4, 4, 4]);
    expect(level.map((r) => r.teamId)).toEqual(['a', 'b', 'c']);
    const pair = boxTable(
      ['a', 'b'],
      [match('a', 'b', '4-6 4-6')],
      { pointsWin: 1, pointsPlayed: 1 },
      'BESTOFTHREE',
    );
    expect(pair.map((r) => r.teamId)).toEqual(['b', 'a']);
    // a and b level on points (4), sets (2-2) and games (20-20); b beat a: b first, though drawn second.
    const headToHead = boxTable(
      ['a', 'b', 'c', 'd'],
      [match('b', 'a', '6-4 6-4'), match('a', 'c', '6-4 6-4'), match('b', 'd', '4-6 4-6')],
      points,
      'BESTOFTHREE',
    );
    expect(headToHead.map((r) => r.teamId)).toEqual(['b', 'a', 'd', 'c']);
  });

  it('games only: no sets, the games count', () => {
    expect(boxTable(['a', 'b'], [match('a', 'b', '5-9')], points, 'GAMESONLY')).toEqual([
      row('b', { played: 1, won: 1, gamesFor: 9, gamesAgainst: 5, points: 3 }),
      row('a', { played: 1, lost: 1, gamesFor: 5, gamesAgainst: 9, points: 1 }),
    ]);
  });
});

describe('box close (DESIGN.md §12, §15): up and down one box, not past the edges', () => {
  const tables = [
    ['a1', 'a2', 'a3', 'a4'],
    ['b1', 'b2', 'b3', 'b4'],
    ['c1', 'c2', 'c3', 'c4'],
  ];

  it('promotes the top of each box but the first, relegates the bottom of each but the last', () => {
    expect(closeBoxes(tables, { promote: 1, relegate: 1 })).toEqual([
      ['a1', 'a2', 'a3', 'b1'],
      ['a4', 'b2', 'b3', 'c1'],
      ['b4', 'c2', 'c3', 'c4'],
    ]);
  });

  it('says of each side the box it came from and whether it went up, down or stayed', () => {
    const side = (teamId: string, fromBox: number, movement: string) => ({ teamId, fromBox, movement });
    expect(closeMoves(tables, { promote: 1, relegate: 1 })).toEqual([
      [side('a1', 1, 'STAYS'), side('a2', 1, 'STAYS'), side('a3', 1, 'STAYS'), side('b1', 2, 'UP')],
      [side('a4', 1, 'DOWN'), side('b2', 2, 'STAYS'), side('b3', 2, 'STAYS'), side('c1', 3, 'UP')],
      [side('b4', 2, 'DOWN'), side('c2', 3, 'STAYS'), side('c3', 3, 'STAYS'), side('c4', 3, 'STAYS')],
    ]);
    expect(closeMoves([['x', 'y', 'z']], { promote: 1, relegate: 1 })).toEqual([
      [side('x', 1, 'STAYS'), side('y', 1, 'STAYS'), side('z', 1, 'STAYS')],
    ]);
  });

  it('moves as many as set; none when 0; one box stays as it is', () => {
    expect(closeBoxes(tables, { promote: 2, relegate: 1 })).toEqual([
      ['a1', 'a2', 'a3', 'b1', 'b2'],
      ['a4', 'b3', 'c1', 'c2'],
      ['b4', 'c3', 'c4'],
    ]);
    expect(closeBoxes(tables, { promote: 0, relegate: 2 })).toEqual([
      ['a1', 'a2'],
      ['a3', 'a4', 'b1', 'b2'],
      ['b3', 'b4', 'c1', 'c2', 'c3', 'c4'],
    ]);
    expect(closeBoxes([['x', 'y', 'z']], { promote: 1, relegate: 1 })).toEqual([['x', 'y', 'z']]);
    expect(closeBoxes([], { promote: 1, relegate: 1 })).toEqual([]);
  });

  it('a side both promoted and relegated in a small box goes up', () => {
    expect(
      closeBoxes(
        [
          ['a1', 'a2', 'a3'],
          ['b1', 'b2', 'b3'],
          ['c1', 'c2', 'c3'],
        ],
        { promote: 2, relegate: 2 },
      ),
    ).toEqual([
      ['a1', 'b1', 'b2'],
      ['a2', 'a3', 'c1', 'c2'],
      ['b3', 'c3'],
    ]);
  });

  it('property: every side once; a side moves at most one box', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 3, max: 9 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (lengths, promote, relegate) => {
          const boxes = lengths.map((length, box) => Array.from({ length }, (_, i) => `${box}:${i}`));
          const closed = closeBoxes(boxes, { promote, relegate });
          expect(closed.flat().sort()).toEqual(boxes.flat().sort());
          closed.forEach((box, index) =>
            box.forEach((side) =>
              expect(Math.abs(Number(side.split(':')[0]) - index)).toBeLessThanOrEqual(1),
            ),
          );
        },
      ),
    );
  });
});

describe('a side that left after the draw (DESIGN.md §19 "Box seasons")', () => {
  it('given a box table with two sides that left, then they are marked and last, each part in table order', () => {
    const rows = [{ teamId: 'a' }, { teamId: 'b' }, { teamId: 'c' }, { teamId: 'd' }];
    expect(leftAtTheBottom(rows, new Set(['c', 'a']))).toEqual([
      { teamId: 'b', left: false },
      { teamId: 'd', left: false },
      { teamId: 'a', left: true },
      { teamId: 'c', left: true },
    ]);
  });

  it('given no side left, then the table is as it was, none marked', () => {
    const rows = [
      { teamId: 'a', points: 3 },
      { teamId: 'b', points: 0 },
    ];
    expect(leftAtTheBottom(rows, new Set())).toEqual([
      { teamId: 'a', points: 3, left: false },
      { teamId: 'b', points: 0, left: false },
    ]);
  });
});
