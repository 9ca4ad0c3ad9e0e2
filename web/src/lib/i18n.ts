import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import nl from '../locales/nl';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, nl: { translation: nl } },
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'translation',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

const syncDocumentLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
};
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches the UI language (the router calls this with the locale of the address). */
export function setLanguage(locale: Locale): void {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

export { i18n };
