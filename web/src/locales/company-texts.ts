import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import companyEn from './company-en';

/** Adds the English texts of the companies pages, once (english-texts.ts). */
export const addCompanyTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'company.title', companyEn);
