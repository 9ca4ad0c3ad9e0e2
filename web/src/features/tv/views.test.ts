import { describe, expect, it } from 'vitest';
import { currentRound, tvViews, viewIndexAt, type ClubTvData } from './views';
import type { TvMatch, TvStandings, TvTournament } from './api/tv';

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
    };
    expect(tvViews(data)).toEqual([
      { kind: 'standings', standings },
      { kind: 'results', matches: [match('new'), match('old', { date: '2026-11-01T10:00' })] },
    ]);
    expect(tvViews({ ladders: [], nights: [] })).toEqual([]);
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
