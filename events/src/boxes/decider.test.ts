import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../event-registry.ts';
import { isRejection } from '../decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { boxesDecider, type BoxesCommand, type BoxesEvent, type BoxesState } from './decider.ts';
import { defaultBoxSettings, type BoxSettings } from './model.ts';

const ref = { seasonId: 'season-1', ladderId: 'ladder-1' };
const season: NonNullable<BoxesState['season']> = {
  ...ref,
  startDate: '2026-01-01',
  format: 'BOX',
  box: defaultBoxSettings,
  matchType: 'BESTOFTHREE',
};
/** Active sides t1…tN in position order; rating: t1 lowest. Members pN. */
const teams = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    teamId: `t${index + 1}`,
    rating: 1500 + index * 10,
    memberIds: [`p${index + 1}`],
  }));
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
const draw = (by: 'POSITION' | 'RATING' = 'POSITION'): Extract<BoxesCommand, { type: 'DrawBoxes' }> => ({
  type: 'DrawBoxes',
  by,
  boxIds: ids('box', 10),
  matchIds: ids('m', 60),
});
const spec = (given: BoxesEvent[], state: Partial<BoxesState> = {}, box: Partial<BoxSettings> = {}) =>
  deciderSpec({
    ...boxesDecider,
    initialState: (): BoxesState => ({
      season: { ...season, box: { ...defaultBoxSettings, ...box } },
      teams: teams(6),
      boxes: [],
      matches: {},
      ...state,
    }),
  })(given);
const refused = (code: string, message: string) => ({ reason: 'conflict' as const, message, code });

/** The events of a draw of `boxes` (team ids by box), the match ids taken in order from m1. */
function drawn(boxes: string[][], by: 'POSITION' | 'RATING' = 'POSITION', firstMatch = 1) {
  let next = firstMatch;
  const created: NewEvent[] = [];
  const payloadBoxes = boxes.map((teamIds, index) => {
    const matchIds: string[] = [];
    teamIds.forEach((defenderId, i) =>
      teamIds.slice(i + 1).forEach((challengerId) => {
        const matchId = `m${next++}`;
        matchIds.push(matchId);
        created.push({
          type: 'MatchCreated',
          streamId: matchId,
          payload: { matchId, ...ref, defenderId, challengerId },
        });
      }),
    );
    return { boxId: `box${index + 1}`, number: index + 1, teamIds, matchIds };
  });
  const event = { type: 'BoxesDrawn', streamId: 'season-1', payload: { ...ref, by, boxes: payloadBoxes } };
  return { event, created, all: [event, ...created] };
}
/** The given events of a draw: BoxesDrawn and its MatchCreated. */
const givenDraw = (boxes: string[][]) =>
  drawn(boxes).all.map(({ type, payload }) => ({ type, payload }) as BoxesEvent);
const result = (matchId: string, text: string, pending = false): BoxesEvent => {
  const sets = text.split(' ').map((set) => set.split('-').map(Number) as [number, number]);
  return {
    type: 'MatchResultRecorded',
    payload: {
      matchId,
      ...ref,
      defender: { matchSets: sets.map(([d]) => ({ score: d })), special: 'none' },
      challenger: { matchSets: sets.map(([, c]) => ({ score: c })), special: 'none' },
      ...(pending
        ? { pending: { enteredBy: 'p1', side: 'defender', dueAt: '2026-03-16T10:00:00.000Z' } }
        : {}),
    },
  };
};

