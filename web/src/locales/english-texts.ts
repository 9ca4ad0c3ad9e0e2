import type { Texts, Translations } from '../lib/translations';

/**
 * Adds a page's English texts once, as the page's module loads, so no other page's first JavaScript carries them
 * (docs/performance.md, "Initial JavaScript"). `probe` is one of their keys: present, they were added already. The
 * Dutch ones come with the Dutch texts (locales/nl.ts), which load only for a page in Dutch.
 */
export function addEnglishTexts(i18n: Translations, probe: string, texts: Texts): void {
  if (i18n.exists(probe, { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', texts);
}
