import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import homeEn from './home-en';

/** Adds the English texts of the empty home page, once, as the ladders list loads (not the standings). */
export const addHomeTexts = (i18n: Translations): void => addEnglishTexts(i18n, 'home.startClub', homeEn);
