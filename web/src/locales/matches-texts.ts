import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import matchesEn from './matches-en';

/**
 * Adds the English texts of the matches pages, the match card and the widget, once: the modules that open them
 * (the matches, player and widget pages, the manager's matches tab, the challenges section) call it as they load,
 * so the ladders list and the standings do not carry them.
 */
export const addMatchesTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'matches.title', matchesEn);
