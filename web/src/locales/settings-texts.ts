import type { Translations } from '../lib/translations';
import settingsEn from './settings-en';

/**
 * Adds the English texts of the settings page, once, as its module loads, so no other page carries them. The Dutch
 * ones come with the Dutch texts (locales/nl.ts), which load only for a page in Dutch.
 */
export function addSettingsTexts(i18n: Translations): void {
  if (i18n.exists('settings.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', settingsEn);
}
