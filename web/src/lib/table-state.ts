type SortDirection = 'asc' | 'desc';

/** Spec §4: sorting cycles ascending, descending, then none. */
export function nextSortDirection(current: SortDirection | false): SortDirection | false {
  if (current === false) return 'asc';
  if (current === 'asc') return 'desc';
  return false;
}

/** The sorting state of a table after a click on the header of `columnId` (one column at a time). */
export function toggleSort(
  sorting: ReadonlyArray<{ id: string; desc: boolean }>,
  columnId: string,
): { id: string; desc: boolean }[] {
  const current = sorting.find((entry) => entry.id === columnId);
  const next = nextSortDirection(current ? (current.desc ? 'desc' : 'asc') : false);
  return next === false ? [] : [{ id: columnId, desc: next === 'desc' }];
}

export const PAGE_SIZES = [10, 25, 100] as const;

/**
 * The page a table shows: never past the last page, so a list that shrinks (a remove, a live
 * change, a filter) leaves the manager on its last page instead of an empty one.
 */
export function clampPageIndex(pageIndex: number, pageSize: number, total: number): number {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return Math.min(Math.max(0, pageIndex), pages - 1);
}

/**
 * What the paginator shows: "Page {page} of {pages}", "Page 1 of 1" when there are no items, and
 * which of first/previous/next/last can be used.
 */
export function pagerState(pageIndex: number, pageSize: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const page = clampPageIndex(pageIndex, pageSize, total) + 1;
  return {
    page,
    pages,
    first: (page - 1) * pageSize + (total === 0 ? 0 : 1),
    last: Math.min(page * pageSize, total),
    canPrevious: page > 1,
    canNext: page < pages,
  };
}
