import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveDecider, scoreOf, type LiveDomainEvent } from '../../events/src/live/decider.ts';
import { manager, plannedMatch, pointScored, started as liveStarted } from './support/live-match.ts';
import {
  liveScore,
  liveSteps,
  type LiveConfig,
  type LiveScore,
  type Side,
} from '../../events/src/live/engine.ts';

/**
 * An independent reference for the live engine (mutation of every rule): every expected score, call and server below was worked
 * out by hand from the rules of DESIGN.md §7, not read from the engine. The set scores of the finals are the real
 * ones; the points inside each game are written out here (`d` the defender wins the point, `c` the challenger;
 * spaces only separate games), since a final's every point is not on record.
 *
 * §7: a game is 4 points with a lead of 2 (with noAd the point at deuce wins it); a set is 6 games with a lead of
 * 2, a tiebreak to 7 (lead of 2) at 6–6; a super tiebreak to 10 (lead of 2); the server changes every game, and
 * inside a tiebreak after the first point and then every two points; the side that received first in a tiebreak
 * serves first in the next set.
 */
const D: Side = 'defender';
const C: Side = 'challenger';
/** The points written as `d`/`c`, spaces ignored. */
const pts = (written: string): Side[] => [...written.replace(/\s/g, '')].map((p) => (p === 'd' ? D : C));
const twice = (written: string, n: number) => Array.from({ length: n }, () => written).join(' ');
const config = (
  matchType: LiveConfig['matchType'],
  noAd = false,
  finalSet: LiveConfig['finalSet'] = 'SET',
  firstServer: Side = D,
): LiveConfig => ({ matchType, noAd, finalSet, firstServer });
const call = (defender: string, challenger: string) => ({ defender, challenger });

describe('a game, point by point (the defender serves first)', () => {
  const rows: Array<{
    points: string;
    noAd: boolean;
    game: [string, string];
    games: [number, number];
    server: Side;
  }> = [
    { points: '', noAd: false, game: ['0', '0'], games: [0, 0], server: D },
    { points: 'd', noAd: false, game: ['15', '0'], games: [0, 0], server: D },
    { points: 'dd', noAd: false, game: ['30', '0'], games: [0, 0], server: D },
    { points: 'ddd', noAd: false, game: ['40', '0'], games: [0, 0], server: D },
    { points: 'dddc', noAd: false, game: ['40', '15'], games: [0, 0], server: D },
    { points: 'dddcc', noAd: false, game: ['40', '30'], games: [0, 0], server: D },
    // Deuce, advantage receiver, deuce, advantage server, game.
    { points: 'dddccc', noAd: false, game: ['40', '40'], games: [0, 0], server: D },
    { points: 'dddcccc', noAd: false, game: ['40', 'AD'], games: [0, 0], server: D },
    { points: 'dddccccd', noAd: false, game: ['40', '40'], games: [0, 0], server: D },
    { points: 'dddccccdd', noAd: false, game: ['AD', '40'], games: [0, 0], server: D },
    { points: 'dddccccddd', noAd: false, game: ['0', '0'], games: [1, 0], server: C },
    // 4–2 wins a game; 4–3 does not.
    { points: 'ccdddd', noAd: false, game: ['0', '0'], games: [1, 0], server: C },
    { points: 'cccdddd', noAd: false, game: ['AD', '40'], games: [0, 0], server: D },
    // A love game each: the server changes every game.
    { points: 'dddd cccc', noAd: false, game: ['0', '0'], games: [1, 1], server: D },
    { points: 'cccc', noAd: false, game: ['0', '0'], games: [0, 1], server: C },
    // No-ad (golden point): at deuce the next point wins the game, for either side.
    { points: 'dddccc', noAd: true, game: ['40', '40'], games: [0, 0], server: D },
    { points: 'dddcccc', noAd: true, game: ['0', '0'], games: [0, 1], server: C },
    { points: 'dddcccd', noAd: true, game: ['0', '0'], games: [1, 0], server: C },
    { points: 'dddd', noAd: true, game: ['0', '0'], games: [1, 0], server: C },
  ];
  it.each(rows)('$points (noAd $noAd): $game, games $games, $server serves', (row) => {
    const score = liveScore(config('BESTOFTHREE', row.noAd), pts(row.points));
    expect(score.game).toEqual(call(...row.game));
    expect(score.sets).toEqual([{ defender: row.games[0], challenger: row.games[1] }]);
    expect(score.server).toBe(row.server);
    expect(score.seq).toBe(pts(row.points).length);
    expect(score.finished).toBe(false);
  });
});

