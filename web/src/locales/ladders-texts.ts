import type { Translations } from '../lib/translations';
import laddersEn from './ladders-en';

/**
 * Adds the English texts of the ladders pages, once: the ladders list, the standings and the manager area call it as
 * their modules load, so the matches page and the widget do not carry them. The Dutch ones come with the Dutch texts
 * (locales/nl.ts), which load only for a page in Dutch.
 */
export function addLaddersTexts(i18n: Translations): void {
  if (i18n.exists('ladders.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', laddersEn);
}
