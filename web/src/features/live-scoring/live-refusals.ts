import type { TFunction, TranslationKey } from '../../lib/i18n';

/**
 * The live scoring rules' refusals as the api says them (their `error`: events/src/live/decider.ts, with the match
 * rules' it shares), each with the scorer's own text: a Dutch phone showed the api's English.
 */
export const LIVE_REFUSALS: Readonly<Record<string, TranslationKey>> = {
  'No such match': 'liveScoring.scorer.refusals.noMatch',
  'This match was cancelled': 'liveScoring.scorer.refusals.cancelled',
  'Only the players of this match and the club’s managers can change it': 'liveScoring.scorer.notAllowed',
  'This match is already being scored live': 'liveScoring.scorer.refusals.alreadyLive',
  'This match has a result already': 'liveScoring.scorer.refusals.hasResult',
  'This match is not being scored live': 'liveScoring.scorer.refusals.notLive',
  'This match is over': 'liveScoring.scorer.refusals.over',
  'This match is over and its result can no longer be taken back here; a manager of the club can change it':
    'liveScoring.scorer.resultStays',
  'Another point was counted meanwhile': 'liveScoring.scorer.refusals.outOfSequence',
  'Only a games-only match is ended by its scorer; this one ends with its last point':
    'liveScoring.scorer.refusals.endsByItself',
};

/** The scorer's text for a failure the api told (`error`): a refusal of the rules in the page's language. */
export function liveFailureText(error: string, t: TFunction): string {
  const key = LIVE_REFUSALS[error];
  return key === undefined ? error : t(key);
}
