/** Locales of the page addresses `/webapps/{page}/{locale}/…`. */
export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The address of a page in a locale (a router path, without the /webapps basename), written once in events. */
export { pagePath } from '@courtside/events/page-paths';

/** The same router path with the locale segment (the second one) replaced; other paths unchanged. */
export function withLocale(pathname: string, locale: Locale): string {
  const parts = pathname.split('/');
  // ['', page, locale, ...rest]
  if (parts.length < 3 || parts[1] === '') return pathname;
  parts[2] = locale;
  return parts.join('/');
}
