import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import webhooksEn from './webhooks-en';
import webhooksNl from './webhooks-nl';

/** The translations the Dutch texts went into (`exists` with `lng: 'nl'` falls back to English, so no probe). */
const withDutch = new WeakSet<Translations>();

/**
 * Adds the "Webhooks" section (DESIGN.md §18)'s texts, once, as that section's module loads (it is lazy, so neither the manager
 * shell's first JavaScript nor nl.ts carries them): English through addEnglishTexts, Dutch beside it.
 */
export function addWebhooksTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'webhooks.title', webhooksEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', webhooksNl);
}
