import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/http';
import { listMatches, type MatchListItem } from '../api/matches';
import { appendPage, type MatchesFilter } from '../model';

export type LoadState = 'idle' | 'loading' | 'done' | 'error';

export interface MatchPages {
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
  const [items, setItems] = useState<MatchListItem[]>([]);
  const [state, setState] = useState<LoadState>('idle');
  const [error, setError] = useState<string | null>(null);
  const nextPage = useRef(0);
  const loading = useRef(false);
  const finished = useRef(false);
  const generation = useRef(0);

  const loadNext = useCallback(async () => {
    if (loading.current || finished.current) return;
    loading.current = true;
    const mine = generation.current;
    setState('loading');
    try {
      const page = await listMatches(nextPage.current, filter);
      if (mine !== generation.current) return;
      if (page.length === 0) {
        finished.current = true;
        setState('done');
      } else {
        nextPage.current += 1;
        setItems((current) => appendPage(current, page));
        setState('idle');
      }
    } catch (cause) {
      if (mine !== generation.current) return;
      finished.current = true; // until "Try again"
      setError(isApiError(cause) && cause.kind !== 'network' ? cause.error : t('matches.loadFailed'));
      setState('error');
    } finally {
      if (mine === generation.current) loading.current = false;
    }
  }, [filter, t]);

  // (Re)load from page 0 when the filter or the reload key changes.
  useEffect(() => {
    generation.current += 1;
    nextPage.current = 0;
    loading.current = false;
    finished.current = false;
    setItems([]);
    setError(null);
    void loadNext();
  }, [loadNext, reloadKey]);

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
