import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import matchRefusalsEn from './match-refusals-en';
import matchRefusalsNl from './match-refusals-nl';

/** The translations the Dutch texts went into. */
const withDutch = new WeakSet<Translations>();

/** Adds a match's refusal texts (English and Dutch), once, as the lazy module that shows a refusal loads. */
export function addMatchRefusalTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'matchRefusals.cancelled', matchRefusalsEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', matchRefusalsNl);
}
