import { leadingLocalDateTime } from '@courtside/events/matches/match-dates';
import type { Locale } from './locale';

/**
 * Dates as the pages show them, with the short names of date-fns' en-GB and nl locales (Dutch weekdays as CLDR
 * writes them: "vr", not date-fns' "vri"), without date-fns in the browser: six tokens and two languages cost a few
 * hundred bytes where date-fns' `format` and a locale cost 7 kB gzip of a public page (docs/decisions/web.md, "Dates
 * without date-fns").
 */
const names: Record<Locale, { weekdays: readonly string[]; months: readonly string[] }> = {
  en: {
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  nl: {
    weekdays: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
    months: ['jan.', 'feb.', 'mrt.', 'apr.', 'mei', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
  },
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The tokens the pages use; anything else in a pattern is written as it is. */
const tokens: Record<string, (date: Date, locale: Locale) => string> = {
  EEE: (date, locale) => names[locale].weekdays[date.getDay()]!,
  MMM: (date, locale) => names[locale].months[date.getMonth()]!,
  yyyy: (date) => String(date.getFullYear()),
  HH: (date) => twoDigits(date.getHours()),
  mm: (date) => twoDigits(date.getMinutes()),
  d: (date) => String(date.getDate()),
};
const tokenPattern = /EEE|MMM|yyyy|HH|mm|d/g;

/** `date` in `pattern` ("EEE d MMM", "HH:mm", "d MMM yyyy"), local time, in the language of `locale`. */
export function formatDate(date: Date, pattern: string, locale: Locale): string {
  return pattern.replace(tokenPattern, (token) => tokens[token]!(date, locale));
}

/**
 * An ISO day ("2025-05-01", local midnight) or date-time ("2025-05-01T14:05" local, or with `Z` or an offset);
 * null when it is not one or not a real date.
 */
export function parseIsoDate(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const local = new Date(year, month - 1, date);
    return local.getMonth() === month - 1 && local.getDate() === date ? local : null;
  }
  if (leadingLocalDateTime(value) === null) return null;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/** A calendar day ("2025-05-01") as "1 May 2025" / "1 mei 2025"; the input itself when unreadable. */
export function formatDay(day: string | null | undefined, locale: Locale): string {
  if (!day) return '';
  const date = parseIsoDate(day);
  return date ? formatDate(date, 'd MMM yyyy', locale) : day;
}

/** The clock time of a moment, "14:05" in local time. */
export function formatTime(date: Date, locale: Locale): string {
  return formatDate(date, 'HH:mm', locale);
}

/** A moment (ISO date-time) as "1 May 2025, 14:05" in local time. */
export function formatMoment(iso: string, locale: Locale): string {
  const date = parseIsoDate(iso);
  return date ? formatDate(date, 'd MMM yyyy, HH:mm', locale) : iso;
}
