import { describe, expect, it } from 'vitest';
import { clampPageIndex, nextSortDirection, pagerState, toggleSort } from './table-state';

describe('sort cycling', () => {
  it('goes ascending, descending, then none', () => {
    expect(nextSortDirection(false)).toBe('asc');
    expect(nextSortDirection('asc')).toBe('desc');
    expect(nextSortDirection('desc')).toBe(false);
  });

  it('toggles one column at a time', () => {
    expect(toggleSort([], 'position')).toEqual([{ id: 'position', desc: false }]);
    expect(toggleSort([{ id: 'position', desc: false }], 'position')).toEqual([
      { id: 'position', desc: true },
    ]);
    expect(toggleSort([{ id: 'position', desc: true }], 'position')).toEqual([]);
    expect(toggleSort([{ id: 'position', desc: true }], 'joinDate')).toEqual([
      { id: 'joinDate', desc: false },
    ]);
  });
});

describe('paginator', () => {
  it('says Page 1 of 1 when there are no items', () => {
    expect(pagerState(0, 10, 0)).toMatchObject({ page: 1, pages: 1, canPrevious: false, canNext: false });
  });

  it('counts pages and keeps the index in range', () => {
    expect(pagerState(0, 10, 25)).toMatchObject({ page: 1, pages: 3, first: 1, last: 10, canNext: true });
    expect(pagerState(2, 10, 25)).toMatchObject({ page: 3, pages: 3, first: 21, last: 25, canNext: false });
    expect(pagerState(7, 10, 25)).toMatchObject({ page: 3, pages: 3 });
    expect(pagerState(0, 25, 25)).toMatchObject({ page: 1, pages: 1 });
    expect(pagerState(0, 100, 101)).toMatchObject({ pages: 2, canPrevious: false });
  });
});

describe('page index of a shrinking list', () => {
  it('moves to the last page that still has rows', () => {
    expect(clampPageIndex(2, 10, 21)).toBe(2);
    expect(clampPageIndex(2, 10, 20)).toBe(1);
    expect(clampPageIndex(2, 10, 5)).toBe(0);
    expect(clampPageIndex(3, 10, 0)).toBe(0);
    expect(clampPageIndex(1, 25, 40)).toBe(1);
  });
});