/** Twelve love holds, the defender serving the odd games: 6–6, and game 13 (the tiebreak) is the defender's. */
const sixAll = twice('dddd cccc', 6);

describe('a tiebreak at 6–6, point by point', () => {
  it('starts at 6–6 with the server of the thirteenth game', () => {
    const score = liveScore(config('BESTOFTHREE'), pts(sixAll));
    expect(score.sets).toEqual([{ defender: 6, challenger: 6, tiebreak: { defender: 0, challenger: 0 } }]);
    expect(score.game).toEqual(call('0', '0'));
    expect(score.server).toBe(D);
  });

  it('7–5: serve after the first point, then every two; the first receiver serves the next set', () => {
    const tiebreak = 'ddccdcdcdcdd';
    // Point 1 the defender, points 2–3 the challenger, 4–5 the defender, …
    const servers = [D, C, C, D, D, C, C, D, D, C, C, D];
    const steps = liveSteps(config('BESTOFTHREE'), pts(`${sixAll} ${tiebreak}`)).slice(48);
    expect(steps.map((step) => step.server)).toEqual(servers);
    expect(steps.every((step) => step.tiebreak && !step.superTiebreak && !step.breakPoint)).toBe(true);
    // Calls are the tiebreak's points: after d d c c d c d c d c d (11 points) it is 6–5.
    const sixFive = liveScore(config('BESTOFTHREE'), pts(`${sixAll} ${tiebreak.slice(0, 11)}`));
    expect(sixFive.game).toEqual(call('6', '5'));
    expect(sixFive.sets).toEqual([{ defender: 6, challenger: 6, tiebreak: { defender: 6, challenger: 5 } }]);
    const after = liveScore(config('BESTOFTHREE'), pts(`${sixAll} ${tiebreak}`));
    expect(after.sets).toEqual([
      { defender: 7, challenger: 6, tiebreak: { defender: 7, challenger: 5 } },
      { defender: 0, challenger: 0 },
    ]);
    expect(after.server).toBe(C);
    expect(after.game).toEqual(call('0', '0'));
  });

  it('the serve changes after the first point whoever wins it', () => {
    expect(liveScore(config('BESTOFTHREE'), pts(`${sixAll} c`)).server).toBe(C);
    expect(liveScore(config('BESTOFTHREE'), pts(`${sixAll} cd`)).server).toBe(C);
    expect(liveScore(config('BESTOFTHREE'), pts(`${sixAll} cdd`)).server).toBe(D);
  });

  it('7–6 in the tiebreak is not enough; 9–7 wins it', () => {
    const toSixAll = twice('dc', 6);
    const sevenSix = liveScore(config('BESTOFTHREE'), pts(`${sixAll} ${toSixAll} d`));
    expect(sevenSix.sets).toEqual([{ defender: 6, challenger: 6, tiebreak: { defender: 7, challenger: 6 } }]);
    const nineSeven = liveScore(config('BESTOFTHREE'), pts(`${sixAll} ${toSixAll} dcdd`));
    expect(nineSeven.sets[0]).toEqual({
      defender: 7,
      challenger: 6,
      tiebreak: { defender: 9, challenger: 7 },
    });
  });

  it('a set is 6 games with a lead of 2: 6–5 goes on, 7–5 ends it', () => {
    const fiveAll = twice('dddd cccc', 5);
    expect(liveScore(config('BESTOFTHREE'), pts(`${fiveAll} dddd`)).sets).toEqual([
      { defender: 6, challenger: 5 },
    ]);
    expect(liveScore(config('BESTOFTHREE'), pts(`${fiveAll} dddd dddd`)).sets).toEqual([
      { defender: 7, challenger: 5 },
      { defender: 0, challenger: 0 },
    ]);
    // 6–4 ends a set at once.
    expect(liveScore(config('BESTOFTHREE'), pts(`${twice('dddd cccc', 4)} dddd dddd`)).sets).toEqual([
      { defender: 6, challenger: 4 },
      { defender: 0, challenger: 0 },
    ]);
  });
});

