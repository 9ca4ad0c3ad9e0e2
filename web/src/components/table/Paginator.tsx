import { useId } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { PAGE_SIZES, pagerState } from '../../lib/table-state';
import { ChevronLeftIcon, ChevronRightIcon, FirstPageIcon, LastPageIcon } from '../icons/icons';

interface PaginatorProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  onPageIndex(index: number): void;
  onPageSize(size: number): void;
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-transparent';

/** Page size (10, 25, 100), "Page X of Y" and first/previous/next/last buttons. */
export function Paginator({ pageIndex, pageSize, total, onPageIndex, onPageSize }: PaginatorProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const state = pagerState(pageIndex, pageSize, total);
  return (
    <nav
      aria-label={t('participants.pager.label')}
      className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 px-1 pt-3 text-sm text-ink-600"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>{t('participants.pager.itemsPerPage')}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className="rounded-md border-0 bg-white py-1 pr-7 pl-2 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-1">
        <span className="mr-2 tabular-nums" aria-live="polite">
          {t('participants.pager.page', { page: state.page, pages: state.pages })}
        </span>
        <button
          type="button"
          className={iconButton}
          disabled={!state.canPrevious}
          onClick={() => onPageIndex(0)}
          aria-label={t('participants.pager.first')}
          title={t('participants.pager.first')}
        >
          <FirstPageIcon />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={!state.canPrevious}
          onClick={() => onPageIndex(state.page - 2)}
          aria-label={t('participants.pager.previous')}
          title={t('participants.pager.previous')}
        >
          <ChevronLeftIcon />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={!state.canNext}
          onClick={() => onPageIndex(state.page)}
          aria-label={t('participants.pager.next')}
          title={t('participants.pager.next')}
        >
          <ChevronRightIcon />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={!state.canNext}
          onClick={() => onPageIndex(state.pages - 1)}
          aria-label={t('participants.pager.last')}
          title={t('participants.pager.last')}
        >
          <LastPageIcon />
        </button>
      </div>
    </nav>
  );
}
