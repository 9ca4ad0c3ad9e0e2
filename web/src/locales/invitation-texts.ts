import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import invitationEn from './invitation-en';

/** Adds the English texts of the invitation page, once (english-texts.ts). */
export const addInvitationTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'invitation.title', invitationEn);
