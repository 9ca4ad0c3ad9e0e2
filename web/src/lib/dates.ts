import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { loadedDateLocale } from './date-locales';
import type { Locale } from './locale';

/**
 * `date` in `pattern` (date-fns tokens: "EEE d MMM", "HH:mm"), in the language of `locale`. Other languages than
 * English load with their texts (lib/date-locales.ts); until then English names are shown.
 */
export function formatDate(date: Date, pattern: string, locale: Locale): string {
  return format(date, pattern, { locale: loadedDateLocale(locale) ?? enGB });
}

/** A calendar day ("2025-05-01") as "1 May 2025" / "1 mei 2025"; the input itself when unreadable. */
export function formatDay(day: string | null | undefined, locale: Locale): string {
  if (!day) return '';
  const date = parseISO(day);
  return isValid(date) ? formatDate(date, 'd MMM yyyy', locale) : day;
}

/** A moment (ISO date-time) as "1 May 2025, 14:05" in local time. */
export function formatMoment(iso: string, locale: Locale): string {
  const date = parseISO(iso);
  return isValid(date) ? formatDate(date, 'd MMM yyyy, HH:mm', locale) : iso;
}
