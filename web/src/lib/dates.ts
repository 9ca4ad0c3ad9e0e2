import { format, isValid, parseISO } from 'date-fns';
import { enGB, nl } from 'date-fns/locale';
import type { Locale } from './locale';

const dateLocales = { en: enGB, nl } as const;

/** A calendar day ("2025-05-01") as "1 May 2025" / "1 mei 2025"; the input itself when unreadable. */
export function formatDay(day: string | null | undefined, locale: Locale): string {
  if (!day) return '';
  const date = parseISO(day);
  return isValid(date) ? format(date, 'd MMM yyyy', { locale: dateLocales[locale] }) : day;
}

/** A moment (ISO date-time) as "1 May 2025, 14:05" in local time. */
export function formatMoment(iso: string, locale: Locale): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm', { locale: dateLocales[locale] }) : iso;
}
