import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import devMailboxEn from './dev-mailbox-en';

/** Adds the English texts of the dev mailbox, once (english-texts.ts). */
export const addDevMailboxTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'devMailbox.title', devMailboxEn);
