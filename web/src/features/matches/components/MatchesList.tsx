/**
 * MatchesList — the matches list of spec §2 "Matches list" (infinite scroll on the window or inside
 * an inner container), loading `GET /webapps/api/matches/api/v1/matches?PAGE={n}&…` page by page from
 * page 0; the next page loads within 5 px of the bottom, and loading stops when a page comes back empty.
 *
 * Props (all optional):
 * - `own`          only the signed-in user's matches (`OWN=TRUE`; needs a session).
 * - `editable`     the view allows editing: cards of matches the server flags `editable` get Edit.
 * - `completed`    completed, retired, walkover and cancelled matches (`COMPLETED=TRUE`).
 * - `notCompleted` planned matches (`NOTCOMPLETED=TRUE`). COMPLETED is sent by default unless
 *                  not-completed is requested (spec §7); pass both for both.
 * - `widget`       compact cards without links or editing (the embeddable widget).
 * - `showEvent`    show event, part and round on each card (default true).
 * - `height`       CSS height (e.g. 480 or '60vh') of an inner scrolling container; without it the
 *                  list grows with the page and the window scroll loads more.
 * - `tags`         ladder, season, team or player ids (`TAGS`, comma-joined; a match matches all).
 * - `reloadKey`    any value; when it changes the list reloads from page 0 (e.g. after a match is
 *                  created).
 * - `liveRoom`     a live room (e.g. `ladder:{id}`) whose `match.updated` pushes replace a shown match
 *                  or insert a new one that fits the list; its matches must all fit `tags`. Without
 *                  it each card follows its own `match:{id}` room.
 * - `emptyText`    the text when there are no matches.
 * - `onItems`      called with the items shown after each change.
 * - `onLeave`      called when a shown match no longer fits the list after a save, a cancellation or
 *                  a live update (e.g. a planned match got its result); it is taken out of the list.
 *
 * The manager area's Matches tab embeds
 * `<MatchesList tags={[seasonId]} editable notCompleted showEvent={false} reloadKey={n} />`.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { Spinner } from '../../../components/feedback/Spinner';
import { secondaryButtonClass } from '../../../components/forms/styles';
import { getMatch, matchSchema, type Match, type MatchListItem } from '../api/matches';
import { MatchCard } from './MatchCard';
import { useMatchPages } from '../hooks/useMatchPages';
import {
  applyLiveMatch,
  containerDistance,
  isNearBottom,
  statusesOf,
  withLiveUpdate,
  type MatchesFilter,
} from '../model';
import { addMatchesTexts } from '../../../locales/matches-texts';
import { i18n } from '../../../lib/i18n';

// The texts of the matches pages come with their list (the page modules all open it).
addMatchesTexts(i18n);

interface MatchesListProps {
  own?: boolean;
  editable?: boolean;
  /** The viewer manages the season (the cards offer Cancel match also for matches with a result). */
  manager?: boolean;
  completed?: boolean;
  notCompleted?: boolean;
  widget?: boolean;
  /** Display flags of the cards' sides (spec §2): first name and initial; only the first member. */
  shortName?: boolean;
  onlyOne?: boolean;
  showEvent?: boolean;
  height?: number | string;
  tags?: readonly string[];
  reloadKey?: unknown;
  liveRoom?: string | null;
  emptyText?: string;
  onItems?: (items: readonly MatchListItem[]) => void;
  onLeave?: (match: Match) => void;
  /** Accessible name of the list. */
  label?: string;
}

