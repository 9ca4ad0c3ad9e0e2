import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import playerEn from './player-en';

/** Adds the English texts of the player page's ratings, once (english-texts.ts). */
export const addPlayerTexts = (i18n: Translations): void => addEnglishTexts(i18n, 'player.ratings', playerEn);
