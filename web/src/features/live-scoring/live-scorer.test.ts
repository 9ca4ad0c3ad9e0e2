import { describe, expect, it } from 'vitest';
import { liveScore, type LiveConfig, type Side } from '@courtside/events/live/engine';
import type { LiveView } from './api/live';
import {
  enqueue,
  outcome,
  playPhase,
  requestOf,
  resumeTaps,
  shownScore,
  type ScorerAction,
} from './live-scorer';

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
  rules: config,
});
const point = (winner: Side): ScorerAction => ({ kind: 'point', winner });

describe('the scorer’s queue', () => {
  it('shows queued points at once and numbers each command after the server’s view', () => {
    const view = viewOf([D, D]);
    const queue = enqueue(view, point(C), [], point(D));
    expect(queue).toEqual([point(D)]);
    expect(shownScore(view, [point(C), ...queue]).game).toEqual({ defender: '40', challenger: '15' });
    expect(requestOf(view, point(C))).toEqual({ seq: 3 });
    expect(requestOf(view, { kind: 'undo' })).toEqual({ seq: 2 });
  });

  it('an undo takes back a queued point before it is sent, else asks the server; nothing to undo at 0', () => {
    const view = viewOf([D]);
    expect(enqueue(view, null, [point(C)], { kind: 'undo' })).toEqual([]);
    expect(enqueue(view, point(C), [], { kind: 'undo' })).toEqual([{ kind: 'undo' }]);
    expect(enqueue(viewOf([]), null, [], { kind: 'undo' })).toEqual([]);
  });

  it('no point after the match is over; only a games-only match is ended by its scorer', () => {
    const won = viewOf(Array.from({ length: 48 }, () => D));
    expect(won.finished).toBe(true);
    expect(enqueue(won, null, [], point(C))).toEqual([]);
    expect(enqueue(won, null, [], { kind: 'undo' })).toEqual([]);
    expect(enqueue(viewOf([D]), null, [], { kind: 'end' })).toEqual([]);
    const gamesOnly = viewOf([D], rules('GAMESONLY'));
    expect(enqueue(gamesOnly, null, [], { kind: 'end' })).toEqual([{ kind: 'end' }]);
    expect(enqueue(gamesOnly, null, [{ kind: 'end' }], point(D))).toEqual([{ kind: 'end' }]);
  });
});

describe('after a lost answer, the state read again says whether the command got there', () => {
  it('a point', () => {
    const before = viewOf([D, C]);
    expect(outcome(before, point(D), viewOf([D, C, D]))).toBe('applied');
    expect(outcome(before, point(D), before)).toBe('missing');
    expect(outcome(before, point(D), viewOf([D, C, C]))).toBe('other');
    expect(outcome(before, point(D), viewOf([D, C, D, D]))).toBe('other');
  });

  it('an undo and an end', () => {
    const before = viewOf([D, C], rules('GAMESONLY'));
    expect(outcome(before, { kind: 'undo' }, viewOf([D], rules('GAMESONLY')))).toBe('applied');
    expect(outcome(before, { kind: 'end' }, viewOf([D, C], rules('GAMESONLY'), true))).toBe('applied');
    expect(outcome(before, { kind: 'end' }, before)).toBe('missing');
  });
});

describe('after a reload, the taps kept in the browser', () => {
  const before = viewOf([D]);
  const saved = { before, actions: [point(C), point(D), { kind: 'undo' as const }] };

  it('go out again when the first never got there, or without it when it did', () => {
    expect(resumeTaps(saved, before)).toEqual({ actions: saved.actions, conflict: false });
    expect(resumeTaps(saved, viewOf([D, C]))).toEqual({
      actions: [point(D), { kind: 'undo' }],
      conflict: false,
    });
  });

  it('are dropped when someone else changed the score meanwhile; nothing kept is nothing to send', () => {
    expect(resumeTaps(saved, viewOf([D, D]))).toEqual({ actions: [], conflict: true });
    expect(resumeTaps({ before, actions: [] }, viewOf([D, D]))).toEqual({ actions: [], conflict: false });
  });
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
