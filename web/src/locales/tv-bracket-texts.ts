import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import tvBracketEn from './tv-bracket-en';
import tvBracketNl from './tv-bracket-nl';

/** The translations the Dutch texts went into. */
const withDutch = new WeakSet<Translations>();

/**
 * Adds the club TV bracket's texts (English and Dutch), once, as its lazy module loads: the TV's first JavaScript
 * does not carry them (docs/performance.md, "Initial JavaScript").
 */
export function addTvBracketTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'tv.bracket.final', tvBracketEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', tvBracketNl);
}
