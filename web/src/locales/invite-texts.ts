import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import inviteEn from './invite-en';
import inviteNl from './invite-nl';

/**
 * Adds the "Invite players" texts, once, as that section's module loads (it is lazy, so neither the manager page's
 * first JavaScript nor nl.ts carries them): English through addEnglishTexts, Dutch beside it.
 */
export function addInviteTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'invite.title', inviteEn);
  if (!i18n.exists('invite.title', { lng: 'nl' })) i18n.addResourceBundle('nl', 'translation', inviteNl);
}
