import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import tvEn from './tv-en';
import tvNl from './tv-nl';

/** The translations the Dutch texts went into. */
const withDutch = new WeakSet<Translations>();

/** Adds the club TV's texts (English and Dutch), once, as its lazy module loads: no other page carries them. */
export function addTvTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'tv.title', tvEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', tvNl);
}
