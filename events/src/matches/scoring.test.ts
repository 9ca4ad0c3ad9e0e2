import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatSet, recalculate, sideScoreSchema, type ScoredMatch, type SideScoreInput } from './scoring.ts';

/** "6-4 3-6 [10-8]" → both sides' sets; "7-6:7-5" gives tiebreak points after a colon. */
function sides(score: string): [SideScoreInput, SideScoreInput] {
  const d: SideScoreInput = { matchSets: [] };
  const c: SideScoreInput = { matchSets: [] };
  for (const set of score.split(' ').filter(Boolean)) {
    const [games, tiebreak] = set.replace(/[[\]]/g, '').split(':');
    const [dg, cg] = games!.split('-').map((value) => (value === '_' ? null : Number(value)));
    const [dt, ct] = tiebreak ? tiebreak.split('-').map(Number) : [undefined, undefined];
    d.matchSets.push({ score: dg ?? null, ...(dt !== undefined ? { tiebreakScore: dt } : {}) });
    c.matchSets.push({ score: cg ?? null, ...(ct !== undefined ? { tiebreakScore: ct } : {}) });
  }
  return [d, c];
}

/** Who won each set ('d', 'c' or '-') and how the sets read, e.g. "d c d" and "6-4 3-6 [10-8]". */
function sets(result: ScoredMatch): { winners: string; reads: string } {
  const { defender, challenger } = result;
  return {
    winners: defender.matchSets
      .map((set, index) => (set.winner ? 'd' : challenger.matchSets[index]!.winner ? 'c' : '-'))
      .join(' '),
    reads: defender.matchSets.map((set, index) => formatSet(set, challenger.matchSets[index]!)).join(' '),
  };
}

