import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import tournamentsEn from './tournaments-en';
import tournamentsNl from './tournaments-nl';

/** The translations the Dutch texts went into (`exists` with `lng: 'nl'` falls back to English, so no probe). */
const withDutch = new WeakSet<Translations>();

/**
 * Adds the tournament pages' texts (DESIGN.md §16), once, as their modules load (they are lazy, so no other page's
 * first JavaScript carries them): English through addEnglishTexts, Dutch beside it.
 */
export function addTournamentsTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'tournaments.title', tournamentsEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', tournamentsNl);
}
