import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import inviteEn from './invite-en';
import inviteNl from './invite-nl';

/** The translations the Dutch texts went into (`exists` with `lng: 'nl'` falls back to English, so no probe). */
const withDutch = new WeakSet<Translations>();

/**
 * Adds the "Invite players" texts, once, as that section's module loads (it is lazy, so neither the manager page's
 * first JavaScript nor nl.ts carries them): English through addEnglishTexts, Dutch beside it.
 */
export function addInviteTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'invite.intro', inviteEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', inviteNl);
}
