import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import settingsEn from './settings-en';

/** Adds the English texts of the settings page, once (english-texts.ts). */
export const addSettingsTexts = (i18n: Translations): void =>
  addEnglishTexts(i18n, 'settings.title', settingsEn);
