import { matchesPagePath, webAddress } from '@courtside/events/page-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import { formatDay, formatTime } from '../../../lib/dates';
import type { Locale } from '../../../lib/locale';
import type { EventInfo, Match } from '../api/matches';
import { toLocalDate } from '../model';

export function formatMatchDate(value: string | null, locale: Locale): { date: string; time: string } | null {
  const date = toLocalDate(value);
  if (!date || !value?.includes('T')) return null;
  return {
    // Every date on a page is written one way (DESIGN.md §19 "Dates"): "28 Nov 2026", "28 nov. 2026".
    date: formatDay(value, locale),
    time: formatTime(date, locale),
  };
}

/** A match card's date and time (spec §2): a click downloads `{name}.ics`; "No date" without one. */
export function MatchDate({
  match,
  shownDate,
  event,
  widget,
  onError,
}: {
  match: Match;
  /** The date shown (the draft's while editing). */
  shownDate: string | null;
  event?: EventInfo;
  widget: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();

  const downloadCalendar = async () => {
    // The calendar code (the `ics` package) loads on the first click only.
    const { buildMatchCalendar, downloadCalendarFile } = await import('../../../lib/calendar');
    const url = `${window.location.origin}${webAddress(matchesPagePath(locale, { match: match.id }))}`;
    const file = buildMatchCalendar(match, event, { url });
    if (file) downloadCalendarFile(file);
  };

  const when = formatMatchDate(shownDate, locale);
  return when ? (
    <button
      type="button"
      onClick={() => void downloadCalendar().catch(onError)}
      className={`-ml-1 inline-flex min-w-0 items-center gap-1.5 rounded-md px-1 py-0.5 ${widget ? 'text-xs' : 'text-sm'} text-ink-700 hover:bg-ink-50 hover:text-brand-800`}
      title={t('matchCard.addToCalendar')}
      data-testid="match-date"
    >
      <CalendarIcon />
      <span className="font-medium">{when.date}</span>
      <span className="text-ink-500">{when.time}</span>
      <span className="sr-only">{t('matchCard.addToCalendar')}</span>
    </button>
  ) : (
    <span
      className={`inline-flex items-center gap-1.5 ${widget ? 'text-xs' : 'text-sm'} text-ink-500`}
      data-testid="match-date"
    >
      <CalendarIcon />
      {t('matchCard.noDate')}
    </span>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-4 shrink-0 text-brand-700" aria-hidden="true">
      <rect x="2" y="3" width="12" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path
        d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