describe('a super tiebreak in place of the final set of best of three', () => {
  // Set 1 6–4 (the defender breaks in the tenth game, which the challenger served).
  const setOne = `${twice('dddd cccc', 4)} dddd dddd`;
  // Set 2 3–6; the defender served its first game, and serves its last (the ninth).
  const setTwo = `${twice('dddd cccc', 3)} cccc cccc cccc`;
  const match = config('BESTOFTHREE', false, 'SUPER_TIEBREAK');

  it('one set all: the third set is a super tiebreak, served first by the receiver of set two’s last game', () => {
    const score = liveScore(match, pts(`${setOne} ${setTwo}`));
    expect(score.sets).toEqual([
      { defender: 6, challenger: 4 },
      { defender: 3, challenger: 6 },
      { defender: 0, challenger: 0, superTiebreak: true },
    ]);
    expect(score.server).toBe(C);
  });

  it('is played to 10 with a lead of 2: 10–9 goes on, 10–12 wins it; its points are the set’s score', () => {
    const nineAll = twice('dc', 9);
    const at = (tiebreak: string) => liveScore(match, pts(`${setOne} ${setTwo} ${tiebreak}`));
    expect(at(nineAll).sets[2]).toEqual({ defender: 9, challenger: 9, superTiebreak: true });
    expect(at(nineAll).game).toEqual(call('9', '9'));
    // 18 points played: the 19th is served by the defender (C, DD, CC, … DD), the 20th by the challenger.
    expect(at(nineAll).server).toBe(D);
    expect(at(`${nineAll} d`).server).toBe(C);
    expect(at(`${nineAll} d`)).toMatchObject({ finished: false, game: call('10', '9') });
    const done = at(`${nineAll} dccc`);
    expect(done).toMatchObject({ finished: true, winner: C, game: call('0', '0') });
    expect(done.sets).toEqual([
      { defender: 6, challenger: 4 },
      { defender: 3, challenger: 6 },
      { defender: 10, challenger: 12, superTiebreak: true },
    ]);
    // Points after the match is won are not counted.
    expect(liveScore(match, pts(`${setOne} ${setTwo} ${nineAll} dccc dddd`))).toEqual(done);
  });

  it('a set as the final set when the match says SET; a super tiebreak only at one set all', () => {
    expect(liveScore(config('BESTOFTHREE'), pts(`${setOne} ${setTwo}`)).sets[2]).toEqual({
      defender: 0,
      challenger: 0,
    });
    expect(liveScore(match, pts(setOne)).sets[1]).toEqual({ defender: 0, challenger: 0 });
  });
});

/** Games as written: `n` games alternating defender, challenger (love games), then the given games. */
const alternating = (pairs: number) => twice('dddd cccc', pairs);

