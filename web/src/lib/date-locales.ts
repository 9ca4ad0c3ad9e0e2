import type { Locale as DateFnsLocale } from 'date-fns';
import type { Locale } from './locale';

/**
 * date-fns' locales other than English, loaded with their language's texts (`setLanguage` in lib/i18n.ts awaits
 * them), so a page in English does not carry the Dutch month and day names. Formatting lives in lib/dates.ts.
 */
const loaders: Partial<Record<Locale, () => Promise<DateFnsLocale>>> = {
  nl: async () => (await import('date-fns/locale/nl')).nl,
};
const loaded: Partial<Record<Locale, DateFnsLocale>> = {};

export async function loadDateLocale(locale: Locale): Promise<void> {
  const load = loaders[locale];
  if (load && !loaded[locale]) loaded[locale] = await load();
}

/** The date-fns locale of `locale` once loaded; undefined for English (lib/dates.ts's own) or before loading. */
export function loadedDateLocale(locale: Locale): DateFnsLocale | undefined {
  return loaded[locale];
}
