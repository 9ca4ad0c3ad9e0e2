import { describe, expect, it } from 'vitest';
import { liveScore, type LiveConfig, type Side } from '@courtside/events/live/engine';
import type { LiveView } from './api/live';
import { playPhase } from './live-scorer';

const D: Side = 'defender';
const C: Side = 'challenger';
const rules = (matchType: LiveConfig['matchType'] = 'BESTOFTHREE'): LiveConfig => ({
  matchType,
  firstServer: D,
  noAd: false,
  finalSet: 'SUPER_TIEBREAK',
});
const viewOf = (points: Side[], config = rules(), ended = false): LiveView => ({
  ...liveScore(config, points, ended),
  points,
  resultStays: false,
  rules: config,
});

describe('what is being played', () => {
  /** Games alternating up to 6–6: every game won by the side that serves it, four points each. */
  const toSixAll = (): Side[] =>
    Array.from({ length: 12 }, (_, game) => Array.from({ length: 4 }, () => (game % 2 === 0 ? D : C))).flat();
  const wonSet = (side: Side): Side[] => Array.from({ length: 24 }, () => side);

  it('a game, then a tiebreak at 6–6 from its first point on, then a game again in the next set', () => {
    expect(playPhase(viewOf([]))).toBe('game');
    expect(playPhase(viewOf(toSixAll().slice(0, -1)))).toBe('game');
    expect(playPhase(viewOf(toSixAll()))).toBe('tiebreak');
    expect(playPhase(viewOf([...toSixAll(), D, C, D]))).toBe('tiebreak');
    expect(playPhase(viewOf([...toSixAll(), D, D, D, D, D, D, D]))).toBe('game');
  });

  it('a super tiebreak in place of the deciding set; nothing once the match is over', () => {
    const oneSetAll = [...wonSet(D), ...wonSet(C)];
    expect(playPhase(viewOf(oneSetAll))).toBe('superTiebreak');
    expect(playPhase(viewOf([...oneSetAll, D, C]))).toBe('superTiebreak');
    expect(playPhase(viewOf([...oneSetAll, ...Array.from({ length: 10 }, () => D)]))).toBeNull();
  });
});