describe('best of five, to the fifth set', () => {
  it('US Open 2019 final, Nadal (defender) d. Medvedev 7–5 6–3 5–7 4–6 6–4, the last game through deuce', () => {
    const sets = [
      `${alternating(5)} dddd dddd`, // 7–5
      `${twice('dddd cccc', 3)} dddd dddd dddd`, // 6–3
      `${alternating(5)} cccc cccc`, // 5–7
      `${alternating(4)} cccc cccc`, // 4–6
    ];
    const match = config('BESTOFFIVE');
    const fifth = liveScore(match, pts(sets.join(' ')));
    expect(fifth.sets).toEqual([
      { defender: 7, challenger: 5 },
      { defender: 6, challenger: 3 },
      { defender: 5, challenger: 7 },
      { defender: 4, challenger: 6 },
      { defender: 0, challenger: 0 },
    ]);
    // 12 + 9 + 12 + 10 = 43 games, no tiebreak: the 44th game is the challenger's serve.
    expect(fifth.server).toBe(C);
    expect(fifth.finished).toBe(false);
    const fiveFour = `${alternating(4)} dddd`;
    const deuceAd = 'dddcccdc';
    const atDeuce = liveScore(match, pts(`${sets.join(' ')} ${fiveFour} ${deuceAd}`));
    expect(atDeuce.sets[4]).toEqual({ defender: 5, challenger: 4 });
    expect(atDeuce.game).toEqual(call('40', '40'));
    const won = liveScore(match, pts(`${sets.join(' ')} ${fiveFour} ${deuceAd} dd`));
    expect(won).toMatchObject({ finished: true, winner: D, game: call('0', '0') });
    expect(won.sets[4]).toEqual({ defender: 6, challenger: 4 });
    expect(won.sets).toHaveLength(5);
    expect(won.seq).toBe(pts(`${sets.join(' ')} ${fiveFour} ${deuceAd} dd`).length);
  });

  it('Australian Open 2022 final, Nadal (defender) d. Medvedev 2–6 6–7(5) 6–4 6–4 7–5: serve across a tiebreak', () => {
    const setOne = `${alternating(2)} cccc cccc cccc cccc`; // 2–6: eight games
    // Set two at 6–6 (games 9–20); the tiebreak is game 21, the defender's serve; Medvedev takes it 7–5.
    const setTwo = `${sixAll} ${twice('dc', 5)} cc`;
    const setThree = `${alternating(4)} dddd dddd`; // 6–4
    const match = config('BESTOFFIVE');
    const afterTwo = liveScore(match, pts(`${setOne} ${setTwo}`));
    expect(afterTwo.sets).toEqual([
      { defender: 2, challenger: 6 },
      { defender: 6, challenger: 7, tiebreak: { defender: 5, challenger: 7 } },
      { defender: 0, challenger: 0 },
    ]);
    // The challenger received first in the tiebreak: it serves set three; ten games later, set four; and five.
    expect(afterTwo.server).toBe(C);
    expect(liveScore(match, pts(`${setOne} ${setTwo} ${setThree}`)).server).toBe(C);
    const fifthStarts = `${setOne} ${setTwo} ${setThree} ${setThree}`;
    expect(liveScore(match, pts(fifthStarts))).toMatchObject({ server: C, finished: false });
    const won = liveScore(match, pts(`${fifthStarts} ${alternating(5)} dddd dddd`));
    expect(won).toMatchObject({ finished: true, winner: D });
    expect(won.sets.map((set) => [set.defender, set.challenger])).toEqual([
      [2, 6],
      [6, 7],
      [6, 4],
      [6, 4],
      [7, 5],
    ]);
  });

  it('a fifth set at 6–6 is a tiebreak when the final set is a set', () => {
    const twoAll = `${alternating(3)} dddd dddd dddd ${alternating(3)} dddd dddd dddd ${alternating(3)} cccc cccc cccc ${alternating(3)} cccc cccc cccc`;
    const score = liveScore(config('BESTOFFIVE'), pts(`${twoAll} ${sixAll} ${twice('dc', 6)}`));
    expect(score.sets).toHaveLength(5);
    expect(score.sets[4]).toEqual({ defender: 6, challenger: 6, tiebreak: { defender: 6, challenger: 6 } });
    const won = liveScore(config('BESTOFFIVE'), pts(`${twoAll} ${sixAll} ${twice('dc', 6)} cc`));
    expect(won).toMatchObject({ finished: true, winner: C });
    expect(won.sets[4]).toEqual({ defender: 6, challenger: 7, tiebreak: { defender: 6, challenger: 8 } });
  });
});

