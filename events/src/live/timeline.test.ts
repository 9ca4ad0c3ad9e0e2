import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveScore, type LiveConfig, type Side } from './engine.ts';
import { followLive, liveTimeline } from './timeline.ts';

const D: Side = 'defender';
const C: Side = 'challenger';
const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);
const config = (over: Partial<LiveConfig> = {}): LiveConfig => ({
  matchType: 'BESTOFTHREE',
  firstServer: D,
  noAd: false,
  finalSet: 'SUPER_TIEBREAK',
  ...over,
});

describe('the timeline of a live match', () => {
  it('groups the points by set and game, with the call after each point, who served and the breaks', () => {
    // Game 1: D serves, holds to 15. Game 2: D breaks C from 0–40 down… C serves: D wins it after deuce.
    const points: Side[] = [D, C, D, D, D, C, C, C, D, D, D, D, D];
    const timeline = liveTimeline(config(), points);

    expect(timeline.sets).toHaveLength(1);
    const [first, second] = timeline.sets[0]!;
    expect(first).toMatchObject({
      server: D,
      winner: D,
      broken: false,
      games: { defender: 1, challenger: 0 },
    });
    expect(first!.points.map((p) => `${p.call.defender}-${p.call.challenger}`)).toEqual([
      '15-0',
      '15-15',
      '30-15',
      '40-15',
      '0-0',
    ]);
    expect(second).toMatchObject({
      server: C,
      winner: D,
      broken: true,
      games: { defender: 2, challenger: 0 },
    });
    expect(second!.points.map((p) => `${p.call.defender}-${p.call.challenger}`)).toEqual([
      '0-15',
      '0-30',
      '0-40',
      '15-40',
      '30-40',
      '40-40',
      'AD-40',
      '0-0',
    ]);
    // D comes back from 0–40 on C's serve: the first break point is D's advantage.
    expect(second!.points.map((p) => p.breakPoint)).toEqual([...times(7, false), true]);
    // The third game has not started: the timeline ends with the last game won.
    expect(timeline.momentum).toEqual([1, 0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 4, 5]);
    expect(timeline.setEnds).toEqual([]);
  });

  it('shows a tiebreak and a super tiebreak as one game each, and where each set ended', () => {
    const twelveGames: Side[] = [];
    for (let game = 0; game < 12; game++) twelveGames.push(...times(4, game % 2 === 0 ? D : C));
    const tiebreak = [...times(6, D), ...times(1, C), D]; // 7–1
    const secondSet = times(24, C); // 0–6
    const superTiebreak = [...times(9, D), C, C, D]; // 10–2
    const points = [...twelveGames, ...tiebreak, ...secondSet, ...superTiebreak];
    const timeline = liveTimeline(config(), points);
    const [set1, set2, set3] = timeline.sets;

    expect(set1).toHaveLength(13);
    expect(set1![12]).toMatchObject({
      tiebreak: true,
      winner: D,
      broken: false,
      games: { defender: 7, challenger: 6 },
    });
    expect(set1![12]!.points.map((p) => p.call.defender)).toEqual(['1', '2', '3', '4', '5', '6', '6', '0']);
    expect(set2).toHaveLength(6);
    expect(set3).toEqual([
      expect.objectContaining({
        tiebreak: true,
        superTiebreak: true,
        winner: D,
        games: { defender: 10, challenger: 2 },
      }),
    ]);
    expect(set1![12]!.superTiebreak).toBe(false);
    // While a super tiebreak is played, its score is its points.
    const during = liveTimeline(config(), [...twelveGames, ...tiebreak, ...secondSet, D, D, C]);
    expect(during.sets[2]![0]).toMatchObject({ winner: null, games: { defender: 2, challenger: 1 } });
    expect(timeline.setEnds).toEqual([56, 80, 92]);
    expect(timeline.momentum.at(-1)).toBe(
      points.filter((p) => p === D).length - points.filter((p) => p === C).length,
    );
  });
});

describe('following pushes of the live state', () => {
  const shown = (rules: LiveConfig, points: Side[], ended = false) => liveScore(rules, points, ended);

  it('adds the pushed point, takes back an undone one, keeps the same, and asks to read again on a gap', () => {
    const rules = config();
    const points: Side[] = [D, C, C];
    expect(followLive(rules, points, shown(rules, [...points, D]))).toEqual([D, C, C, D]);
    expect(followLive(rules, points, shown(rules, [...points, C]))).toEqual([D, C, C, C]);
    expect(followLive(rules, points, shown(rules, [D, C]))).toEqual([D, C]);
    expect(followLive(rules, points, shown(rules, points))).toEqual(points);
    expect(followLive(rules, points, shown(rules, [...points, D, D]))).toBeNull();
    // The same number of points but other winners (a missed undo and point): read again.
    expect(followLive(rules, points, shown(rules, [D, C, D]))).toBeNull();
  });

  it('follows an ended games-only match', () => {
    const rules = config({ matchType: 'GAMESONLY' });
    const points = times(8, D);
    expect(followLive(rules, points, shown(rules, points, true))).toEqual(points);
  });

  it('follows any sequence of points and undos pushed one by one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constant<Side | 'undo'>(D),
            fc.constant<Side | 'undo'>(C),
            fc.constant('undo' as const),
          ),
          {
            maxLength: 200,
          },
        ),
        fc.boolean(),
        (actions, noAd) => {
          const rules = config({ noAd });
          let truth: Side[] = [];
          let followed: Side[] = [];
          for (const action of actions) {
            if (action === 'undo') truth = truth.slice(0, -1);
            else if (!liveScore(rules, truth).finished) truth = [...truth, action];
            const next = followLive(rules, followed, liveScore(rules, truth));
            expect(next).not.toBeNull();
            followed = next!;
          }
          expect(followed).toEqual(truth);
        },
      ),
    );
  });
});
