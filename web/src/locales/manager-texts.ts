import type { Translations } from '../lib/translations';
import { addLaddersTexts } from './ladders-texts';
import managerEn from './manager-en';
import managerNl from './manager-nl';

/**
 * Adds the manager area's texts (manager, participants, audit) to both languages, once: the manager and audit pages
 * call it as their modules load, so the public pages' first JavaScript does not carry them. The manager's forms also
 * name sports and match types from the ladders pages' texts.
 */
export function addManagerTexts(i18n: Translations): void {
  addLaddersTexts(i18n);
  if (i18n.exists('manager.title', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', managerEn);
  i18n.addResourceBundle('nl', 'translation', managerNl);
}
