import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import matchCreateEn from './match-create-en';

/** Adds the English texts of the "Create a match" panel, once, as its module loads (english-texts.ts). */
export const addMatchCreateTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'matches.create.title', matchCreateEn);