describe('DrawBoxes (DESIGN.md §12)', () => {
  it('given 6 sides in boxes of 4, when drawn by position, then one box of 6 (not 4 and 2) and its 15 matches', () => {
    spec([], {}, { size: 4 })
      .when(draw())
      .then(drawn([ids('t', 6)]).all);
  });

  it('given 11 sides in boxes of 5, when drawn, then boxes of 6 and 5 with 15 and 10 matches', () => {
    const { all } = drawn([ids('t', 6), ids('t', 11).slice(6)]);
    spec([], { teams: teams(11) })
      .when(draw())
      .then(all);
    expect(all.filter((event) => event.type === 'MatchCreated')).toHaveLength(25);
  });

  it('given sides rated apart, when drawn by rating, then the best rated fill box 1 (ties by position)', () => {
    const rated = teams(8).map((team) => ({ ...team, rating: team.teamId === 't1' ? 1500 : 1600 }));
    spec([], { teams: rated }, { size: 4 })
      .when(draw('RATING'))
      .then(
        drawn(
          [
            ['t2', 't3', 't4', 't5'],
            ['t6', 't7', 't8', 't1'],
          ],
          'RATING',
        ).all,
      );
  });

  it('given a ladder season, fewer than 3 sides or no season, then refused', () => {
    spec([], { season: { ...season, format: 'LADDER' } })
      .when(draw())
      .thenRejects(refused('NOT_BOX', 'This season does not play in boxes'));
    spec([], { teams: teams(2) })
      .when(draw())
      .thenRejects(refused('TOO_FEW_SIDES', 'A box league needs at least 3 active sides'));
    deciderSpec(boxesDecider)([])
      .when(draw())
      .thenRejects({ reason: 'not_found', message: 'No such season' });
    spec([], { teams: teams(3) })
      .when({ ...draw(), matchIds: ['m1', 'm2'] })
      .thenRejects({ reason: 'invalid', message: 'Not enough ids for the draw' });
    spec([], { teams: teams(3) })
      .when({ ...draw(), boxIds: [] })
      .thenRejects({ reason: 'invalid', message: 'Not enough ids for the draw' });
  });

  it('given boxes without results, when drawn again, then their open matches are cancelled and new boxes drawn', () => {
    const given = [
      ...givenDraw([
        ['t1', 't2', 't3'],
        ['t4', 't5', 't6'],
      ]),
      { type: 'MatchCancelled', payload: { matchId: 'm2', ...ref } } as BoxesEvent,
    ];
    const again = drawn([ids('t', 6)], 'POSITION');
    const cancelled = ['m1', 'm3', 'm4', 'm5', 'm6'].map((matchId) => ({
      type: 'MatchCancelled',
      streamId: matchId,
      payload: { matchId, ...ref },
    }));
    spec(given, {}, { size: 6 })
      .when({
        ...draw(),
        matchIds: ids('n', 15)
          .map((id) => id.replace('n', 'm'))
          .map((id) => `${id}x`),
      })
      .then([
        ...cancelled,
        {
          ...again.event,
          payload: {
            ...again.event.payload,
            boxes: again.event.payload.boxes.map((box) => ({
              ...box,
              matchIds: box.matchIds.map((id) => `${id}x`),
            })),
          },
        },
        ...again.created.map((event) => {
          const payload = event.payload as { matchId: string };
          return {
            ...event,
            streamId: `${payload.matchId}x`,
            payload: { ...payload, matchId: `${payload.matchId}x` },
          };
        }),
      ]);
  });

  it('given a box match with a result (even one waiting for confirmation), when drawn again, then HAS_RESULTS', () => {
    const has = refused('HAS_RESULTS', 'A box match has a result: the boxes stay as they are');
    spec([...givenDraw([ids('t', 6)]), result('m3', '6-1 6-1', true)])
      .when(draw())
      .thenRejects(has);
    const walkover: BoxesEvent = {
      type: 'MatchResultRecorded',
      payload: {
        matchId: 'm1',
        ...ref,
        defender: { matchSets: [], special: 'walkover' },
        challenger: { matchSets: [], special: 'none' },
      },
    };
    spec([...givenDraw([ids('t', 6)]), walkover])
      .when(draw())
      .thenRejects(has);
    // A cancelled match's result does not hold the boxes; a match of no box is not the boxes'.
    const cancelled: BoxesEvent = { type: 'MatchCancelled', payload: { matchId: 'm3', ...ref } };
    const outside: BoxesEvent = {
      type: 'MatchCreated',
      payload: { matchId: 'x1', ...ref, defenderId: 't1', challengerId: 't2' },
    };
    const ok = boxesDecider.decide(
      draw(),
      [
        ...givenDraw([ids('t', 6)]),
        result('m3', '6-1 6-1'),
        cancelled,
        outside,
        result('x1', '6-1 6-1'),
      ].reduce(boxesDecider.evolve, { ...boxesDecider.initialState(), season, teams: teams(6) }),
      new Date(),
    );
    expect(isRejection(ok)).toBe(false);
  });
});

