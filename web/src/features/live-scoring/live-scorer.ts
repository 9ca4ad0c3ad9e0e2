import type { LiveScore } from '@courtside/events/live/engine';

/** What is being played: a game, a tiebreak, or a super tiebreak in place of the deciding set; null once it is over. */
type PlayPhase = 'game' | 'tiebreak' | 'superTiebreak';

/** The phase of the set in progress (the scorer says it over the buttons, the board heads its column with it). */
export function playPhase(score: Pick<LiveScore, 'sets' | 'finished'>): PlayPhase | null {
  if (score.finished) return null;
  const current = score.sets.at(-1);
  if (current?.superTiebreak) return 'superTiebreak';
  return current?.tiebreak ? 'tiebreak' : 'game';
}
