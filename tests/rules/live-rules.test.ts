import { describe, expect, it } from 'vitest';
import { liveDecider, NOT_LIVE, LIVE_FINISHED, type LiveDomainEvent } from '../../events/src/live/decider.ts';
import { liveScore, type LiveConfig, type Side } from '../../events/src/live/engine.ts';
import { followLive, liveTimeline } from '../../events/src/live/timeline.ts';
import { manager, plannedMatch, pointScored, ref, started } from './support/live-match.ts';

/** Live scoring (DESIGN.md §7) in events terms: given the match's events, when a scorer acts, then events or why not. */
const now = new Date('2026-03-14T10:00:00Z');
const rules: Omit<LiveConfig, 'matchType'> = {
  firstServer: 'defender',
  noAd: false,
  finalSet: 'SUPER_TIEBREAK',
};
function given(matchType: LiveConfig['matchType'], ...events: LiveDomainEvent[]) {
  return events.reduce(liveDecider.evolve, plannedMatch(matchType));
}
const points = (count: number, winner: Side = 'challenger') =>
  Array.from({ length: count }, (_, index) => pointScored(index + 1, winner));

describe('live scoring refusals', () => {
  it('given a season without the match, then No such match', () => {
    const { season } = plannedMatch('BESTOFTHREE').match;
    expect(
      liveDecider.decide({ type: 'UndoPoint', matchId: 'm1', seq: 1 }, { match: { season } }, now),
    ).toEqual({
      kind: 'rejected',
      reason: 'not_found',
      message: 'No such match',
    });
  });

  it('given a match not scored live, when a point is undone or the match ended, then NOT_LIVE', () => {
    const state = given('GAMESONLY');
    for (const command of [
      { type: 'UndoPoint' as const, matchId: 'm1', seq: 0, by: manager },
      { type: 'EndLiveMatch' as const, matchId: 'm1', seq: 0, by: manager },
    ])
      expect(liveDecider.decide(command, state, now)).toMatchObject({ code: 'NOT_LIVE', message: NOT_LIVE });
  });

  it('given a best-of-three match won 6–0 6–0, when the scorer ends it, then FINISHED (not: not games only)', () => {
    const state = given('BESTOFTHREE', started(rules), ...points(48));
    expect(
      liveDecider.decide({ type: 'EndLiveMatch', matchId: 'm1', seq: 48, by: manager }, state, now),
    ).toMatchObject({ code: 'FINISHED', message: LIVE_FINISHED });
  });

  it('given a games-only match ended, when it is ended again, then FINISHED', () => {
    const ended: LiveDomainEvent = { type: 'LiveMatchEnded', payload: { ...ref, seq: 4 } };
    const state = given('GAMESONLY', started(rules), ...points(4), ended);
    expect(
      liveDecider.decide({ type: 'EndLiveMatch', matchId: 'm1', seq: 4, by: manager }, state, now),
    ).toMatchObject({ code: 'FINISHED' });
  });
});

describe('live scoring state', () => {
  it('given scoring started for a match of no known season, then it is scored as best of three', () => {
    const state = liveDecider.evolve({ match: {} }, started(rules));
    expect(state.live).toEqual({ config: { matchType: 'BESTOFTHREE', ...rules }, points: [] });
  });

  it('when the last of three points is undone, then the first two stay', () => {
    const state = given(
      'BESTOFTHREE',
      started(rules),
      pointScored(1, 'defender'),
      pointScored(2, 'challenger'),
      pointScored(3, 'challenger'),
      { type: 'PointUndone', payload: { ...ref, seq: 3 } },
    );
    expect(state.live!.points).toEqual(['defender', 'challenger']);
  });
});

describe('the timeline and a pushed state', () => {
  const config: LiveConfig = { matchType: 'BESTOFTHREE', ...rules };
  const D: Side = 'defender';
  const C: Side = 'challenger';

  it('a game in progress is not broken yet and has no winner', () => {
    expect(liveTimeline(config, [C]).sets[0]![0]).toMatchObject({ winner: null, broken: false });
  });

  // A first set 6–0, then 6–6 and a point into the tiebreak: two sets, the second with tiebreak points.
  const played: Side[] = [
    ...Array.from({ length: 24 }, () => D),
    ...Array.from({ length: 12 }, (_, game) => Array.from({ length: 4 }, () => (game % 2 ? C : D))).flat(),
    D,
  ];
  const shown = liveScore(config, played);

  it('follows a push of the same state, and reads again when any part of the shown score differs', () => {
    expect(shown.sets[1]!.tiebreak).toEqual({ defender: 1, challenger: 0 });
    expect(followLive(config, played, shown)).toEqual(played);
    const set = (index: number, change: object) =>
      shown.sets.map((one, at) => (at === index ? { ...one, ...change } : one));
    const differing = [
      { ...shown, server: shown.server === D ? C : D },
      { ...shown, finished: true },
      { ...shown, game: { ...shown.game, defender: '2' } },
      { ...shown, game: { ...shown.game, challenger: '1' } },
      { ...shown, sets: shown.sets.slice(0, 1) },
      { ...shown, sets: set(1, { defender: 5 }) },
      { ...shown, sets: set(1, { challenger: 5 }) },
      { ...shown, sets: set(1, { tiebreak: { defender: 2, challenger: 0 } }) },
      { ...shown, sets: set(1, { tiebreak: { defender: 1, challenger: 1 } }) },
      { ...shown, sets: set(0, { defender: 5 }) },
    ];
    for (const pushed of differing) expect(followLive(config, played, pushed)).toBeNull();
  });
});
