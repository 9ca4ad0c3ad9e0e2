import { lazy, Suspense, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../../hooks/useTranslation';
import { MatchesList } from './MatchesList';
import { MatchCard } from './MatchCard';
import { getMatch, type Match, type MatchListItem } from '../api/matches';
import { isApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { liveRooms } from '../../../lib/live';
import { liveConnectionAtom, type LiveConnectionState } from '../../../stores/live';
import { matchesPageView, widgetDisplay } from '../page-filter';
import { matchesPagePath, webAddress } from '@courtside/events/page-paths';
import { addWidgetTexts } from '../../../locales/widget-texts';
import { i18n } from '../../../lib/i18n';
import type { WidgetRound } from './WidgetBoxes';

addWidgetTexts(i18n);

// A box season's boxes (DESIGN.md §12) with their texts: a chunk of its own, outside the widget's budget.
const WidgetBoxes = lazy(() => import('./WidgetBoxes').then((module) => ({ default: module.WidgetBoxes })));

/** Transparent page background while the widget shows, so it blends into the club's own site. */
function useTransparentBackground() {
  useEffect(() => {
    const targets = [document.documentElement, document.body];
    const before = targets.map((el) => el.style.background);
    targets.forEach((el) => (el.style.background = 'transparent'));
    return () => targets.forEach((el, i) => (el.style.background = before[i] ?? ''));
  }, []);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-1.5 px-0.5 text-[11px] font-semibold tracking-wider text-ink-600 uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Offline only once a connection was lost: before the first one (also in the page's first paint) it is connecting. */
const connectionWord = {
  idle: 'connecting',
  connecting: 'connecting',
  connected: 'live',
  reconnecting: 'offline',
} as const satisfies Record<LiveConnectionState, string>;
const connectionDot: Record<LiveConnectionState, string> = {
  idle: 'bg-ink-300 motion-safe:animate-pulse',
  connecting: 'bg-ink-300 motion-safe:animate-pulse',
  connected: 'bg-lime-500',
  reconnecting: 'bg-amber-400 motion-safe:animate-pulse',
};

/**
 * The embeddable widget `/widget/{locale}/?event={ladderId}` (DESIGN.md §2): the ladder's upcoming and
 * recent matches, compact and without the app's top bar or footer, updating live from
 * `ladder:{ladderId}` (`match.updated` replaces or inserts a match). Made for an iframe 320–400 px wide.
 * `?event={seasonId}` shows that season's matches, live from its ladder's room once a match names the ladder.
 */
export function WidgetPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const view = matchesPageView(params);
  const display = widgetDisplay(params);
  // A ladder's id, or one of its seasons' (the matches list takes both as tags).
  const eventId = view.kind === 'filtered' ? view.eventId : null;
  const [name, setName] = useState<string | null>(null);
  // The ladder the shown matches belong to: its room carries the pushes, also when a season was asked for.
  const [ladderId, setLadderId] = useState<string | null>(null);
  const connection = useAtomValue(liveConnectionAtom);
  // A box season's round (DESIGN.md §12): the lists show its matches only, labelled with it, under its tables.
  const [round, setRound] = useState<WidgetRound | null>(null);
  const roundOf = (title: string) => (round ? `${title} · ${round.label}` : title);
  useTransparentBackground();
  useDocumentTitle(name ?? t('widget.title'));

  const onItems = useCallback(
    (items: readonly MatchListItem[]) => {
      const found = items.find(
        (item) => item.event?.name.id === eventId || item.event?.part?.id === eventId,
      )?.event;
      if (!found) return;
      setName(found.name.name);
      setLadderId(found.name.id);
    },
    [eventId],
  );

  // One match (`?match={id}`, no `?event=` needed): its card, following it live.
  if (view.kind === 'match') return <WidgetMatch matchId={view.matchId} display={display} />;

  if (!eventId) {
    return (
      <main className="p-3 text-sm text-ink-700">
        <p role="alert">{t('widget.missingEvent')}</p>
      </main>
    );
  }

  const room = liveRooms.ladder(ladderId ?? eventId);
  return (
    <main className="mx-auto max-w-md space-y-3 p-2 text-ink-900 sm:p-3" data-testid="widget">
      <header className="flex items-center gap-2 px-0.5">
        <h1 className="min-w-0 flex-1 truncate text-sm font-semibold">
          {name ? `${name} · ${t('widget.title')}` : t('widget.title')}
        </h1>
        <span
          className="inline-flex items-center gap-1 text-[11px] font-medium text-ink-600"
          data-state={connection}
          role="status"
        >
          <span className={`size-2 rounded-full ${connectionDot[connection]}`} aria-hidden="true" />
          {t(`widget.${connectionWord[connection]}`)}
        </span>
      </header>
      <Suspense fallback={null}>
        <WidgetBoxes eventId={eventId} ladderId={ladderId} onRound={setRound} />
      </Suspense>
      <Section title={roundOf(t('widget.upcoming'))}>
        <MatchesList
          tags={[round?.seasonId ?? eventId]}
          notCompleted
          widget
          {...display}
          showEvent={false}
          liveRoom={room}
          emptyText={t('widget.emptyUpcoming')}
          onItems={onItems}
          label={t('widget.upcoming')}
        />
      </Section>
      <Section title={roundOf(t('widget.recent'))}>
        <MatchesList
          tags={[round?.seasonId ?? eventId]}
          completed
          widget
          {...display}
          showEvent={false}
          liveRoom={room}
          emptyText={t('widget.emptyRecent')}
          onItems={onItems}
          label={t('widget.recent')}
        />
      </Section>
      <footer className="px-0.5 text-right text-[10px] text-ink-500">
        <a
          href={webAddress(matchesPagePath(locale, { event: eventId }))}
          target="_blank"
          rel="noopener"
          className="hover:text-brand-700 hover:underline"
        >
          {t('widget.poweredBy')}
        </a>
      </footer>
    </main>
  );
}

/** `?match={id}`: that match's card (no event line), following it live. */
function WidgetMatch({
  matchId,
  display,
}: {
  matchId: string;
  display: { shortName: boolean; onlyOne: boolean };
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ match: Match } | { failed: boolean; notFound: boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getMatch(matchId, controller.signal)
      .then((match) => setState({ match }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState({ failed: true, notFound: isApiError(error) && error.status === 404 });
      });
    return () => controller.abort();
  }, [matchId]);
  return (
    <main className="mx-auto max-w-md space-y-3 p-2 text-ink-900 sm:p-3" data-testid="widget">
      <h1 className="truncate px-0.5 text-sm font-semibold">{t('widget.title')}</h1>
      {state && 'failed' in state && (
        <p role="alert" className="px-0.5 text-sm text-ink-700">
          {state.notFound ? t('matches.notFound') : t('matches.loadFailed')}
        </p>
      )}
      {state && 'match' in state && (
        <MatchCard
          match={state.match}
          widget
          {...display}
          showEvent={false}
          onChange={(match) => setState({ match })}
        />
      )}
    </main>
  );
}
