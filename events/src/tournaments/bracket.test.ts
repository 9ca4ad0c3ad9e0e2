import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketSides,
  isPlayable,
  makeBracket,
  matchIdsNeeded,
  nextMatchOf,
  nextPowerOfTwo,
  roundsOf,
  seedOrder,
  type Bracket,
} from './bracket.ts';

const sides = (count: number) => Array.from({ length: count }, (_, index) => `s${index + 1}`);
const ids = (count: number) => Array.from({ length: count }, (_, index) => `m${index + 1}`);
const strip = (bracket: Bracket) =>
  bracket.matches.map(({ matchId, round, position, sideA, sideB }) => [
    matchId,
    round,
    position,
    sideA,
    sideB,
  ]);

describe('knockout draw (DESIGN.md §16)', () => {
  it('has the next power of two slots', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 65, 128].map(nextPowerOfTwo)).toEqual([1, 2, 4, 4, 8, 8, 16, 128, 128]);
    expect(roundsOf(8)).toBe(3);
  });

  it('places seeds in the standard order: for 8, 1–8, 4–5, 3–6, 2–7 top to bottom', () => {
    expect(seedOrder(1)).toEqual([1]);
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 3, 6, 2, 7]);
    expect(seedOrder(16)).toEqual([1, 16, 8, 9, 5, 12, 4, 13, 3, 14, 6, 11, 7, 10, 2, 15]);
  });

  it('property: every seed once; 1 and 2 in different halves; the top seeds of each quarter are 1–4', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), (power) => {
        const slots = 2 ** power;
        const order = seedOrder(slots);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: slots }, (_, i) => i + 1));
        // each first-round match adds up to slots + 1, the top seed above
        for (let i = 0; i < slots; i += 2) {
          expect(order[i]! + order[i + 1]!).toBe(slots + 1);
          expect(order[i]!).toBeLessThan(order[i + 1]!);
        }
        expect(order.indexOf(1) < slots / 2).toBe(true);
        expect(order.indexOf(2) >= slots / 2).toBe(true);
        if (slots >= 4) {
          const quarters = [0, 1, 2, 3].map((q) =>
            Math.min(...order.slice((q * slots) / 4, ((q + 1) * slots) / 4)),
          );
          expect([...quarters].sort()).toEqual([1, 2, 3, 4]);
        }
      }),
    );
  });

  it('draws 8 sides as four matches and a bracket of 7 matches', () => {
    const bracket = makeBracket(sides(8), ids(20), false);
    expect(bracket.slots).toBe(8);
    expect(strip(bracket)).toEqual([
      ['m1', 1, 1, 's1', 's8'],
      ['m2', 1, 2, 's4', 's5'],
      ['m3', 1, 3, 's3', 's6'],
      ['m4', 1, 4, 's2', 's7'],
      ['m5', 2, 1, undefined, undefined],
      ['m6', 2, 2, undefined, undefined],
      ['m7', 3, 1, undefined, undefined],
    ]);
    expect(bracket.plate).toBeUndefined();
  });

  it('gives the byes to the top seeds: a bye is no match, the seed stands in round 2', () => {
    const bracket = makeBracket(sides(5), ids(20), false);
    expect(strip(bracket)).toEqual([
      ['m1', 1, 2, 's4', 's5'],
      ['m2', 2, 1, 's1', undefined],
      ['m3', 2, 2, 's3', 's2'],
      ['m4', 3, 1, undefined, undefined],
    ]);
    expect(strip(makeBracket(sides(2), ids(3), true))).toEqual([['m1', 1, 1, 's1', 's2']]);
    expect(strip(makeBracket(sides(3), ids(3), false))).toEqual([
      ['m1', 1, 2, 's2', 's3'],
      ['m2', 2, 1, 's1', undefined],
    ]);
  });

  it('takes N − 1 match ids, and the plate’s on top', () => {
    expect([2, 3, 5, 8, 9, 128].map((n) => matchIdsNeeded(n, false))).toEqual([1, 2, 4, 7, 8, 127]);
    // 8 sides: four first-round losers, a plate of 3 matches
    expect(matchIdsNeeded(8, true)).toBe(10);
    // 2 sides: only the final, no plate
    expect(matchIdsNeeded(2, true)).toBe(1);
  });

  it('property: byes go to seeds 1…(slots − N), each side stands in exactly one first match', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 128 }), (count) => {
        const bracket = makeBracket(sides(count), ids(300), false);
        const byes = bracket.matches
          .filter((match) => match.round === 2)
          .flatMap((match) => [match.sideA, match.sideB])
          .filter((side) => side !== undefined);
        expect(byes.sort()).toEqual(sides(bracket.slots - count).sort());
        const first = bracket.matches
          .flatMap((match) => [match.sideA, match.sideB])
          .filter((s) => s !== undefined);
        expect(first.sort()).toEqual(sides(count).sort());
        expect(bracket.matches).toHaveLength(count - 1);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the winner placed in the next match; the plate', () => {
  it('places a winner in the next round’s match at once, on the side of its place', () => {
    const bracket = makeBracket(sides(8), ids(20), false);
    expect(nextMatchOf(bracket, 'm1')).toEqual({ matchId: 'm5', side: 'a' });
    expect(nextMatchOf(bracket, 'm2')).toEqual({ matchId: 'm5', side: 'b' });
    expect(nextMatchOf(bracket, 'm4')).toEqual({ matchId: 'm6', side: 'b' });
    expect(nextMatchOf(bracket, 'm7')).toBeUndefined();
    expect(nextMatchOf(bracket, 'nope')).toBeUndefined();
    const sidesNow = bracketSides(bracket, { m1: 's8', m2: 's4' });
    expect(sidesNow.get('m5')).toEqual({ a: 's8', b: 's4' });
    expect(sidesNow.get('m6')).toEqual({ a: null, b: null });
    expect(isPlayable(sidesNow.get('m5')!)).toBe(true);
    expect(isPlayable(sidesNow.get('m6')!)).toBe(false);
    // a winner who is not a side of the match is not taken
    expect(bracketSides(bracket, { m1: 's4' }).get('m5')).toEqual({ a: null, b: null });
  });

  it('puts the losers of first played matches into the plate, a seed with a bye only when it loses in round 2', () => {
    const bracket = makeBracket(sides(6), ids(20), true);
    // 6 sides: byes for s1, s2; round 1: s4–s5, s3–s6; round 2: s1–(4/5), (3/6)–s2
    expect(bracket.plate!.feeders).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(nextMatchOf(bracket, bracket.plate!.matches[0]!.matchId)).toEqual({
      matchId: bracket.plate!.matches[2]!.matchId,
      side: 'a',
    });
    const [p1, p2, p3] = bracket.plate!.matches.map((match) => match.matchId);
    // s1 beats s4 (s4 had played already: no plate place from m3), s2 loses to s3 (its first match: plate)
    const sidesNow = bracketSides(bracket, { m1: 's4', m2: 's3', m3: 's1', m4: 's3' });
    expect(sidesNow.get(p1!)).toEqual({ a: 's5', b: 's6' });
    expect(sidesNow.get(p2!)).toEqual({ a: 'none', b: 's2' });
    // the plate's empty place passes s2 on without a match
    expect(sidesNow.get(p3!)).toEqual({ a: null, b: 's2' });
    expect(bracketSides(bracket, { m1: 's4' }).get(p2!)).toEqual({ a: null, b: null });
    expect(bracketSides(bracket, {}).get(p1!)).toEqual({ a: null, b: null });
  });

  it('a plate place with nobody on either side passes nobody on', () => {
    const bracket = makeBracket(sides(5), ids(20), true);
    // feeders: m1 (s4–s5), m2 (s1 v winner), m3 (s3–s2): 3 feeders in 4 places
    expect(bracket.plate!.feeders).toEqual(['m1', 'm2', 'm3']);
    const [p1, p2, p3] = bracket.plate!.matches.map((match) => match.matchId);
    const sidesNow = bracketSides(bracket, { m1: 's4', m2: 's1', m3: 's3' });
    expect(sidesNow.get(p1!)).toEqual({ a: 's5', b: 'none' });
    expect(sidesNow.get(p2!)).toEqual({ a: 's2', b: 'none' });
    expect(sidesNow.get(p3!)).toEqual({ a: 's5', b: 's2' });
    const none = bracketSides(makeBracket(sides(7), ids(20), true), {});
    expect([...none.values()].some((s) => s.a === 'none' && s.b === 'none')).toBe(false);
  });

  it('property: every side reaches the final only by winning; the plate holds only first-played losers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 100, maxLength: 100 }),
        (count, plate, coins) => {
          const bracket = makeBracket(sides(count), ids(200), plate);
          const all = [...bracket.matches, ...(bracket.plate?.matches ?? [])];
          const winners: Record<string, string> = {};
          let flip = 0;
          for (;;) {
            const now = bracketSides(bracket, winners);
            const open = all.find((m) => winners[m.matchId] === undefined && isPlayable(now.get(m.matchId)!));
            if (!open) break;
            const { a, b } = now.get(open.matchId)!;
            winners[open.matchId] = (coins[flip++ % coins.length] ? a : b) as string;
          }
          const final = bracketSides(bracket, winners);
          const finalMatch = bracket.matches[bracket.matches.length - 1]!;
          const { a, b } = final.get(finalMatch.matchId)!;
          expect(isPlayable({ a, b })).toBe(true);
          for (const finalist of [a, b] as string[]) {
            for (const match of bracket.matches) {
              if (match === finalMatch) continue;
              const s = final.get(match.matchId)!;
              if (s.a === finalist || s.b === finalist) expect(winners[match.matchId]).toBe(finalist);
            }
          }
          const firstPlayed = (side: string) =>
            bracket.matches.find((m) => {
              const s = final.get(m.matchId)!;
              return s.a === side || s.b === side;
            })!;
          for (const match of bracket.plate?.matches.filter((m) => m.round === 1) ?? []) {
            const s = final.get(match.matchId)!;
            for (const side of [s.a, s.b].filter((x) => x !== 'none') as string[]) {
              expect(winners[firstPlayed(side).matchId]).not.toBe(side);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
