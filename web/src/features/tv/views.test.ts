import { describe, expect, it } from 'vitest';
import {
  bracketScreens,
  currentRound,
  knockoutViews,
  madeDrawMatches,
  tvViews,
  viewIndexAt,
  type ClubTvData,
} from './views';
import type { TvDrawRound, TvMatch, TvStandings, TvTournament } from './api/tv';

const side = (teamId: string) => ({ teamId, members: [{ name: teamId }], matchSets: [], winner: false });
const match = (id: string, more: Partial<TvMatch> = {}): TvMatch => ({
  id,
  date: '2026-11-20T10:00',
  status: 'completed',
  defender: side('a'),
  challenger: side('b'),
  ...more,
});
const standings: TvStandings = {
  ladder: { uuid: 'l1', name: 'Ladder' },
  season: { name: 'Winter' },
  teams: [{ teamId: 'a', position: 1, members: [{ fullName: 'Ann' }], played: 1, won: 1 }],
};
const night = (rounds: TvTournament['rounds']): TvTournament => ({
  tournamentId: 't1',
  name: 'Night',
  format: 'AMERICANO',
  status: 'running',
  entries: [],
  rounds,
});
const game = (gameId: string, pointsA?: number) => ({
  gameId,
  court: 1,
  sideA: ['p1', 'p2'],
  sideB: ['p3', 'p4'],
  ...(pointsA === undefined ? {} : { pointsA, pointsB: 24 - pointsA }),
});

describe('the club TV views', () => {
  it('turns every 20 seconds, round and round, from the start', () => {
    expect([0, 19_999, 20_000, 39_999, 40_000, 60_000, 200_000].map((ms) => viewIndexAt(3, ms))).toEqual([
      0, 0, 1, 1, 2, 0, 1,
    ]);
    expect(viewIndexAt(1, 1_000_000)).toBe(0);
    expect(viewIndexAt(0, 5_000)).toBe(-1);
    expect(viewIndexAt(2, -5)).toBe(0);
  });

  it('shows the standings and the latest results when nothing is live, latest first', () => {
    const data: ClubTvData = {
      ladders: [
        {
          standings,
          completed: [match('old', { date: '2026-11-01T10:00' }), match('gone', { status: 'cancelled' })],
          notCompleted: [match('planned', { status: 'planned' })],
        },
        { standings: { ...standings, teams: [] }, completed: [match('new')], notCompleted: [] },
      ],
      nights: [],
      knockouts: [],
      drawMatches: {},
    };
    expect(tvViews(data)).toEqual([
      { kind: 'standings', standings },
      { kind: 'results', matches: [match('new'), match('old', { date: '2026-11-01T10:00' })] },
    ]);
    expect(tvViews({ ladders: [], nights: [], knockouts: [], drawMatches: {} })).toEqual([]);
  });

  it('shows only what is live while something is: matches being scored, then each club night', () => {
    const scored = match('live', {
      status: 'planned',
      live: { game: { defender: '15', challenger: '0' }, finished: false },
    });
    const ended = match('ended', {
      status: 'planned',
      live: { game: { defender: '0', challenger: '0' }, finished: true },
    });
    const running = night([{ round: 1, games: [game('g1')] }]);
    expect(
      tvViews({
        ladders: [{ standings, completed: [match('r')], notCompleted: [scored, ended] }],
        nights: [running],
        knockouts: [],
        drawMatches: {},
      }),
    ).toEqual([
      { kind: 'live', matches: [scored] },
      { kind: 'club-night', night: running },
    ]);
  });

  it('takes the first round with a game to play as the current one, else the last', () => {
    const rounds = [
      { round: 1, games: [game('g1', 10), game('g2', 12)] },
      { round: 2, games: [game('g3', 14), game('g4')] },
      { round: 3, games: [game('g5')] },
    ];
    expect(currentRound(night(rounds))?.round).toBe(2);
    expect(currentRound(night(rounds.slice(0, 1)))?.round).toBe(1);
    expect(currentRound(night(undefined))).toBeUndefined();
  });
});

/** A draw of `sides` (a power of two) without byes: round r has sides / 2^r matches, "m{round}-{index}". */
const draw = (sides: number, won: (round: number, index: number) => boolean = () => false): TvDrawRound[] =>
  Array.from({ length: Math.log2(sides) }, (_, r) => ({
    round: r + 1,
    matches: Array.from({ length: sides / 2 ** (r + 1) }, (_, i) => ({
      matchId: `m${r + 1}-${i}`,
      sideA: r === 0 ? `e${2 * i}` : null,
      sideB: r === 0 ? `e${2 * i + 1}` : null,
      ...(won(r + 1, i) ? { winner: `e${2 * i}` } : {}),
    })),
  }));
/** What a screen shows: each column's round, its distance to the final and its match ids. */
const shape = (screens: ReturnType<typeof bracketScreens>) =>
  screens.map((columns) =>
    columns.map((column) => [column.round, column.fromFinal, column.matches.map((match) => match.matchId)]),
  );
const ids = (round: number, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `m${round}-${from + i}`);
const knockout = (rounds: TvDrawRound[], plate?: TvDrawRound[]): TvTournament => ({
  tournamentId: 'k1',
  name: 'Cup',
  format: 'KNOCKOUT',
  status: 'running',
  entries: [],
  draw: { rounds, ...(plate ? { plate: { rounds: plate } } : {}) },
});