describe('scoring', () => {
  it.each([
    // given the games, when the match is recalculated, then winner and status
    ['BESTOFTHREE', '6-4 6-3', 'defender', 'completed'],
    ['BESTOFTHREE', '4-6 3-6', 'challenger', 'completed'],
    ['BESTOFTHREE', '7-5 7-6:7-5', 'defender', 'completed'],
    ['BESTOFTHREE', '6-4 3-6', null, 'planned'],
    ['BESTOFTHREE', '6-4 3-6 [10-8]', 'defender', 'completed'],
    ['BESTOFTHREE', '6-4 3-6 [9-11]', 'challenger', 'completed'],
    ['BESTOFTHREE', '6-4 3-6 [10-9]', null, 'planned'],
    ['BESTOFTHREE', '6-4 3-6 6-2', 'defender', 'completed'],
    ['BESTOFTHREE', '6-5', null, 'planned'],
    ['BESTOFTHREE', '6-6', null, 'planned'],
    ['BESTOFTHREE', '6-_', null, 'planned'],
    ['BESTOFFIVE', '6-4 6-3', null, 'planned'],
    ['BESTOFFIVE', '6-4 6-3 6-2', 'defender', 'completed'],
    ['BESTOFFIVE', '6-4 3-6 4-6 6-1 10-12', 'challenger', 'completed'],
    ['GAMESONLY', '6-4 4-6 5-4', 'defender', 'completed'],
    ['GAMESONLY', '3-6 6-3', null, 'planned'],
    ['GAMESONLY', '', null, 'planned'],
  ] as const)(
    'given %s and %s, then the winner is %s and the status %s',
    (matchType, score, winner, status) => {
      const [d, c] = sides(score);
      const result = recalculate(d, c, matchType);
      expect(result.winner).toBe(winner);
      expect(result.status).toBe(status);
      expect(result.defender.winner).toBe(winner === 'defender');
      expect(result.challenger.winner).toBe(winner === 'challenger');
    },
  );

  it('given a third set at one set all with 10 points, then both sides mark it a super tiebreak and it shows in brackets', () => {
    const result = recalculate(...sides('6-4 3-6 10-8'), 'BESTOFTHREE');
    expect(result.defender.matchSets.map((set) => set.superTiebreak)).toEqual([false, false, true]);
    expect(result.challenger.matchSets[2]).toEqual({
      order: 3,
      score: 8,
      winner: false,
      superTiebreak: true,
    });
    expect(formatSet(result.defender.matchSets[2]!, result.challenger.matchSets[2]!)).toBe('[10-8]');
  });

  it('given best of five, then a 10-8 fifth set is a regular set, not a super tiebreak', () => {
    const result = recalculate(...sides('6-4 3-6 6-4 3-6 10-8'), 'BESTOFFIVE');
    expect(result.defender.matchSets[4]).toMatchObject({ superTiebreak: false, winner: true });
  });

  it('given 7-6 with tiebreak points, then the set is won and reads 7-6(5)', () => {
    const result = recalculate(...sides('7-6:7-5 6-1'), 'BESTOFTHREE');
    expect(result.defender.matchSets[0]).toEqual({
      order: 1,
      score: 7,
      tiebreakScore: 7,
      winner: true,
      superTiebreak: false,
    });
    expect(formatSet(result.defender.matchSets[0]!, result.challenger.matchSets[0]!)).toBe('7-6(5)');
  });

  it('given winner flags sent by the client, then they are ignored and recomputed', () => {
    const result = recalculate(
      { matchSets: [{ score: 2, winner: true, superTiebreak: true }] },
      { matchSets: [{ score: 6, winner: false }] },
      'BESTOFTHREE',
    );
    expect(result.defender.matchSets[0]).toMatchObject({ winner: false, superTiebreak: false });
    expect(result.challenger.matchSets[0]).toMatchObject({ winner: true });
  });

  it.each([
    ['retired', 'challenger', 'retired'],
    ['walkover', 'challenger', 'walkover'],
  ] as const)(
    'given the defender %s, then the challenger wins with status %s and the scores stay',
    (special, winner, status) => {
      const [d, c] = sides('6-4 2-1');
      const result = recalculate({ ...d, special }, c, 'BESTOFTHREE');
      expect(result.winner).toBe(winner);
      expect(result.status).toBe(status);
      expect(result.defender.matchSets.map((set) => set.score)).toEqual([6, 2]);
    },
  );

  it('given both sides with a special status, then it is refused', () => {
    expect(() =>
      recalculate(
        { matchSets: [], special: 'retired' },
        { matchSets: [], special: 'walkover' },
        'BESTOFTHREE',
      ),
    ).toThrow('Only one side');
  });

  it.each([
    ['six sets', { matchSets: Array.from({ length: 6 }, () => ({ score: 6 })) }],
    ['a negative score', { matchSets: [{ score: -1 }] }],
    ['a fraction', { matchSets: [{ score: 2.5 }] }],
    ['a text', { matchSets: [{ score: '6' }] }],
  ])('given %s, then it is refused', (_what, side) => {
    expect(() => recalculate(side as SideScoreInput, { matchSets: [] }, 'BESTOFTHREE')).toThrow();
  });

  it('is idempotent and never gives both sides the win', () => {
    const set = fc.record({
      score: fc.option(fc.integer({ min: 0, max: 15 }), { nil: null }),
      tiebreakScore: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    });
    const side = fc.record({
      matchSets: fc.array(set, { maxLength: 5 }),
      special: fc.constantFrom('none' as const, 'none' as const, 'retired' as const, 'walkover' as const),
    });
    const matchType = fc.constantFrom('BESTOFTHREE' as const, 'BESTOFFIVE' as const, 'GAMESONLY' as const);
    fc.assert(
      fc.property(side, side, matchType, (defender, challenger, type) => {
        fc.pre(defender.special === 'none' || challenger.special === 'none');
        const once = recalculate(defender, challenger, type);
        const twice = recalculate(once.defender, once.challenger, type);
        expect(twice).toEqual(once);
        expect(once.defender.winner && once.challenger.winner).toBe(false);
        for (let index = 0; index < once.defender.matchSets.length; index++) {
          expect(once.defender.matchSets[index]!.winner && once.challenger.matchSets[index]!.winner).toBe(
            false,
          );
        }
      }),
    );
  });

  it.each([
    // A set is won with 6 games and a lead of 2, or 7-6 after a tiebreak; anything else is not won (yet).
    ['BESTOFTHREE', '4-2 2-4', '- -', '4-2 2-4'],
    ['BESTOFTHREE', '6-5 5-6', '- -', '6-5 5-6'],
    ['BESTOFTHREE', '7-7 8-7', '- -', '7-7 8-7'],
    ['BESTOFTHREE', '7-6:7-4 6-7:3-7 7-6:9-7', 'd c d', '7-6(4) 6-7(3) 7-6(7)'],
    ['BESTOFTHREE', '7-5 5-7 8-6', 'd c d', '7-5 5-7 8-6'],
    ['BESTOFTHREE', '_-6 6-_', '- -', '--6 6--'],
    // Sets after the match is decided count for nobody.
    ['BESTOFTHREE', '6-4 6-3 6-2', 'd d -', '6-4 6-3 6-2'],
    // The third set is a super tiebreak only at one set all, and only when a side reached 10.
    ['BESTOFTHREE', '6-4 3-6 8-10', 'd c c', '6-4 3-6 [8-10]'],
    ['BESTOFTHREE', '6-4 3-6 9-7', 'd c d', '6-4 3-6 9-7'],
    ['BESTOFTHREE', '4-4 3-6 10-8', '- c d', '4-4 3-6 10-8'],
    ['BESTOFTHREE', '6-4 4-4 10-8', 'd - d', '6-4 4-4 10-8'],
    ['BESTOFTHREE', '6-4 3-6 6-6 10-8', 'd c - d', '6-4 3-6 6-6 10-8'],
    ['BESTOFFIVE', '6-4 3-6 10-8', 'd c d', '6-4 3-6 10-8'],
    // Games only: no set has a winner; the side with more games wins.
    ['GAMESONLY', '6-4 4-6 5-4', '- - -', '6-4 4-6 5-4'],
  ] as const)('given %s and %s, then the sets go to %s and read %s', (matchType, score, winners, reads) => {
    expect(sets(recalculate(...sides(score), matchType))).toEqual({ winners, reads });
  });

  it('given more games for the challenger in games only, then the challenger wins', () => {
    const result = recalculate(...sides('4-6 3-6'), 'GAMESONLY');
    expect(result).toMatchObject({ winner: 'challenger', status: 'completed' });
  });

  it('given sides with different numbers of sets, then both sides get every set, the missing ones empty', () => {
    const result = recalculate(
      { matchSets: [{ score: 6 }, { score: 6 }] },
      { matchSets: [{ score: 4 }] },
      'BESTOFTHREE',
    );
    expect(result.challenger.matchSets).toEqual([
      { order: 1, score: 4, winner: false, superTiebreak: false },
      { order: 2, score: null, winner: false, superTiebreak: false },
    ]);
  });

  it.each(['retired', 'walkover'] as const)('given the challenger %s, then the defender wins', (special) => {
    const [d, c] = sides('4-6 2-1');
    const result = recalculate(d, { ...c, special }, 'BESTOFTHREE');
    expect(result).toMatchObject({ winner: 'defender', status: special });
    expect(result.defender.winner).toBe(true);
  });

  it('given both sides with a special status, then the challenger special is named as the problem', () => {
    const refusal = (() => {
      try {
        recalculate(
          { matchSets: [], special: 'retired' },
          { matchSets: [], special: 'walkover' },
          'BESTOFTHREE',
        );
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(z.core.$ZodError);
    expect((refusal as z.core.$ZodError).issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['challenger', 'special'] }),
    ]);
  });

  it.each([
    [{ score: 'six' }, 'A score is a number'],
    [{ score: 2.5 }, 'A score is a whole number'],
    [{ score: -1 }, 'A score cannot be negative'],
    [{ score: 100 }, 'A score is at most 99'],
  ])('given the set %j, then it says "%s"', (set, message) => {
    const parsed = sideScoreSchema.safeParse({ matchSets: [set] });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('given six sets, then it says at most five', () => {
    const parsed = sideScoreSchema.safeParse({ matchSets: Array.from({ length: 6 }, () => ({ score: 1 })) });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['At most 5 sets']);
  });

  it.each([
    [{ score: 6 }, { score: 4 }, '6-4'],
    [{ score: 6 }, { score: null }, '6--'],
    [{ score: 6, tiebreakScore: 5 }, { score: 7, tiebreakScore: 7 }, '6-7(5)'],
    [{ score: 6 }, { score: 7, tiebreakScore: 7 }, '6-7(7)'],
  ] as const)('given the set %j against %j, then it reads %s', (defender, challenger, reads) => {
    const scored = (set: { score: number | null; tiebreakScore?: number }) => ({
      order: 1,
      winner: false,
      superTiebreak: false,
      ...set,
    });
    expect(formatSet(scored(defender), scored(challenger))).toBe(reads);
  });
});