describe('CloseBoxes (DESIGN.md §12, §15)', () => {
  const next: NonNullable<BoxesState['next']> = {
    seasonId: 'season-2',
    ladderId: 'ladder-1',
    startDate: '2026-07-01',
    hasMatches: false,
    teams: [],
  };
  const nextRef = { seasonId: 'season-2', ladderId: 'ladder-1' };
  const close = (nextSeasonId = 'season-2'): Extract<BoxesCommand, { type: 'CloseBoxes' }> => ({
    type: 'CloseBoxes',
    nextSeasonId,
    teamIds: ids('n', 12),
  });
  /** Two boxes of 3: t1 t2 t3 | t4 t5 t6; the bottom box's t6 beats t4 and t5, so it tops its table. */
  const played: BoxesEvent[] = [
    ...givenDraw([
      ['t1', 't2', 't3'],
      ['t4', 't5', 't6'],
    ]),
    result('m5', '0-6 0-6'), // t4 - t6
    result('m6', '0-6 0-6'), // t5 - t6
    result('m1', '0-6 0-6'), // t1 - t2
  ];
  const registered = (teamId: string, member: string) => [
    {
      type: 'TeamRegistered',
      streamId: teamId,
      payload: { teamId, ...nextRef, memberIds: [member], closedFrom: 'season-1' },
    },
    { type: 'TeamAccepted', streamId: teamId, payload: { teamId, ...nextRef } },
  ];
  /** Each side: its team in the next season, in the closed one, its box there and how it moved. */
  const closedEvent = (sides: Array<[string, string, number, 'UP' | 'DOWN' | 'STAYS']>) => ({
    type: 'BoxesClosed',
    streamId: 'season-1',
    payload: {
      ...ref,
      nextSeasonId: 'season-2',
      positions: sides.map(([teamId, fromTeamId, fromBox, movement], index) => ({
        teamId,
        fromTeamId,
        position: index + 1,
        fromBox,
        movement,
      })),
    },
  });

  it('given played boxes, when closed into an empty next season, then the top of box 2 goes up, the bottom of box 1 down', () => {
    // Box 1 table: t2, t1, t3 (t3 last goes down); box 2: t6, t4, t5 (t6 first goes up).
    spec(played, { next })
      .when(close())
      .then([
        ...registered('n1', 'p2'),
        ...registered('n2', 'p1'),
        ...registered('n3', 'p6'),
        ...registered('n4', 'p3'),
        ...registered('n5', 'p4'),
        ...registered('n6', 'p5'),
        closedEvent([
          ['n1', 't2', 1, 'STAYS'],
          ['n2', 't1', 1, 'STAYS'],
          ['n3', 't6', 2, 'UP'],
          ['n4', 't3', 1, 'DOWN'],
          ['n5', 't4', 2, 'STAYS'],
          ['n6', 't5', 2, 'STAYS'],
        ]),
      ]);
  });

  it('given a next season with some of the sides already (one active, one waiting), then they keep their teams, all sides above the others', () => {
    const withTeams = {
      ...next,
      teams: [
        { teamId: 'old', memberIds: ['q1'], status: 'active' as const },
        { teamId: 'has-p5', memberIds: ['p5'], status: 'active' as const },
        { teamId: 'has-p2', memberIds: ['p2'], status: 'waiting' as const },
        // Waiting teams have no place: this one stays waiting, below nobody.
        { teamId: 'w1', memberIds: ['q9'], status: 'waiting' as const },
      ],
    };
    const [box1, box2] = [
      ['t1', 't2', 't3'],
      ['t4', 't5', 't6'],
    ];
    spec(givenDraw([box1!, box2!]), { next: withTeams })
      .when(close())
      .then([
        ...registered('n1', 'p1'),
        { type: 'TeamAccepted', streamId: 'has-p2', payload: { teamId: 'has-p2', ...nextRef } },
        ...registered('n3', 'p4'),
        ...registered('n4', 'p3'),
        ...registered('n6', 'p6'),
        ...['n1', 'has-p2', 'n3', 'n4', 'has-p5', 'n6'].map((teamId, index) => ({
          type: 'TeamPositionChanged',
          streamId: teamId,
          payload: { teamId, ...nextRef, position: index + 1 },
        })),
        closedEvent([
          ['n1', 't1', 1, 'STAYS'],
          ['has-p2', 't2', 1, 'STAYS'],
          ['n3', 't4', 2, 'UP'],
          ['n4', 't3', 1, 'DOWN'],
          ['has-p5', 't5', 2, 'STAYS'],
          ['n6', 't6', 2, 'STAYS'],
        ]),
      ]);
  });

  it('appends active sides that joined after the draw, and leaves out sides no longer active', () => {
    const state = { next, teams: [...teams(5), { teamId: 't9', rating: 1500, memberIds: ['p9'] }] };
    const closing = boxesDecider.decide(
      close(),
      givenDraw([
        ['t1', 't2', 't3'],
        ['t4', 't5', 't6'],
      ]).reduce(boxesDecider.evolve, {
        ...boxesDecider.initialState(),
        season,
        ...state,
      }),
      new Date(),
    );
    const closed = (closing as NewEvent[]).at(-1)!.payload as { positions: Array<{ fromTeamId: string }> };
    expect(closed.positions.map((side) => side.fromTeamId)).toEqual(['t1', 't2', 't4', 't3', 't5', 't9']);
    // The side in no box came from none and did not move: neither is said of it.
    expect(closed.positions.at(-1)).toEqual({ teamId: 'n6', fromTeamId: 't9', position: 6 });
  });

  it('refuses a next season of another ladder, not later, with matches, unknown; a season without boxes; a player elsewhere', () => {
    const wrong = refused('NOT_NEXT_SEASON', 'The next season is a later season of the same ladder');
    spec(played, { next: { ...next, ladderId: 'ladder-2' } })
      .when(close())
      .thenRejects(wrong);
    spec(played, { next: { ...next, startDate: '2026-01-01' } })
      .when(close())
      .thenRejects(wrong);
    spec(played, { next: { ...next, hasMatches: true } })
      .when(close())
      .thenRejects(refused('HAS_MATCHES', 'The next season has matches already'));
    spec(played, { next }).when(close('season-9')).thenRejects({
      reason: 'not_found',
      message: 'No such season',
      field: 'nextSeasonId',
    });
    spec([], { next }).when(close()).thenRejects(refused('NO_BOXES', 'Draw the boxes first'));
    spec(played, { next: { ...next, teams: [{ teamId: 'x', memberIds: ['p3', 'q'], status: 'waiting' }] } })
      .when(close())
      .thenRejects(
        refused('IN_NEXT_SEASON', 'A player of this season plays in another team of the next season'),
      );
    spec(played, { next })
      .when({ ...close(), teamIds: ['n1'] })
      .thenRejects({
        reason: 'invalid',
        message: 'Not enough ids for the close',
      });
    spec(played, { next, season: { ...season, format: 'LADDER' } })
      .when(close())
      .thenRejects(refused('NOT_BOX', 'This season does not play in boxes'));
  });
});

