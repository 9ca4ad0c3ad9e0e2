import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import boxesEn from './boxes-en';
import boxesNl from './boxes-nl';

/** The translations the Dutch texts went into (`exists` with `lng: 'nl'` falls back to English, so no probe). */
const withDutch = new WeakSet<Translations>();

/**
 * Adds the box league texts, once, as a lazy chunk that shows boxes loads (neither the standings page's first
 * JavaScript nor nl.ts carries them): English through addEnglishTexts, Dutch beside it.
 */
export function addBoxesTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'boxes.title', boxesEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', boxesNl);
}
