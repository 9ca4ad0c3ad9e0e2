import type { Translations } from '../lib/translations';
import { addEnglishTexts } from './english-texts';
import tournamentPartnerEn from './tournament-partner-en';
import tournamentPartnerNl from './tournament-partner-nl';

/** The translations the Dutch texts went into. */
const withDutch = new WeakSet<Translations>();

/**
 * Adds the texts of a waiting partner request (English and Dutch), once, as the lazy partner chunk loads: the
 * tournament page's first JavaScript does not carry them (docs/performance.md, "Initial JavaScript").
 */
export function addTournamentPartnerTexts(i18n: Translations): void {
  addEnglishTexts(i18n, 'tournaments.partnerRequest.title', tournamentPartnerEn);
  if (withDutch.has(i18n)) return;
  withDutch.add(i18n);
  i18n.addResourceBundle('nl', 'translation', tournamentPartnerNl);
}
