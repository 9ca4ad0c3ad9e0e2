import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import passwordEn from './password-en';

/** Adds the English texts of the forgot and reset password pages, once (english-texts.ts). */
export const addPasswordTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'forgot.title', passwordEn);