export function MatchesList({
  own = false,
  editable = false,
  manager = false,
  completed = false,
  notCompleted = false,
  widget = false,
  shortName = false,
  onlyOne = false,
  showEvent = true,
  height,
  tags,
  reloadKey,
  liveRoom,
  emptyText,
  onItems,
  onLeave,
  label,
}: MatchesListProps) {
  const { t } = useTranslation();
  const tagKey = (tags ?? []).join(',');
  const filter = useMemo<MatchesFilter>(
    () => ({ own, completed, notCompleted, tags: tagKey ? tagKey.split(',') : [] }),
    [own, completed, notCompleted, tagKey],
  );

  const { items, setItems, state, error, loadNext, canLoadMore, restart, retry, generation } = useMatchPages(
    filter,
    reloadKey,
  );
  const container = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);

  /** Loads the next page when the end of the list is within 5 px of the bottom of what is visible. */
  const check = useCallback(() => {
    if (!canLoadMore()) return;
    let distance: number;
    if (height !== undefined && container.current) {
      distance = containerDistance(container.current);
    } else if (end.current) {
      distance = end.current.getBoundingClientRect().bottom - window.innerHeight;
    } else return;
    if (isNearBottom(distance)) void loadNext();
  }, [height, loadNext, canLoadMore]);

  // After each page (or a resize), the list may still end above the bottom: load more.
  useEffect(() => {
    const frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [items, state, check]);

  useEffect(() => {
    if (height !== undefined) return;
    const onScroll = () => check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [height, check]);

  useEffect(() => {
    onItems?.(items);
  }, [items, onItems]);

  useLiveRoom(liveRoom ?? null, {
    'match.updated': (payload) => {
      const parsed = matchSchema.safeParse(payload.match);
      if (!parsed.success) return;
      const pushed = parsed.data;
      const fits = statusesOf(filter).includes(pushed.status);
      const shown = items.some((item) => item.match.id === pushed.id);
      setItems((current) => applyLiveMatch(current, pushed, filter, !own));
      if (shown && !fits) onLeave?.(pushed);
      // A pushed match carries no viewer flags: a new one in an editable list is fetched as the viewer.
      if (!shown && fits && !own && editable && !widget) {
        const mine = generation();
        getMatch(pushed.id)
          .then((match) => {
            if (mine !== generation()) return;
            setItems((current) =>
              current.map((item) => (item.match.id === match.id ? { ...item, match } : item)),
            );
          })
          .catch(() => undefined);
      }
    },
    'live.updated': (payload) => {
      // DESIGN.md §7: the card of a match scored live shows the game and the server as they change.
      setItems((current) =>
        current.some((item) => item.match.id === payload.matchId)
          ? current.map((item) => {
              const match = withLiveUpdate(item.match, payload);
              return match ? { ...item, match } : item;
            })
          : current,
      );
    },
    onResync: restart,
  });

  const replace = useCallback(
    (match: Match) => {
      setItems((current) => applyLiveMatch(current, match, filter, false));
      if (!statusesOf(filter).includes(match.status)) onLeave?.(match);
    },
    [filter, onLeave],
  );

  const emptyBoxPadding = widget ? 'px-3 py-4' : 'px-4 py-8';
  const scrollStyle =
    height === undefined ? undefined : { height: typeof height === 'number' ? `${height}px` : height };

  return (
    <div
      ref={container}
      onScroll={height === undefined ? undefined : check}
      style={scrollStyle}
      className={height === undefined ? '' : '-mx-1 overflow-y-auto overscroll-contain px-1'}
      data-testid="matches-list"
      data-state={state}
    >
      <ul
        className={widget ? 'space-y-2' : 'space-y-3 sm:space-y-4'}
        aria-label={label}
        aria-busy={state === 'loading'}
      >
        {items.map((item) => (
          <li key={item.match.id}>
            <MatchCard
              match={item.match}
              event={item.event}
              editable={editable}
              manager={manager}
              widget={widget}
              shortName={shortName}
              onlyOne={onlyOne}
              showEvent={showEvent}
              live={!liveRoom}
              onChange={replace}
            />
          </li>
        ))}
      </ul>
      <div ref={end} className="h-px" aria-hidden="true" />
      {state === 'loading' && (
        // Shown only when the page is slow (spec §9). The first page's placeholder keeps the height of the "no
        // matches" box that may replace it, and a further page's indicator takes no room until it shows, so a
        // quick answer moves nothing below the list (CLS).
        <div
          className={
            items.length === 0
              ? `border border-transparent text-sm text-ink-500 ${emptyBoxPadding}`
              : 'animate-reveal-late overflow-hidden'
          }
          role="status"
        >
          <span
            className={`flex items-center justify-center gap-2 text-sm text-ink-500 ${
              items.length === 0 ? 'animate-[fade-in_0s_300ms_both]' : 'py-4'
            }`}
          >
            <Spinner className="size-5" />
            <span>{t('matches.loadingMore')}</span>
          </span>
        </div>
      )}
      {state === 'done' && items.length === 0 && (
        <p
          className={`rounded-xl border border-dashed border-ink-300 text-center text-sm text-ink-600 ${emptyBoxPadding} ${
            widget ? '' : 'bg-white/60'
          }`}
          data-testid="matches-empty"
        >
          {emptyText ?? t('matches.empty')}
        </p>
      )}
      {state === 'error' && (
        <div className="flex flex-col items-center gap-2 py-4 text-center text-sm text-red-700" role="alert">
          <p>{error}</p>
          <button type="button" onClick={retry} className={secondaryButtonClass}>
            {t('matches.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
