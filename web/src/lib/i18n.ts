import en from '../locales/en';
import type { LiveScoringTranslation } from '../locales/live-scoring';
import type { InvitationTranslation } from '../locales/invitation-en';
import type { PlayerTranslation } from '../locales/player-en';
import type { MatchesTranslation } from '../locales/matches-en';
import type { WidgetTranslation } from '../locales/widget-en';
import type { MatchCreateTranslation } from '../locales/match-create-en';
import type { HomeTranslation } from '../locales/home-en';
import type { ChallengeQuestionTranslation } from '../locales/challenge-question-en';
import type { PauseTranslation } from '../locales/pause-en';
import type { PausedTranslation } from '../locales/paused-en';
import type { DevMailboxTranslation } from '../locales/dev-mailbox-en';
import type { CompanyTranslation } from '../locales/company-en';
import type { PasswordTranslation } from '../locales/password-en';
import type { SettingsTranslation } from '../locales/settings-en';
import type { LaddersTranslation } from '../locales/ladders-en';
import type { ManagerTranslation } from '../locales/manager-en';
import type { AccessibilityTranslation } from '../locales/accessibility-en';
import type { InviteTranslation } from '../locales/invite-en';
import type { ManagersTranslation } from '../locales/managers-en';
import type { WebhooksTranslation } from '../locales/webhooks-en';
import type { BoxesTranslation } from '../locales/boxes-en';
import type { TournamentsTranslation } from '../locales/tournaments-en';
import type { TournamentPartnerTranslation } from '../locales/tournament-partner-en';
import type { TvTranslation } from '../locales/tv-en';
import type { TvBracketTranslation } from '../locales/tv-bracket-en';
import type { MatchRefusalsTranslation } from '../locales/match-refusals-en';
import { DEFAULT_LOCALE, type Locale } from './locale';
import { Translations, type KeysOf, type TranslateOptions } from './translations';

/**
 * The texts of the other locales, loaded when first needed: a page in English does not load the Dutch texts
 * (docs/performance.md, "Initial JavaScript"). English is always there (the fallback).
 */
const otherLocales: Partial<Record<Locale, () => Promise<{ default: typeof en }>>> = {
  nl: () => import('../locales/nl'),
};

/**
 * Every key of the app's main namespace. Ten parts load with their pages: `liveScoring` with the scorer and the live
 * match page (locales/live-scoring.ts), the manager area's texts with the manager and audit pages
 * (locales/manager-texts.ts), the ladders pages' English texts with those pages (locales/ladders-texts.ts), the
 * invitation page's with it (locales/invitation-texts.ts), the forgot and reset password pages' with them
 * (locales/password-texts.ts), the settings page's with it (locales/settings-texts.ts), the player page's ratings
 * with them (locales/player-texts.ts), a team's pause control with it (locales/pause-texts.ts), the empty home page's with the ladders list (locales/home-texts.ts), the challenge question's with it (locales/challenge-question-texts.ts), the dev mailbox's with it (locales/dev-mailbox-texts.ts), the companies pages' with them
 * (locales/company-texts.ts), the matches pages', match card's and widget's with the modules that open them
 * (locales/matches-texts.ts), the widget's with it (locales/widget-texts.ts), the "Create a match" panel's with it
 * (locales/match-create-texts.ts), the accessibility
 * statement's with it (locales/accessibility-texts.ts), the manager screen's "Managers" section's with it
 * (locales/managers-texts.ts), its "Webhooks" section's with it (locales/webhooks-texts.ts), the box leagues' with
 * their lazy chunks (locales/boxes-texts.ts), the tournament pages' and section's with them
 * (locales/tournaments-texts.ts), a waiting tournament partner request's with the partner form's lazy chunk
 * (locales/tournament-partner-texts.ts), the club TV's with it (locales/tv-texts.ts), and its knockout bracket's with
 * that lazy chunk (locales/tv-bracket-texts.ts), and a match's refusals with the module that shows one
 * (locales/match-refusals-texts.ts).
 */
export type TranslationKey = KeysOf<
  typeof en & { liveScoring: LiveScoringTranslation } & ManagerTranslation &
    LaddersTranslation &
    InvitationTranslation &
    PlayerTranslation &
    MatchesTranslation &
    WidgetTranslation &
    MatchCreateTranslation &
    PauseTranslation &
    HomeTranslation &
    ChallengeQuestionTranslation &
    PausedTranslation &
    DevMailboxTranslation &
    CompanyTranslation &
    PasswordTranslation &
    SettingsTranslation &
    AccessibilityTranslation &
    InviteTranslation &
    ManagersTranslation &
    WebhooksTranslation &
    BoxesTranslation &
    TournamentsTranslation &
    TournamentPartnerTranslation &
    TvTranslation &
    TvBracketTranslation &
    MatchRefusalsTranslation
>;
/** The app's `t`, typed by the English texts (the other languages have the same shape). */
export type TFunction = (key: TranslationKey, options?: TranslateOptions) => string;

const i18n = new Translations({
  language: DEFAULT_LOCALE,
  fallbackLanguage: DEFAULT_LOCALE,
}).addResourceBundle(DEFAULT_LOCALE, 'translation', en);

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

/** The club rules' refusals in Dutch, by the api's English text (locales/refusals-nl.ts), once loaded. */
let refusalsNl: Readonly<Record<string, string>> | undefined;

/**
 * A refusal of the api (its `error`, in English) in the page's language: a Dutch page showed the rules' English. The
 * api's text as it is when the page is English, the refusal is not one of the rules', or the texts have not come yet.
 */
export function refusalText(error: string): string {
  return (i18n.language === 'nl' && refusalsNl?.[error]) || error;
}

/**
 * Switches the UI language once its texts are loaded (the router's locale loader awaits this with the locale of the
 * address, so a page renders in its language from the start).
 */
export async function setLanguage(locale: Locale): Promise<void> {
  if (i18n.language === locale) return;
  // Beside the texts, not waited for: a refusal follows a person's action, well after the first render.
  if (locale === 'nl')
    void import('../locales/refusals-nl').then(
      (texts) => void (refusalsNl = texts.default),
      () => undefined, // shown in English then
    );
  await loadTexts(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

export { i18n };
