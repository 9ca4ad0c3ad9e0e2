import { i18n, type TranslationKey } from '../../lib/i18n';
import { addMatchRefusalTexts } from '../../locales/match-refusals-texts';

addMatchRefusalTexts(i18n);

/**
 * The match rules' refusals as the api says them (their `error`, events/src/matches/decider.ts), each with the page's
 * own text: a Dutch page showed the api's English. Loaded with the first refusal a page shows.
 */
export const MATCH_REFUSALS: Readonly<Record<string, TranslationKey>> = {
  'This match was cancelled': 'matchRefusals.cancelled',
  'Choose a date on or after the season’s first day': 'matchRefusals.beforeSeason',
  'This result is not waiting for confirmation': 'matchRefusals.notPending',
  'A match with a result can only be cancelled by a manager': 'matchRefusals.hasResult',
  'This result is confirmed: only a manager of the club can change it': 'matchRefusals.resultFinal',
  'The winner plays on in the draw already: this result stays': 'matchRefusals.advanced',
  'A draw match is not cancelled: enter a walkover instead': 'matchRefusals.inDraw',
  'This result is disputed: a manager of the club settles it': 'matchRefusals.disputed',
  'Only the players of this match and the club’s managers can change it': 'matchRefusals.notYours',
  'The other side confirms or disputes this result': 'matchRefusals.otherSideConfirms',
  'Only the other side disputes a result': 'matchRefusals.onlyOtherSideDisputes',
  'No such match': 'matchRefusals.notFound',
  'No such season': 'matchRefusals.noSeason',
  'Both teams must be active in this season': 'matchRefusals.teamsNotActive',
  'Pick two different teams': 'matchRefusals.sameTeam',
};

/** The page's text for a refusal of the match rules, or undefined for another failure. */
export function matchRefusalText(error: string): string | undefined {
  const key = MATCH_REFUSALS[error];
  return key === undefined ? undefined : i18n.t(key);
}