describe('boxes evolve', () => {
  it('a new draw forgets the old boxes’ matches; results, confirmations, disputes and closes fold', () => {
    const state = [
      ...givenDraw([['t1', 't2', 't3']]),
      result('m1', '6-0 6-0', true),
      {
        type: 'ResultDisputed',
        payload: { matchId: 'm1', ...ref, disputedBy: 'p2', reason: 'no' },
      } as BoxesEvent,
      { type: 'ResultConfirmed', payload: { matchId: 'm1', ...ref, confirmedBy: 'manager' } } as BoxesEvent,
      { type: 'ResultConfirmed', payload: { matchId: 'zz', ...ref, confirmedBy: 'manager' } } as BoxesEvent,
      {
        type: 'BoxesClosed',
        payload: { ...ref, nextSeasonId: 'season-2', positions: [] },
      } as BoxesEvent,
    ].reduce(boxesDecider.evolve, boxesDecider.initialState());
    expect(state.matches.m1).toMatchObject({ counts: true, cancelled: false });
    expect(Object.keys(state.matches)).toEqual(['m1', 'm2', 'm3']);
    const disputed = boxesDecider.evolve(state, {
      type: 'ResultDisputed',
      payload: { matchId: 'm1', ...ref, disputedBy: 'p2', reason: 'no' },
    });
    expect(disputed.matches.m1!.counts).toBe(false);
    const redrawn = givenDraw([['t1', 't2', 't3']])
      .map((event) =>
        event.type === 'BoxesDrawn'
          ? {
              ...event,
              payload: { ...event.payload, boxes: [{ ...event.payload.boxes[0]!, matchIds: ['k1'] }] },
            }
          : event,
      )
      .slice(0, 1)
      .reduce(boxesDecider.evolve, state);
    expect(redrawn.matches).toEqual({});
    expect(redrawn.boxes[0]!.matchIds).toEqual(['k1']);
  });
});

