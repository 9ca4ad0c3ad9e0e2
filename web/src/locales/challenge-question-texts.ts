import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import challengeQuestionEn from './challenge-question-en';

/** Adds the English texts of the challenge question, once, as its module loads (english-texts.ts). */
export const addChallengeQuestionTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'challengeQuestion.title', challengeQuestionEn);
