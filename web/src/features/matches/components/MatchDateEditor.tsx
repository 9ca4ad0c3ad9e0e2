import { useId } from 'react';
import type { Match } from '../api/matches';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import { formatMatchDate } from './MatchDate';

interface MatchDateEditorProps {
  match: Match;
  draftDate: string | null;
  clampedTo: string | null;
  /** A result entered before the match's date moved the date to now (useMatchDraft). */
  dateMovedToNow: boolean;
  onDateChange: (value: string) => void;
  draftLocation: string | undefined;
  onLocationChange: (value: string) => void;
}

/**
 * The date and time of a match being edited; a date past the season's end is clamped, and says so, as does a date
 * moved to today by a result entered before it.
 */
export function MatchDateEditor({
  match,
  draftDate,
  clampedTo,
  dateMovedToNow,
  onDateChange,
  draftLocation,
  onLocationChange,
}: MatchDateEditorProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fieldId = useId();
  const locationId = useId();
  return (
    <div className="flex w-full flex-col gap-1 sm:w-auto">
      <label htmlFor={fieldId} className="text-xs font-medium text-ink-700">
        {t('matchCard.dateLabel')}
      </label>
      <input
        id={fieldId}
        type="datetime-local"
        value={draftDate ?? ''}
        max={match.latestDate ? `${match.latestDate}T23:59` : undefined}
        onChange={(event) => onDateChange(event.currentTarget.value)}
        className="rounded-md border-0 bg-white px-2 py-1.5 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
      />
      {clampedTo && (
        <p className="text-xs text-amber-700" role="status">
          {t('matchCard.clamped', {
            date: formatMatchDate(`${clampedTo}T00:00`, locale)?.date ?? clampedTo,
          })}
        </p>
      )}
      {dateMovedToNow && (
        <p className="max-w-xs text-xs text-ink-700" role="status" data-testid="date-moved-to-now">
          {t('matchCard.movedToNow')}
        </p>
      )}
      {/* DESIGN.md §9: where the match is played, one line of at most 100 characters. */}
      <label htmlFor={locationId} className="mt-1 text-xs font-medium text-ink-700">
        {t('matchCard.location')}
      </label>
      <input
        id={locationId}
        type="text"
        value={draftLocation ?? ''}
        maxLength={100}
        onChange={(event) => onLocationChange(event.currentTarget.value)}
        className="rounded-md border-0 bg-white px-2 py-1.5 text-sm text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
        data-testid="match-location-input"
      />
    </div>
  );
}
