import type { Translations } from '../lib/translations';
import invitationEn from './invitation-en';

/**
 * Adds the English texts of the invitation page, once, as its module loads, so no other page carries them. The Dutch
 * ones come with the Dutch texts (locales/nl.ts), which load only for a page in Dutch.
 */
export function addInvitationTexts(i18n: Translations): void {
  if (i18n.exists('invitation.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', invitationEn);
}
