import { describe, expect, it } from 'vitest';
import { isRejection } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { boxesDecider, type BoxesState } from './decider.ts';
import {
  seasonTeamsWithBoxesDecider,
  type SeasonTeamsWithBoxesEvent,
  type SeasonTeamsWithBoxesState,
} from './leaving.ts';
import { defaultBoxSettings } from './model.ts';

const ref = { seasonId: 'season-1', ladderId: 'ladder-1' };
const boxSeason: NonNullable<BoxesState['season']> = {
  ...ref,
  startDate: '2026-01-01',
  format: 'BOX',
  box: defaultBoxSettings,
  matchType: 'BESTOFTHREE',
};
const sides = ['t1', 't2', 't3', 't4'];

/**
 * The season's settings and its sides' ratings are not events of these features: the specs start from a state with
 * the season and its four active sides (t1…t4, players p1…p4) and fold the team, box and match events onto it.
 */
const atStart = (format: 'BOX' | 'LADDER' = 'BOX'): SeasonTeamsWithBoxesState => ({
  teams: {
    season: { ...ref, sportsCategory: 'TENNISSINGLE', openForRegistration: true, endDate: '2026-06-30' },
    teams: Object.fromEntries(
      sides.map((teamId, index) => [
        teamId,
        { teamId, memberIds: [`p${index + 1}`], status: 'active' as const },
      ]),
    ),
  },
  boxes: {
    season: { ...boxSeason, format },
    teams: sides.map((teamId, index) => ({ teamId, rating: 1500, memberIds: [`p${index + 1}`] })),
    boxes: [],
    matches: {},
  },
});
const spec = (given: SeasonTeamsWithBoxesEvent[], format: 'BOX' | 'LADDER' = 'BOX') =>
  deciderSpec({ ...seasonTeamsWithBoxesDecider, initialState: () => atStart(format) })(given);

/** One box of t1…t4 and its six matches: m1 t1–t2, m2 t1–t3, m3 t1–t4, m4 t2–t3, m5 t2–t4, m6 t3–t4. */
const pairs: Array<[string, string]> = [
  ['t1', 't2'],
  ['t1', 't3'],
  ['t1', 't4'],
  ['t2', 't3'],
  ['t2', 't4'],
  ['t3', 't4'],
];
const drawn: SeasonTeamsWithBoxesEvent[] = [
  {
    type: 'BoxesDrawn',
    payload: {
      ...ref,
      by: 'POSITION',
      boxes: [{ boxId: 'box1', number: 1, teamIds: sides, matchIds: pairs.map((_, i) => `m${i + 1}`) }],
    },
  },
  ...pairs.map(([defenderId, challengerId], i): SeasonTeamsWithBoxesEvent => ({
    type: 'MatchCreated',
    payload: { matchId: `m${i + 1}`, ...ref, defenderId, challengerId },
  })),
];
const sets = (...games: number[]) => ({
  matchSets: games.map((score) => ({ score })),
  special: 'none' as const,
});
const recorded = (matchId: string, pending = false): SeasonTeamsWithBoxesEvent => ({
  type: 'MatchResultRecorded',
  payload: {
    matchId,
    ...ref,
    defender: sets(6, 6),
    challenger: sets(1, 2),
    ...(pending ? { pending: { enteredBy: 'p1', side: 'defender', dueAt: '2026-03-16T10:00:00.000Z' } } : {}),
  },
});
const cancelled = (matchId: string): NewEvent => ({
  type: 'MatchCancelled',
  streamId: matchId,
  payload: { matchId, ...ref },
});
const removed = (teamId: string): NewEvent => ({
  type: 'TeamRemoved',
  streamId: teamId,
  payload: { teamId, ...ref },
});