describe('break points (the receiver wins the game with the next point) and the counts', () => {
  it('with advantage: from 0–40 the receiver has break points until deuce, and at its advantage', () => {
    // Points: 0–15 0–30 0–40 15–40 30–40 40–40 40–AD 40–40 40–AD game to the receiver.
    const steps = liveSteps(config('BESTOFTHREE'), pts('cccdddcdcc'));
    expect(steps.map((step) => step.breakPoint)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      true,
      false,
      true,
    ]);
    const score = liveScore(config('BESTOFTHREE'), pts('cccdddcdcc'));
    expect(score.stats.breakPointsFaced).toEqual({ defender: 0, challenger: 5 });
    expect(score.stats.breakPointsWon).toEqual({ defender: 0, challenger: 1 });
    expect(score.stats.servicePointsPlayed).toEqual({ defender: 10, challenger: 0 });
    expect(score.stats.servicePointsWon).toEqual({ defender: 4, challenger: 0 });
    expect(score.stats.pointsWon).toEqual({ defender: 4, challenger: 6 });
    expect(score.stats.longestRun).toEqual({ defender: 3, challenger: 3 });
  });

  it('with no-ad, the point at deuce is a break point; the server’s game points are none', () => {
    const steps = liveSteps(config('BESTOFTHREE', true), pts('cccdddc'));
    expect(steps.map((step) => step.breakPoint)).toEqual([false, false, false, true, true, true, true]);
    expect(liveSteps(config('BESTOFTHREE'), pts('dddcccd')).some((step) => step.breakPoint)).toBe(false);
    const saved = liveScore(config('BESTOFTHREE', true), pts('cccdddd'));
    expect(saved.stats.breakPointsFaced.challenger).toBe(4);
    expect(saved.stats.breakPointsWon.challenger).toBe(0);
  });

  it('no step is counted after the match is won', () => {
    const steps = liveSteps(config('BESTOFTHREE'), pts(`${twice('dddd', 12)} dddd`));
    expect(steps).toHaveLength(48);
    expect(steps.at(-1)).toMatchObject({ gameEnded: true, setEnded: true, set: 1 });
  });

  it('a games-only match ended with the defender ahead is the defender’s, the game in progress is dropped', () => {
    const ended = liveScore(config('GAMESONLY'), pts('dddd cccc dddd dd'), true);
    expect(ended).toMatchObject({ finished: true, winner: D, game: call('0', '0'), seq: 14 });
    expect(ended.sets).toEqual([{ defender: 2, challenger: 1 }]);
  });
});

