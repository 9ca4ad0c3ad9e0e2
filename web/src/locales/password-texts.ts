import type { Translations } from '../lib/translations';
import passwordEn from './password-en';

/**
 * Adds the English texts of the forgot and reset password pages, once, as their module loads, so no other page
 * carries them. The Dutch ones come with the Dutch texts (locales/nl.ts), which load only for a page in Dutch.
 */
export function addPasswordTexts(i18n: Translations): void {
  if (i18n.exists('forgot.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', passwordEn);
}
