import type { Translations } from '../lib/translations';
import playerEn from './player-en';

/**
 * Adds the English texts of the player page's ratings, once, as its module loads, so no other page carries them. The
 * Dutch ones come with the Dutch texts (locales/nl.ts), which load only for a page in Dutch.
 */
export function addPlayerTexts(i18n: Translations): void {
  if (i18n.exists('player.ratings', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', playerEn);
}