describe('properties over any sequence of points', () => {
  const configs = fc.record({
    matchType: fc.constantFrom('BESTOFTHREE' as const, 'BESTOFFIVE' as const, 'GAMESONLY' as const),
    firstServer: fc.constantFrom(D, C),
    noAd: fc.boolean(),
    finalSet: fc.constantFrom('SET' as const, 'SUPER_TIEBREAK' as const),
  });
  const points = fc.array(fc.constantFrom(D, C), { maxLength: 500 });
  const needed = (matchType: LiveConfig['matchType']) =>
    matchType === 'BESTOFFIVE' ? 3 : matchType === 'BESTOFTHREE' ? 2 : Infinity;
  const calls = ['0', '15', '30', '40', 'AD'];

  /** Whether `score` is a score tennis allows, from §7 alone. */
  function expectLegal(setup: LiveConfig, score: LiveScore, played: number) {
    const done = score.finished ? score.sets : score.sets.slice(0, -1);
    const setsWon = { defender: 0, challenger: 0 };
    for (const [index, set] of done.entries()) {
      const high = Math.max(set.defender, set.challenger);
      const low = Math.min(set.defender, set.challenger);
      if (set.superTiebreak) {
        // Only the deciding set, at one set all, and only when the match asks for it.
        expect(setup.finalSet).toBe('SUPER_TIEBREAK');
        expect(setsWon).toEqual({
          defender: needed(setup.matchType) - 1,
          challenger: needed(setup.matchType) - 1,
        });
        expect(high >= 10 && high - low >= 2 && (high === 10 || high - low === 2)).toBe(true);
        expect(set.tiebreak).toBeUndefined();
      } else if (set.tiebreak) {
        expect([high, low]).toEqual([7, 6]);
        const tbHigh = Math.max(set.tiebreak.defender, set.tiebreak.challenger);
        const tbLow = Math.min(set.tiebreak.defender, set.tiebreak.challenger);
        expect(tbHigh >= 7 && tbHigh - tbLow === 2 ? true : tbHigh === 7 && tbLow <= 5).toBe(true);
        // The set goes to whoever won the tiebreak.
        expect(set.tiebreak.defender > set.tiebreak.challenger).toBe(set.defender > set.challenger);
      } else {
        expect((high === 6 && low <= 4) || (high === 7 && low === 5)).toBe(true);
      }
      setsWon[set.defender > set.challenger ? D : C]++;
      // No set is played after the match is won.
      if (index < done.length - 1)
        expect(Math.max(setsWon.defender, setsWon.challenger)).toBeLessThan(needed(setup.matchType));
    }
    expect(score.finished).toBe(score.winner !== null);
    if (score.winner) {
      expect(setsWon[score.winner]).toBe(needed(setup.matchType));
      expect(score.game).toEqual(call('0', '0'));
    } else {
      expect(Math.max(setsWon.defender, setsWon.challenger)).toBeLessThan(needed(setup.matchType));
      expect(score.seq).toBe(played);
      const current = score.sets.at(-1)!;
      if (current.superTiebreak) {
        expect(score.game).toEqual(call(String(current.defender), String(current.challenger)));
        const high = Math.max(current.defender, current.challenger);
        expect(high < 10 || Math.abs(current.defender - current.challenger) < 2).toBe(true);
      } else if (current.tiebreak) {
        expect([current.defender, current.challenger]).toEqual([6, 6]);
        expect(score.game).toEqual(
          call(String(current.tiebreak.defender), String(current.tiebreak.challenger)),
        );
        const high = Math.max(current.tiebreak.defender, current.tiebreak.challenger);
        expect(high < 7 || Math.abs(current.tiebreak.defender - current.tiebreak.challenger) < 2).toBe(true);
      } else {
        if (setup.matchType !== 'GAMESONLY') {
          const high = Math.max(current.defender, current.challenger);
          const low = Math.min(current.defender, current.challenger);
          expect(high <= 5 || (high === 6 && low >= 5)).toBe(true);
          expect(high === 6 && low === 6).toBe(false);
        }
        expect(calls).toContain(score.game.defender);
        expect(calls).toContain(score.game.challenger);
        // Advantage only over 40; with no-ad there is none.
        if (score.game.defender === 'AD') expect(score.game.challenger).toBe('40');
        if (score.game.challenger === 'AD') expect(score.game.defender).toBe('40');
        if (setup.noAd) expect([score.game.defender, score.game.challenger]).not.toContain('AD');
      }
    }
    expect(score.seq).toBeLessThanOrEqual(played);
    expect(score.stats.pointsWon.defender + score.stats.pointsWon.challenger).toBe(score.seq);
  }

  it('any points give a legal score; points after the match is won change nothing', () => {
    fc.assert(
      fc.property(configs, points, (setup, won) => {
        const score = liveScore(setup, won);
        expectLegal(setup, score, won.length);
        expect(liveScore(setup, won.slice(0, score.seq))).toEqual(score);
      }),
    );
  });

  it('a match where one side wins every point ends 6–0 in every set it needs, after exactly 24 points a set', () => {
    fc.assert(
      fc.property(
        configs.filter((setup) => setup.matchType !== 'GAMESONLY'),
        fc.constantFrom(D, C),
        (setup, side) => {
          const sets = needed(setup.matchType);
          const score = liveScore(
            setup,
            Array.from({ length: 24 * sets + 10 }, () => side),
          );
          expect(score).toMatchObject({ finished: true, winner: side, seq: 24 * sets });
          expect(score.sets).toHaveLength(sets);
        },
      ),
    );
  });

  const apply = (state: ReturnType<typeof plannedMatch>, events: unknown) => {
    expect(Array.isArray(events)).toBe(true);
    return (events as LiveDomainEvent[]).reduce(liveDecider.evolve, state);
  };

  it('undo of the last point, through the rules’ events, gives back exactly the state before it', () => {
    const now = new Date('2026-03-14T10:00:00Z');
    fc.assert(
      fc.property(configs, points, fc.constantFrom(D, C), (setup, won, next) => {
        let state = liveDecider.evolve(plannedMatch(setup.matchType), liveStarted(setup));
        for (const [index, winner] of won.entries()) {
          if (scoreOf(state)!.finished) break;
          state = liveDecider.evolve(state, pointScored(index + 1, winner));
        }
        const before = scoreOf(state)!;
        fc.pre(!before.finished);
        const scored = apply(
          state,
          liveDecider.decide(
            { type: 'ScorePoint', matchId: 'm1', seq: before.seq + 1, winner: next, by: manager },
            state,
            now,
          ),
        );
        fc.pre(!scoreOf(scored)!.finished);
        expect(scoreOf(scored)!.seq).toBe(before.seq + 1);
        const undone = apply(
          scored,
          liveDecider.decide(
            { type: 'UndoPoint', matchId: 'm1', seq: before.seq + 1, by: manager },
            scored,
            now,
          ),
        );
        expect(undone).toEqual(state);
        expect(scoreOf(undone)).toEqual(before);
      }),
    );
  });
});
