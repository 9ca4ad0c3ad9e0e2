import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { isApiError } from '../../../lib/http';
import { firstMatchesPageOf, listMatches, type MatchListItem } from '../api/matches';
import { appendPage, type MatchesFilter } from '../model';

type LoadState = 'idle' | 'loading' | 'done' | 'error';

interface MatchPages {
  items: MatchListItem[];
  setItems: Dispatch<SetStateAction<MatchListItem[]>>;
  state: LoadState;
  error: string | null;
  /** Loads the next page unless one is loading or the list is finished (an empty page came back). */
  loadNext(): Promise<void>;
  /** Whether another page may be loaded now (nothing loading, not finished). */
  canLoadMore(): boolean;
  /** Starts over from page 0 (a live resync). */
  restart(): void;
  /** After a failure: tries the same page again. */
  retry(): void;
  /** Changes on every start-over; an answer asked for under an older one is dropped. */
  generation(): number;
}

/**
 * The pages of `GET matches` for a filter (spec §7, §9): from page 0, one page at a time, finished
 * when a page comes back empty; starts over when the filter or `reloadKey` changes. The list's
 * scrolling decides when to ask for the next page (`components/MatchesList.tsx`).
 */
export function useMatchPages(filter: MatchesFilter, reloadKey: unknown): MatchPages {
  const { t } = useTranslation();
  // The first page the page was sent with (its first paint), when it was: shown from the first render, and
  // fetched again on mount (it may have changed since) without a placeholder in between.
  const [firstPage] = useState(() => firstMatchesPageOf(filter));
  const [items, setItems] = useState<MatchListItem[]>(() => firstPage ?? []);
  const [state, setState] = useState<LoadState>(firstPage?.length === 0 ? 'done' : 'idle');
  const [error, setError] = useState<string | null>(null);
  const nextPage = useRef(0);
  const loading = useRef(false);
  const finished = useRef(false);
  const generation = useRef(0);
  const keepFirstPage = useRef(firstPage !== undefined);

  /** Loads the next page; `quiet` leaves what is shown as it is meanwhile (the first paint's page 0). */
  const loadPage = useCallback(
    async (quiet: boolean) => {
      if (loading.current || finished.current) return;
      loading.current = true;
      const mine = generation.current;
      if (!quiet) setState('loading');
      try {
        const firstOfList = nextPage.current === 0;
        const page = await listMatches(nextPage.current, filter);
        if (mine !== generation.current) return;
        if (page.length === 0) finished.current = true;
        else nextPage.current += 1;
        // Rendered in a transition: a page of cards is rendered in slices that yield to the browser, not as one
        // long task of a phone's main thread (docs/performance.md, "Pages on a phone").
        startTransition(() => {
          // A fresh page 0 replaces the first paint's page 0 while the list still shows just that.
          if (firstOfList) setItems((current) => (current === firstPage ? page : appendPage(current, page)));
          else if (page.length > 0) setItems((current) => appendPage(current, page));
          setState(page.length === 0 ? 'done' : 'idle');
        });
      } catch (cause) {
        if (mine !== generation.current) return;
        finished.current = true; // until "Try again"
        setError(isApiError(cause) && cause.kind !== 'network' ? cause.error : t('matches.loadFailed'));
        setState('error');
      } finally {
        if (mine === generation.current) loading.current = false;
      }
    },
    [filter, firstPage, t],
  );
  const loadNext = useCallback(() => loadPage(false), [loadPage]);

  // (Re)load from page 0 when the filter or the reload key changes.
  useEffect(() => {
    generation.current += 1;
    nextPage.current = 0;
    loading.current = false;
    finished.current = false;
    const keep = keepFirstPage.current;
    keepFirstPage.current = false;
    if (!keep) setItems([]);
    setError(null);
    void loadPage(keep);
  }, [loadPage, reloadKey]);

  const restart = () => {
    generation.current += 1;
    nextPage.current = 0;
    loading.current = false;
    finished.current = false;
    setItems([]);
    void loadNext();
  };

  const retry = () => {
    finished.current = false;
    setError(null);
    void loadNext();
  };

  const canLoadMore = useCallback(() => !loading.current && !finished.current, []);

  return {
    items,
    setItems,
    state,
    error,
    loadNext,
    canLoadMore,
    restart,
    retry,
    generation: () => generation.current,
  };
}
