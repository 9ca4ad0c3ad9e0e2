import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import pauseEn from './pause-en';

/** Adds the English texts of the pause control, once, as its module loads (english-texts.ts). */
export const addPauseTexts = (i18n: Translations): void => addEnglishTexts(i18n, 'pause.title', pauseEn);
