import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import pausedEn from './paused-en';

/** Adds the English texts of a paused team on the standings, once (the standings page's module). */
export const addPausedTexts = (i18n: Translations): void => addEnglishTexts(i18n, 'paused.until', pausedEn);