describe('boxes: the edges of the rules', () => {
  const nextSeason: NonNullable<BoxesState['next']> = {
    seasonId: 'season-2',
    ladderId: 'ladder-1',
    startDate: '2026-07-01',
    hasMatches: false,
    teams: [],
  };
  const closeInto = (teamIds = ids('n', 6)): BoxesCommand => ({
    type: 'CloseBoxes',
    nextSeasonId: 'season-2',
    teamIds,
  });
  const twoBoxes = givenDraw([
    ['t1', 't2', 't3'],
    ['t4', 't5', 't6'],
  ]);
  const fromTeams = (events: unknown) =>
    ((events as NewEvent[]).at(-1)!.payload as { positions: Array<{ fromTeamId: string }> }).positions.map(
      (side) => side.fromTeamId,
    );
  const closing = (given: BoxesEvent[], state: Partial<BoxesState> = {}, command = closeInto()) =>
    boxesDecider.decide(
      command,
      given.reduce(boxesDecider.evolve, {
        ...boxesDecider.initialState(),
        season,
        teams: teams(6),
        next: nextSeason,
        ...state,
      }),
      new Date(),
    );

  it('starts empty', () => {
    expect(boxesDecider.initialState()).toEqual({ teams: [], boxes: [], matches: {} });
  });

  it('needs exactly as many ids as it makes, no more', () => {
    spec([], {}, { size: 4 })
      .when({ ...draw(), boxIds: ['box1'], matchIds: ids('m', 15) })
      .then(drawn([ids('t', 6)]).all);
    expect(fromTeams(closing(twoBoxes, {}, closeInto(ids('n', 6))))).toHaveLength(6);
  });

  it('without the next season loaded, the close answers an unknown season', () => {
    spec(twoBoxes).when(closeInto()).thenRejects({
      reason: 'not_found',
      message: 'No such season',
      field: 'nextSeasonId',
    });
  });

  it('a side of two players is the same team only with both of them; one of them elsewhere is a clash', () => {
    const pairs = teams(6).map((team, index) => ({ ...team, memberIds: [`a${index + 1}`, `b${index + 1}`] }));
    const inNext = refused(
      'IN_NEXT_SEASON',
      'A player of this season plays in another team of the next season',
    );
    for (const memberIds of [['a1'], ['a1', 'zz']]) {
      const result = closing(twoBoxes, {
        teams: pairs,
        next: { ...nextSeason, teams: [{ teamId: 'x', memberIds, status: 'waiting' }] },
      });
      expect(result).toEqual({ kind: 'rejected', ...inNext });
    }
    const same = closing(twoBoxes, {
      teams: pairs,
      next: { ...nextSeason, teams: [{ teamId: 'x', memberIds: ['b1', 'a1'], status: 'active' }] },
    });
    expect(
      ((same as NewEvent[]).at(-1)!.payload as { positions: Array<{ teamId: string }> }).positions[0]!.teamId,
    ).toBe('x');
  });

  it('a result waiting for confirmation, or of a cancelled match, does not count in the close', () => {
    // Box 2 drawn t4 t5 t6; t5 beats t4, but only pending: t4 stays above t5.
    const pending = closing([...twoBoxes, result('m4', '0-6 0-6', true)]);
    expect(fromTeams(pending)).toEqual(['t1', 't2', 't4', 't3', 't5', 't6']);
    const counted = closing([...twoBoxes, result('m4', '0-6 0-6')]);
    expect(fromTeams(counted)).toEqual(['t1', 't2', 't5', 't3', 't4', 't6']);
    const cancelled = closing([
      ...twoBoxes,
      result('m4', '0-6 0-6'),
      { type: 'MatchCancelled', payload: { matchId: 'm4', ...ref } },
    ]);
    expect(fromTeams(cancelled)).toEqual(['t1', 't2', 't4', 't3', 't5', 't6']);
  });

  it('a result with no games in it holds no draw; a new draw with a box’s match ids keeps their matches', () => {
    const cleared: BoxesEvent = {
      type: 'MatchResultRecorded',
      payload: {
        matchId: 'm1',
        ...ref,
        defender: { matchSets: [{ score: null }], special: 'none' },
        challenger: { matchSets: [{ score: null }], special: 'none' },
      },
    };
    expect(isRejection(closing([], {}, draw()))).toBe(false);
    const state = [...twoBoxes, cleared].reduce(boxesDecider.evolve, {
      ...boxesDecider.initialState(),
      season,
      teams: teams(6),
    });
    expect(isRejection(boxesDecider.decide(draw(), state, new Date()))).toBe(false);
    const kept = boxesDecider.evolve(state, {
      type: 'BoxesDrawn',
      payload: {
        ...ref,
        by: 'POSITION',
        boxes: [{ boxId: 'box9', number: 1, teamIds: ['t1', 't2'], matchIds: ['m1'] }],
      },
    });
    expect(Object.keys(kept.matches)).toEqual(['m1']);
  });
});