describe('the club TV bracket', () => {
  it('shows a draw of up to 16 sides whole on one screen, the final last', () => {
    expect(shape(bracketScreens(draw(16)))).toEqual([
      [
        [1, 3, ids(1, 0, 8)],
        [2, 2, ids(2, 0, 4)],
        [3, 1, ids(3, 0, 2)],
        [4, 0, ids(4, 0, 1)],
      ],
    ]);
    expect(shape(bracketScreens(draw(2)))).toEqual([[[1, 0, ['m1-0']]]]);
    expect(bracketScreens([])).toEqual([]);
  });

  it('shows 32 sides in two halves while the first round is played, each half leading to the final', () => {
    const halves = [
      [
        [1, 4, ids(1, 0, 8)],
        [2, 3, ids(2, 0, 4)],
        [3, 2, ids(3, 0, 2)],
        [4, 1, ['m4-0']],
        [5, 0, ['m5-0']],
      ],
      [
        [1, 4, ids(1, 8, 16)],
        [2, 3, ids(2, 4, 8)],
        [3, 2, ids(3, 2, 4)],
        [4, 1, ['m4-1']],
        [5, 0, ['m5-0']],
      ],
    ];
    expect(shape(bracketScreens(draw(32)))).toEqual(halves);
    // One match of round 1 still to play: still both halves.
    expect(shape(bracketScreens(draw(32, (round, index) => round > 1 || index !== 15)))).toEqual(halves);
  });

  it('drops a large draw’s played rounds once the rest fits one screen, and keeps it there to the end', () => {
    const lastFour = (first: number) =>
      [0, 1, 2, 3].map((i) => [first + i, 3 - i, ids(first + i, 0, 2 ** (3 - i))]);
    expect(shape(bracketScreens(draw(32, (round) => round === 1)))).toEqual([lastFour(2)]);
    expect(shape(bracketScreens(draw(32, () => true)))).toEqual([lastFour(2)]);
    expect(shape(bracketScreens(draw(64, () => true)))).toEqual([lastFour(3)]);
    // 64 sides, round 2 (16 matches) in play: its halves, from round 2.
    expect(shape(bracketScreens(draw(64, (round) => round === 1))).map((half) => half[0])).toEqual([
      [2, 4, ids(2, 0, 8)],
      [2, 4, ids(2, 8, 16)],
    ]);
  });

  it('shows at most five rounds of a very large draw, in parts of at most eight matches a round', () => {
    const screens = bracketScreens(draw(128));
    expect(screens).toHaveLength(8);
    expect(shape(screens)[7]).toEqual([
      [1, 6, ids(1, 56, 64)],
      [2, 5, ids(2, 28, 32)],
      [3, 4, ids(3, 14, 16)],
      [4, 3, ['m4-7']],
      [5, 2, ['m5-3']],
    ]);
  });

  it('shows a draw with byes and five rounds whole when no round has more than eight matches', () => {
    const withByes = draw(32).map((round) =>
      round.round === 1 ? { ...round, matches: round.matches.slice(0, 4) } : round,
    );
    expect(shape(bracketScreens(withByes))).toEqual([
      [
        [1, 4, ids(1, 0, 4)],
        [2, 3, ids(2, 0, 8)],
        [3, 2, ids(3, 0, 4)],
        [4, 1, ids(4, 0, 2)],
        [5, 0, ids(5, 0, 1)],
      ],
    ]);
  });

  it('puts a running knockout’s bracket, then its plate, in the rotation after the club nights', () => {
    const cup = knockout(draw(4), draw(2));
    const running = night([{ round: 1, games: [game('g1')] }]);
    const views = tvViews({ ladders: [], nights: [running], knockouts: [cup], drawMatches: {} });
    expect(views.map((view) => [view.kind, view.kind === 'knockout' ? view.draw : ''])).toEqual([
      ['club-night', ''],
      ['knockout', 'main'],
      ['knockout', 'plate'],
    ]);
    expect(
      knockoutViews(knockout(draw(32)), {}).map((view) => view.kind === 'knockout' && view.part),
    ).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect(knockoutViews(knockout(draw(8)), {})[0]).not.toHaveProperty('part');
    expect(knockoutViews({ ...knockout([]), draw: undefined }, {})).toEqual([]);
  });

  it('reads the scores of the made matches only, and shows those being scored as live too', () => {
    const rounds = draw(4);
    rounds[1]!.matches[0] = { matchId: 'final', sideA: 'e0', sideB: null };
    const cup = knockout(rounds, [{ round: 1, matches: [{ matchId: 'p1', sideA: 'e1', sideB: 'e3' }] }]);
    expect(madeDrawMatches(cup).map((made) => made.matchId)).toEqual(['m1-0', 'm1-1', 'p1']);
    const scored = match('m1-0', {
      status: 'planned',
      live: { game: { defender: '30', challenger: '15' }, finished: false },
    });
    const views = tvViews({
      ladders: [],
      nights: [],
      knockouts: [cup],
      drawMatches: { 'm1-0': scored, 'm1-1': match('m1-1'), final: scored },
    });
    expect(views[0]).toEqual({ kind: 'live', matches: [scored] });
    expect(views.slice(1).map((view) => view.kind)).toEqual(['knockout', 'knockout']);
  });
});
