import type { Translations } from '../lib/translations';
import companyEn from './company-en';

/** Adds the English texts of the companies pages, once, as they load. */
export function addCompanyTexts(i18n: Translations): void {
  if (i18n.exists('company.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', companyEn);
}
