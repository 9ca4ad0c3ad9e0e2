import type { Translations } from '../lib/translations';
import devMailboxEn from './dev-mailbox-en';

/** Adds the English texts of the dev mailbox, once, as its page loads. */
export function addDevMailboxTexts(i18n: Translations): void {
  if (i18n.exists('devMailbox.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', devMailboxEn);
}
