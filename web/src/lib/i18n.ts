import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en';
import type { LiveScoringTranslation } from '../locales/live-scoring';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

/**
 * The texts of the other locales, loaded when first needed: a page in English does not load the Dutch texts
 * (docs/performance.md, "Initial JavaScript"). English is always there (the fallback).
 */
const otherLocales: Partial<Record<Locale, () => Promise<{ default: typeof en }>>> = {
  nl: () => import('../locales/nl'),
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `liveScoring` loads with the scorer and the live match page (locales/live-scoring.ts). */
    resources: { translation: typeof en & { liveScoring: LiveScoringTranslation } };
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
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

/** Loads the texts of `locale` when they are not there yet. */
async function loadTexts(locale: Locale): Promise<void> {
  const load = otherLocales[locale];
  // A page's own texts (locales/live-scoring.ts) may be there already: look for the main texts themselves.
  if (!load || i18n.getResource(locale, 'translation', 'app.name') !== undefined) return;
  const texts = (await load()).default;
  i18n.addResourceBundle(locale, 'translation', texts);
}

/**
 * Switches the UI language once its texts are loaded (the router's locale loader awaits this with the locale of
 * the address, so a page renders in its language from the start).
 */
export async function setLanguage(locale: Locale): Promise<void> {
  if (i18n.language === locale) return;
  await loadTexts(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

export { i18n };
