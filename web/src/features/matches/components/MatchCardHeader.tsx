import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { matchesPagePath } from '@courtside/events/page-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import type { EventInfo, Match, MatchStatus } from '../api/matches';
import type { liveNow } from '../model';
import { SportIcon } from './SportIcon';

const statusStyles: Record<MatchStatus, string> = {
  planned: 'bg-sky-50 text-sky-800 ring-sky-200',
  completed: 'bg-brand-50 text-brand-800 ring-brand-200',
  retired: 'bg-amber-50 text-amber-800 ring-amber-200',
  walkover: 'bg-amber-50 text-amber-800 ring-amber-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
};

const linkClass = 'rounded-sm hover:text-brand-700 hover:underline';

/**
 * The top of a match card (spec §2 "Match card"): the sport, event, part and round (links to the matches page
 * filtered by event; the date instead when the event is not shown), and the status, or LIVE with the game score
 * while the match is scored live.
 */
export function MatchCardHeader({
  shown,
  event,
  widget,
  showEvent,
  liveState,
  dateView,
}: {
  shown: Match;
  event?: EventInfo;
  widget: boolean;
  showEvent: boolean;
  liveState: ReturnType<typeof liveNow>;
  dateView: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const eventPath = event ? matchesPagePath(locale, { event: event.name.id }) : '';
  return (
    <header
      className={`flex items-center gap-2 border-b border-ink-100 ${widget ? 'px-3 py-1.5' : 'px-4 py-2.5'}`}
    >
      <SportIcon
        sportsCategory={shown.sportsCategory}
        className={`${widget ? 'size-5' : 'size-6'} shrink-0 text-brand-700`}
      />
      <div
        className={`min-w-0 flex-1 text-xs text-ink-600 sm:text-sm ${showEvent ? '-m-1 truncate p-1' : ''}`}
      >
        {!showEvent && dateView}
        {showEvent && event && (
          <>
            {widget ? (
              <span className="font-semibold text-ink-800">{event.name.name}</span>
            ) : (
              <Link to={eventPath} className={`font-semibold text-ink-800 ${linkClass}`}>
                {event.name.name}
              </Link>
            )}
            {[event.part, event.round].map((part) =>
              part ? (
                <span key={part.id}>
                  <span aria-hidden="true"> · </span>
                  {widget ? (
                    part.name
                  ) : (
                    <Link to={eventPath} className={linkClass}>
                      {part.name}
                    </Link>
                  )}
                </span>
              ) : null,
            )}
          </>
        )}
      </div>
      {liveState ? (
        <span
          className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-[11px] font-bold tracking-wide text-white uppercase"
          data-testid="live-badge"
        >
          <span className="size-1.5 rounded-full bg-white motion-safe:animate-pulse" aria-hidden="true" />
          {t('matchCard.live')}
          <span className="sr-only">{t('matchCard.liveGame', liveState.game)}</span>
        </span>
      ) : (
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${statusStyles[shown.status]}`}
          data-testid="match-status"
        >
          {t(`matchCard.status.${shown.status}`)}
        </span>
      )}
    </header>
  );
}