describe('a team leaves a box season after the draw (DESIGN.md §19 "Box seasons")', () => {
  // t2 played t1 (confirmed, a manager's result) and t3 (waiting for confirmation); m5 was cancelled before.
  const history = [
    ...drawn,
    recorded('m1'),
    recorded('m4', true),
    { type: 'MatchCancelled', payload: { matchId: 'm5', ...ref } } as SeasonTeamsWithBoxesEvent,
  ];

  it('given t2 played two of its three box matches, when a manager removes t2, then it leaves and nothing else is cancelled', () => {
    spec(history)
      .when({ type: 'RemoveTeam', teamId: 't2' })
      .then([removed('t2')]);
  });

  it('given t3 played none, when a manager removes it, then its matches without a result are cancelled, ids only', () => {
    spec(history)
      .when({ type: 'RemoveTeam', teamId: 't3' })
      .then([removed('t3'), cancelled('m2'), cancelled('m6')]);
  });

  it('given t4 in the box, when its player leaves the season, then the same: its three matches are cancelled', () => {
    spec(drawn)
      .when({ type: 'LeaveSeason', teamId: 't4', accountId: 'p4', isAddressee: false })
      .then([removed('t4'), cancelled('m3'), cancelled('m5'), cancelled('m6')]);
  });

  it('given a walkover recorded, then that match has a result and stays', () => {
    const walkover: SeasonTeamsWithBoxesEvent = {
      type: 'MatchResultRecorded',
      payload: {
        matchId: 'm3',
        ...ref,
        defender: { matchSets: [], special: 'walkover' },
        challenger: { matchSets: [], special: 'none' },
      },
    };
    spec([...drawn, walkover])
      .when({ type: 'RemoveTeam', teamId: 't4' })
      .then([removed('t4'), cancelled('m5'), cancelled('m6')]);
  });

  it('given no draw yet, or a ladder season, then the team leaves and no match is cancelled', () => {
    spec([])
      .when({ type: 'RemoveTeam', teamId: 't1' })
      .then([removed('t1')]);
    spec([], 'LADDER')
      .when({ type: 'RemoveTeam', teamId: 't1' })
      .then([removed('t1')]);
  });

  it('given a team that already left, when removed again, then refused as the team rules refuse it', () => {
    spec([...drawn, { type: 'TeamRemoved', payload: { teamId: 't1', ...ref } }])
      .when({ type: 'RemoveTeam', teamId: 't1' })
      .thenRejects({ reason: 'conflict', message: 'This team is not active in this season' });
  });

  it('a command that removes no team emits the team rules’ events alone', () => {
    spec(drawn)
      .when({ type: 'MoveTeam', teamId: 't4', position: 1 })
      .then([
        { type: 'TeamPositionChanged', streamId: 't4', payload: { teamId: 't4', ...ref, position: 1 } },
      ]);
  });

  it('evolve: TeamRemoved takes the side out of the active ones; box events reach only the boxes', () => {
    const left: SeasonTeamsWithBoxesEvent = { type: 'TeamRemoved', payload: { teamId: 't2', ...ref } };
    const state = [...history, left].reduce(
      seasonTeamsWithBoxesDecider.evolve,
      seasonTeamsWithBoxesDecider.initialState(),
    );
    expect(state.boxes.boxes).toHaveLength(1);
    expect(state.boxes.matches.m5!.cancelled).toBe(true);
    expect(state.teams).toEqual({ teams: {} });
  });
});

describe('the close after a side left (DESIGN.md §19 "Box seasons")', () => {
  it('the side that left is not carried over; its played results still count in the others’ rows', () => {
    // t2 beat t4, then t4 left. Without that result no side has a point and the draw order stands (t1, t2, t3);
    // with it t2 tops the box.
    const beat = (matchId: string, winnerIsDefender: boolean): SeasonTeamsWithBoxesEvent => ({
      type: 'MatchResultRecorded',
      payload: {
        matchId,
        ...ref,
        defender: winnerIsDefender ? sets(6, 6) : sets(0, 0),
        challenger: winnerIsDefender ? sets(0, 0) : sets(6, 6),
      },
    });
    const state = [
      ...drawn,
      beat('m5', true), // t2 - t4: t2 wins 6-0 6-0
      { type: 'TeamRemoved', payload: { teamId: 't4', ...ref } } as SeasonTeamsWithBoxesEvent,
    ].reduce(seasonTeamsWithBoxesDecider.evolve, atStart()).boxes;
    const closing = boxesDecider.decide(
      { type: 'CloseBoxes', nextSeasonId: 'season-2', teamIds: ['n1', 'n2', 'n3', 'n4'] },
      {
        ...state,
        next: {
          seasonId: 'season-2',
          ladderId: 'ladder-1',
          startDate: '2026-07-01',
          hasMatches: false,
          teams: [],
        },
      },
      new Date('2026-03-14T10:00:00Z'),
    );
    expect(isRejection(closing)).toBe(false);
    const closed = (closing as NewEvent[]).at(-1)!.payload as { positions: Array<{ fromTeamId: string }> };
    expect(closed.positions.map((side) => side.fromTeamId)).toEqual(['t2', 't1', 't3']);
  });
});
