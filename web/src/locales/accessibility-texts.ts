import type { Translations } from '../lib/translations';
import accessibilityEn from './accessibility-en';
import accessibilityNl from './accessibility-nl';

/** Adds the accessibility statement's texts in both languages, once, as its page's module loads. */
export function addAccessibilityTexts(i18n: Translations): void {
  if (i18n.exists('accessibility.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', accessibilityEn);
  i18n.addResourceBundle('nl', 'translation', accessibilityNl);
}
