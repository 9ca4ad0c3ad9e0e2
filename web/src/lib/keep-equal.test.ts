import { describe, expect, it } from 'vitest';
import { keepEqual } from './keep-equal';

describe('keepEqual', () => {
  it('keeps the unchanged rows of a list read again as the objects shown, and only those', () => {
    const shown = {
      ladder: { name: 'Club' },
      teams: [
        { teamId: 'a', won: 1 },
        { teamId: 'b', won: 0 },
      ],
    };
    const readAgain = {
      ladder: { name: 'Club' },
      teams: [
        { teamId: 'a', won: 1 },
        { teamId: 'b', won: 1 },
      ],
    };
    const kept = keepEqual(shown, readAgain);
    expect(kept).toEqual(readAgain);
    expect(kept).not.toBe(shown);
    expect(kept.ladder).toBe(shown.ladder);
    expect(kept.teams[0]).toBe(shown.teams[0]);
    expect(kept.teams[1]).not.toBe(shown.teams[1]);
    expect(kept.teams[1]).toEqual({ teamId: 'b', won: 1 });
  });

  it('gives the previous value itself when nothing changed', () => {
    const shown = { teams: [{ teamId: 'a', members: [{ name: 'Ann' }] }], season: null };
    expect(keepEqual(shown, structuredClone(shown))).toBe(shown);
  });

  it('sees added, removed and reordered entries and keys as changes', () => {
    const shown = [{ id: 1 }, { id: 2 }];
    expect(keepEqual(shown, [{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(keepEqual(shown, [{ id: 2 }, { id: 1 }])).not.toBe(shown);
    const withKey = keepEqual({ a: 1 } as Record<string, unknown>, { a: 1, b: undefined });
    expect(Object.keys(withKey)).toEqual(['a', 'b']);
    const withoutKey = keepEqual({ a: 1, b: undefined } as Record<string, unknown>, { a: 1 });
    expect(Object.keys(withoutKey)).toEqual(['a']);
  });

  it('takes the new value where types differ, and compares dates and maps by identity', () => {
    expect(keepEqual({ a: 1 }, [1])).toEqual([1]);
    expect(keepEqual(null, { a: 1 })).toEqual({ a: 1 });
    const date = new Date(0);
    expect(keepEqual(new Date(0), date)).toBe(date);
    expect(keepEqual(Number.NaN, Number.NaN)).toBeNaN();
  });
});
