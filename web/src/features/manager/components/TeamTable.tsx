import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslation } from '../../../hooks/useTranslation';
import { Paginator } from '../../../components/table/Paginator';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/icons/icons';
import { inputClass } from '../../../components/forms/styles';
import { filterTeams } from '../../../lib/team-filter';
import { clampPageIndex, toggleSort } from '../../../lib/table-state';
import type { SeasonTeam } from '../api/teams';

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
});

const columns = [
  {
    id: 'position',
    accessorFn: (team: SeasonTeam) => team.position ?? 0,
    sortFn: 'basic' as const,
    sortDescFirst: false,
  },
  {
    id: 'joinDate',
    accessorFn: (team: SeasonTeam) => team.joinDate ?? '',
    sortFn: 'text' as const,
    sortDescFirst: false,
  },
  {
    id: 'leaveDate',
    accessorFn: (team: SeasonTeam) => team.leaveDate ?? '',
    sortFn: 'text' as const,
    sortDescFirst: false,
  },
];

export interface TeamColumn {
  id: string;
  header: string;
  /** Sortable by the table (position, joinDate, leaveDate). */
  sortable?: boolean;
  /** Hidden below 640 px (spec §9 mobile breakpoint). */
  hideOnMobile?: boolean;
  className?: string;
  cell(team: SeasonTeam): ReactNode;
}

interface TeamTableProps {
  teams: readonly SeasonTeam[];
  columns: readonly TeamColumn[];
  emptyText: string;
  /** The name of the table for screen readers. */
  label: string;
}

/**
 * A filter box, a table sorted and paged with @tanstack/react-table, and a paginator (10, 25, 100).
 * Sorting cycles ascending, descending, none; the filter matches any member's name.
 */
export function TeamTable({ teams, columns: shown, emptyText, label }: TeamTableProps) {
  const { t } = useTranslation();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const data = useMemo(() => filterTeams(teams, filter), [teams, filter]);
  // Derived rather than reset in an effect: a shrinking list never renders an empty page, not even once.
  const pageIndex = clampPageIndex(pagination.pageIndex, pagination.pageSize, data.length);
  const shownPage = { pageIndex, pageSize: pagination.pageSize };

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (team) => team.teamId,
    state: { sorting, pagination: shownPage },
    onSortingChange: setSorting,
    onPaginationChange: (update) =>
      setPagination((current) => (typeof update === 'function' ? update({ ...current, pageIndex }) : update)),
    autoResetPageIndex: false,
  });
  const rows = table.getRowModel().rows;

  const sortIcon = (id: string) => {
    const entry = sorting.find((s) => s.id === id);
    if (!entry) return <span className="inline-block size-4" aria-hidden="true" />;
    return entry.desc ? <ArrowDownIcon className="size-4" /> : <ArrowUpIcon className="size-4" />;
  };
  const ariaSort = (id: string) => {
    const entry = sorting.find((s) => s.id === id);
    return entry ? (entry.desc ? 'descending' : 'ascending') : undefined;
  };
  const responsive = (column: TeamColumn) => (column.hideOnMobile ? 'hidden sm:table-cell' : '');

  return (
    <div>
      <div className="mb-3 max-w-xs">
        <label htmlFor={filterId} className="sr-only">
          {t('participants.filter')}
        </label>
        <input
          id={filterId}
          type="search"
          value={filter}
          placeholder={t('participants.filterPlaceholder')}
          onChange={(event) => {
            setFilter(event.target.value);
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
          className={inputClass}
        />
      </div>
      <div className="-mx-4 overflow-x-auto sm:mx-0">
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="border-b border-ink-200 text-xs font-semibold tracking-wide text-ink-500 uppercase">
            <tr>
              {shown.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sortable ? ariaSort(column.id) : undefined}
                  className={`px-3 py-2 first:pl-4 last:pr-4 sm:first:pl-3 sm:last:pr-3 ${responsive(column)} ${column.className ?? ''}`}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                      onClick={() => {
                        setSorting((s) => toggleSort(s, column.id));
                        setPagination((p) => ({ ...p, pageIndex: 0 }));
                      }}
                    >
                      {column.header}
                      {sortIcon(column.id)}
                    </button>
                  ) : (
                    // A column without a visible heading (the row's actions) still names itself.
                    column.header || <span className="sr-only">{t('participants.actions')}</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={shown.length} className="px-4 py-6 text-center text-ink-500 sm:px-3">
                  {filter.trim() && teams.length > 0
                    ? t('participants.noMatch', { filter: filter.trim() })
                    : emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="align-top hover:bg-ink-50/60">
                  {shown.map((column) => (
                    <td
                      key={column.id}
                      className={`px-3 py-2.5 first:pl-4 last:pr-4 sm:first:pl-3 sm:last:pr-3 ${responsive(column)} ${column.className ?? ''}`}
                    >
                      {column.cell(row.original)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Paginator
        pageIndex={pageIndex}
        pageSize={pagination.pageSize}
        total={data.length}
        onPageIndex={(next) => setPagination((p) => ({ ...p, pageIndex: next }))}
        onPageSize={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
      />
    </div>
  );
}
