import { describe, expect, it } from 'vitest';
import { isRejection } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { makeBracket } from './bracket.ts';
import { americanoRounds, mexicanoRound } from './club-night.ts';
import { talliesOf } from './leaderboard.ts';
import {
  CLOSED,
  ENTERED,
  FULL,
  HAS_RESULTS,
  NOT_DRAWN,
  ROUND_CLOSED,
  ROUND_OPEN,
  TOO_FEW,
  tournamentDecider,
  type TournamentCommand,
  type TournamentState,
} from './decider.ts';
import type { TournamentDomainEvent } from './events.ts';
import type { ClubRound, TournamentSettings } from './model.ts';

const T = 'tournament-1';
const ref = { tournamentId: T };
const name = { id: 'name-1', sha256: 'a'.repeat(64) };
const settings = (change: Partial<TournamentSettings> = {}): TournamentSettings => ({
  format: 'KNOCKOUT',
  sportsCategory: 'TENNISSINGLE',
  startsAt: '2026-04-01T19:00',
  entries: 'OPEN',
  maxEntrants: 8,
  plate: false,
  courts: 1,
  pointsPerGame: 24,
  ...change,
});
const created = (change: Partial<TournamentSettings> = {}): TournamentDomainEvent => ({
  type: 'TournamentCreated',
  payload: { ...ref, companyId: 'company-1', nameId: name.id, nameSha256: name.sha256, ...settings(change) },
});
const entered = (index: number, memberIds = [`p${index}`]): TournamentDomainEvent => ({
  type: 'TournamentEntered',
  payload: { ...ref, entryId: `e${index}`, memberIds },
});
const entries = (count: number) => Array.from({ length: count }, (_, i) => entered(i + 1));
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
const manager = { role: 'manager' } as const;
const player = (accountId: string) => ({ role: 'player', accountId }) as const;
const refused = (code: string, message: string) => ({ reason: 'conflict' as const, message, code });
const spec = (given: TournamentDomainEvent[], loaded: Partial<TournamentState> = {}) =>
  deciderSpec({
    ...tournamentDecider,
    initialState: () => ({ ...tournamentDecider.initialState(), ...loaded }),
  })(given);
const state = (given: TournamentDomainEvent[]) =>
  given.reduce(tournamentDecider.evolve, tournamentDecider.initialState());
const decide = (
  given: TournamentDomainEvent[],
  command: TournamentCommand,
  loaded: Partial<TournamentState> = {},
) => tournamentDecider.decide(command, { ...state(given), ...loaded }, new Date('2026-03-14T10:00:00'));
/** The tournament's own events of a decision (its draw matches' events are the match rules'). */
const asGiven = (events: NewEvent[]) =>
  events
    .filter(({ type }) => type.startsWith('Tournament'))
    .map(({ type, payload }) => ({ type, payload }) as TournamentDomainEvent);
const draw = (change: Partial<Extract<TournamentCommand, { type: 'Draw' }>> = {}): TournamentCommand => ({
  type: 'Draw',
  seeding: 'ENTRY',
  matchIds: ids('m', 300),
  gameIds: ids('g', 300),
  ...change,
});
/** A knockout's draw match: the tournament stands in as its season and ladder, the upper side defends. */
const drawMatch = (matchId: string, defenderId: string, challengerId: string): NewEvent => ({
  type: 'MatchCreated',
  streamId: matchId,
  payload: { matchId, seasonId: T, ladderId: T, tournamentId: T, defenderId, challengerId },
});
const first = (result: ReturnType<typeof decide>) => (isRejection(result) ? result : result[0]);
const roundEvent = (round: ClubRound): NewEvent => ({
  type: 'TournamentRoundMade',
  streamId: T,
  payload: { ...ref, ...round },
});
const players = (count: number) => ids('p', count);
const scored = (gameId: string, round: number, pointsA = 14, pointsB = 10): TournamentDomainEvent => ({
  type: 'TournamentGameScored',
  payload: { ...ref, gameId, round, pointsA, pointsB },
});

describe('create (DESIGN.md §16)', () => {
  const create = (
    change: Partial<Extract<TournamentCommand, { type: 'CreateTournament' }>['settings']> = {},
  ) =>
    ({
      type: 'CreateTournament',
      tournamentId: T,
      companyId: 'company-1',
      name,
      settings: { ...settings(), ...change },
    }) as TournamentCommand;

  it('creates with the defaults: 24 points a game, 1 court, no plate; the name only by its row and hash', () => {
    const { courts: _c, plate: _p, pointsPerGame: _pp, ...bare } = settings({ format: 'AMERICANO' });
    spec([])
      .when({ type: 'CreateTournament', tournamentId: T, companyId: 'company-1', name, settings: bare })
      .then([
        {
          type: 'TournamentCreated',
          streamId: T,
          payload: (created({ format: 'AMERICANO' }) as { payload: object }).payload,
        },
      ]);
  });

  it('keeps rounds for an Americano only and the plate for a knockout only', () => {
    spec([])
      .when(create({ format: 'AMERICANO', rounds: 5, plate: true, courts: 3, pointsPerGame: 32 }))
      .then([
        {
          type: 'TournamentCreated',
          streamId: T,
          payload: (
            created({ format: 'AMERICANO', rounds: 5, courts: 3, pointsPerGame: 32 }) as { payload: object }
          ).payload,
        },
      ]);
    spec([])
      .when(create({ format: 'MEXICANO', rounds: 5 }))
      .then([
        {
          type: 'TournamentCreated',
          streamId: T,
          payload: (created({ format: 'MEXICANO' }) as { payload: object }).payload,
        },
      ]);
    spec([])
      .when(create({ plate: true, rounds: 5 }))
      .then([
        {
          type: 'TournamentCreated',
          streamId: T,
          payload: (created({ plate: true }) as { payload: object }).payload,
        },
      ]);
  });

  it('refuses bad settings: entrants 4–128, courts 1–16, points even 16–48, rounds 1 or more', () => {
    const bad = (change: Parameters<typeof create>[0], field: string, message: string) =>
      spec([]).when(create(change)).thenRejects({ reason: 'invalid', field, message });
    bad({ maxEntrants: 3 }, 'maxEntrants', 'Enter 4 to 128');
    bad({ maxEntrants: 129 }, 'maxEntrants', 'Enter 4 to 128');
    bad({ maxEntrants: 4.5 }, 'maxEntrants', 'Enter 4 to 128');
    bad({ courts: 0 }, 'courts', 'Enter 1 to 16');
    bad({ courts: 17 }, 'courts', 'Enter 1 to 16');
    bad({ courts: 1.5 }, 'courts', 'Enter 1 to 16');
    bad({ pointsPerGame: 14 }, 'pointsPerGame', 'Enter an even number from 16 to 48');
    bad({ pointsPerGame: 50 }, 'pointsPerGame', 'Enter an even number from 16 to 48');
    bad({ pointsPerGame: 25 }, 'pointsPerGame', 'Enter an even number from 16 to 48');
    bad({ pointsPerGame: 24.5 }, 'pointsPerGame', 'Enter an even number from 16 to 48');
    bad({ rounds: 0 }, 'rounds', 'Enter 1 or more');
    bad({ rounds: 1.5 }, 'rounds', 'Enter 1 or more');
    // the edges pass
    for (const change of [
      { maxEntrants: 4 },
      { maxEntrants: 128 },
      { courts: 16, pointsPerGame: 16 },
      { pointsPerGame: 48, rounds: 1 },
    ])
      expect(isRejection(decide([], create(change)))).toBe(false);
  });

  it('refuses a tournament that exists', () => {
    spec([created()])
      .when(create())
      .thenRejects({ reason: 'conflict', message: 'This tournament exists already' });
  });

  it('knows no tournament before its creation, nor after its deletion', () => {
    spec([]).when({ type: 'Finish' }).thenRejects({ reason: 'not_found', message: 'No such tournament' });
    spec([created(), { type: 'TournamentDeleted', payload: ref }])
      .when({ type: 'Delete' })
      .thenRejects({ reason: 'not_found', message: 'No such tournament' });
  });
});

describe('enter and withdraw', () => {
  const enter = (
    by: TournamentCommand & { type: 'Enter' } extends { by: infer B } ? B : never,
    memberIds: string[],
  ) => ({ type: 'Enter', by, entryId: 'e9', memberIds }) as TournamentCommand;

  it('a player enters themselves', () => {
    spec([created()])
      .when(enter(player('p9'), ['p9']))
      .then([
        { type: 'TournamentEntered', streamId: T, payload: { ...ref, entryId: 'e9', memberIds: ['p9'] } },
      ]);
  });

  it('a doubles knockout side is two different players, a player of them entering', () => {
    const doubles = created({ sportsCategory: 'PADEL' });
    spec([doubles])
      .when(enter(player('p9'), ['p8', 'p9']))
      .then([
        {
          type: 'TournamentEntered',
          streamId: T,
          payload: { ...ref, entryId: 'e9', memberIds: ['p8', 'p9'] },
        },
      ]);
    const invalid = {
      reason: 'invalid' as const,
      field: 'memberIds',
      message: 'An entry is two different players',
    };
    spec([doubles])
      .when(enter(player('p9'), ['p9']))
      .thenRejects(invalid);
    spec([doubles])
      .when(enter(player('p9'), ['p9', 'p9']))
      .thenRejects(invalid);
    // a club night: one player, whatever the sport
    spec([created({ sportsCategory: 'PADEL', format: 'AMERICANO' })])
      .when(enter(player('p9'), ['p8', 'p9']))
      .thenRejects({ reason: 'invalid', field: 'memberIds', message: 'An entry is one player' });
  });

  it('refuses a player entering someone else', () => {
    spec([created()])
      .when(enter(player('p1'), ['p9']))
      .thenRejects({ reason: 'forbidden', message: 'Only its players and the club’s managers can do this' });
  });

  it('FULL at maxEntrants, ENTERED for a player in an entry, CLOSED for players when the manager enters', () => {
    spec([created({ maxEntrants: 4 }), ...entries(4)])
      .when(enter(manager, ['p9']))
      .thenRejects(refused('FULL', FULL));
    expect(isRejection(decide([created({ maxEntrants: 4 }), ...entries(3)], enter(manager, ['p9'])))).toBe(
      false,
    );
    spec([created({ sportsCategory: 'PADEL' }), entered(1, ['p1', 'p2'])])
      .when(enter(manager, ['p2', 'p9']))
      .thenRejects(refused('ENTERED', ENTERED));
    spec([created({ entries: 'MANAGER' })])
      .when(enter(player('p9'), ['p9']))
      .thenRejects(refused('CLOSED', CLOSED));
    spec([created({ entries: 'MANAGER' })])
      .when(enter(manager, ['p9']))
      .then([
        { type: 'TournamentEntered', streamId: T, payload: { ...ref, entryId: 'e9', memberIds: ['p9'] } },
      ]);
  });

  it('CLOSED after a knockout’s draw, even for a manager; after a club night’s draw for players', () => {
    const drawnKnockout = [
      created(),
      ...entries(4),
      { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ids('e', 4) } },
    ] as TournamentDomainEvent[];
    spec(drawnKnockout)
      .when(enter(manager, ['p9']))
      .thenRejects(refused('CLOSED', CLOSED));
    const night = [
      created({ format: 'MEXICANO' }),
      ...entries(4),
      { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ids('e', 4) } },
    ] as TournamentDomainEvent[];
    spec(night)
      .when(enter(player('p9'), ['p9']))
      .thenRejects(refused('CLOSED', CLOSED));
  });

  it('withdraws an entry by a member or a manager, before the draw', () => {
    const withdrawn = [{ type: 'TournamentEntryWithdrawn', streamId: T, payload: { ...ref, entryId: 'e2' } }];
    spec([created(), ...entries(2)])
      .when({ type: 'Withdraw', by: player('p2'), entryId: 'e2' })
      .then(withdrawn);
    spec([created(), ...entries(2)])
      .when({ type: 'Withdraw', by: manager, entryId: 'e2' })
      .then(withdrawn);
    spec([created(), ...entries(2)])
      .when({ type: 'Withdraw', by: player('p1'), entryId: 'e2' })
      .thenRejects({ reason: 'forbidden', message: 'Only its players and the club’s managers can do this' });
    spec([created(), ...entries(2)])
      .when({ type: 'Withdraw', by: manager, entryId: 'e7' })
      .thenRejects({ reason: 'not_found', message: 'No such entry' });
    spec([
      created(),
      ...entries(2),
      { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ids('e', 2) } },
    ])
      .when({ type: 'Withdraw', by: manager, entryId: 'e2' })
      .thenRejects(refused('CLOSED', CLOSED));
    // a withdrawn entry is gone: its player may enter again
    const after = state([
      created(),
      ...entries(2),
      { type: 'TournamentEntryWithdrawn', payload: { ...ref, entryId: 'e2' } },
    ]);
    expect(after.entries).toEqual([{ entryId: 'e1', memberIds: ['p1'] }]);
  });
});

describe('the knockout draw', () => {
  it('draws by entry order into the bracket and makes the matches whose sides it knows; TOO_FEW under 2 sides', () => {
    const bracket = makeBracket(ids('e', 5), ids('m', 300), false);
    // 8 places: 1–8, 4–5, 3–6, 2–7; seeds 1, 2 and 3 have byes, so 3 and 2 meet in round 2 (m3) at once.
    spec([created(), ...entries(5)])
      .when(draw())
      .then([
        {
          type: 'TournamentDrawn',
          streamId: T,
          payload: { ...ref, seeding: 'ENTRY', order: ids('e', 5), bracket },
        },
        drawMatch('m1', 'e4', 'e5'),
        drawMatch('m3', 'e3', 'e2'),
      ]);
    spec([created(), ...entries(1)])
      .when(draw())
      .thenRejects(refused('TOO_FEW', TOO_FEW));
    expect(isRejection(decide([created(), ...entries(2)], draw()))).toBe(false);
  });

  it('seeds by rating: highest first, a side’s mean, unrated sides after rated ones, then by entry', () => {
    const given = [
      created({ sportsCategory: 'PADEL' }),
      ...[1, 2, 3, 4].map((i) => entered(i, [`a${i}`, `b${i}`])),
    ];
    const ratings = { a1: 1500, b1: 1500, a2: 1700, b2: 1600, a3: 1800, a4: 1900, b4: 1300 };
    const result = first(decide(given, draw({ seeding: 'RATING' }), { ratings }));
    // e2 1650, e4 1600, e1 1500; e3 has an unrated member
    expect(result).toMatchObject({ payload: { seeding: 'RATING', order: ['e2', 'e4', 'e1', 'e3'] } });
    const unrated = first(decide(given, draw({ seeding: 'RATING' }), { ratings: {} }));
    expect(unrated).toMatchObject({ payload: { order: ['e1', 'e2', 'e3', 'e4'] } });
  });

  it('seeds as the manager orders: every entry once', () => {
    const given = [created(), ...entries(3)];
    expect(first(decide(given, draw({ seeding: 'MANUAL', order: ['e3', 'e1', 'e2'] })))).toMatchObject({
      payload: { seeding: 'MANUAL', order: ['e3', 'e1', 'e2'] },
    });
    const bad = {
      reason: 'invalid' as const,
      field: 'order',
      message: 'Give every entry once, in seed order',
    };
    spec(given)
      .when(draw({ seeding: 'MANUAL' }))
      .thenRejects(bad);
    spec(given)
      .when(draw({ seeding: 'MANUAL', order: ['e3', 'e1'] }))
      .thenRejects(bad);
    spec(given)
      .when(draw({ seeding: 'MANUAL', order: ['e3', 'e1', 'e1'] }))
      .thenRejects(bad);
    spec(given)
      .when(draw({ seeding: 'MANUAL', order: ['e3', 'e1', 'e9'] }))
      .thenRejects(bad);
  });

  it('draws a plate when asked, and needs ids enough', () => {
    const result = first(decide([created({ plate: true }), ...entries(8)], draw()));
    expect(result).toMatchObject({ payload: { bracket: { plate: { feeders: ['m1', 'm2', 'm3', 'm4'] } } } });
    spec([created({ plate: true }), ...entries(8)])
      .when(draw({ matchIds: ids('m', 9) }))
      .thenRejects({ reason: 'invalid', field: 'matchIds', message: 'Not enough ids for the draw' });
    expect(
      isRejection(decide([created({ plate: true }), ...entries(8)], draw({ matchIds: ids('m', 10) }))),
    ).toBe(false);
  });

  it('draws again while no result exists: HAS_RESULTS once a match has a winner; CLOSED once finished', () => {
    const given = [
      created(),
      ...entries(4),
      ...asGiven(decide([created(), ...entries(4)], draw()) as NewEvent[]),
    ];
    expect(isRejection(decide(given, draw()))).toBe(false);
    spec(given, { winners: { m1: 'e1' } })
      .when(draw())
      .thenRejects(refused('HAS_RESULTS', HAS_RESULTS));
    spec([...given, { type: 'TournamentFinished', payload: ref }])
      .when(draw())
      .thenRejects(refused('CLOSED', CLOSED));
    expect(state(given).bracket?.matches).toHaveLength(3);
    expect(state(given).tournament?.status).toBe('running');
  });

  it('a new draw cancels the matches the draw before made', () => {
    const given = [created(), ...entries(2)];
    const bracket = makeBracket(['e2', 'e1'], ids('m', 300), false);
    spec(given, { made: ['old1', 'old2'] })
      .when(draw({ seeding: 'MANUAL', order: ['e2', 'e1'] }))
      .then([
        ...['old1', 'old2'].map((matchId) => ({
          type: 'MatchCancelled',
          streamId: matchId,
          payload: { matchId, seasonId: T, ladderId: T, tournamentId: T },
        })),
        {
          type: 'TournamentDrawn',
          streamId: T,
          payload: { ...ref, seeding: 'MANUAL', order: ['e2', 'e1'], bracket },
        },
        drawMatch('m1', 'e2', 'e1'),
      ]);
  });
});

describe('Americano', () => {
  const night = (count: number, change: Partial<TournamentSettings> = {}) => [
    created({ format: 'AMERICANO', courts: 2, maxEntrants: 12, ...change }),
    ...entries(count),
  ];

  it('makes every round at the draw: N − 1 by default, or as many as set', () => {
    const rounds = americanoRounds({
      players: players(8),
      courts: 2,
      rounds: 7,
      kept: [],
      gameIds: ids('g', 300),
    });
    spec(night(8))
      .when(draw())
      .then([
        { type: 'TournamentDrawn', streamId: T, payload: { ...ref, seeding: 'ENTRY', order: ids('e', 8) } },
        ...rounds.map(roundEvent),
      ]);
    expect(decide(night(8, { rounds: 3 }), draw())).toHaveLength(4);
  });

  it('TOO_FEW under 4 players; needs ids enough for all rounds', () => {
    spec(night(3)).when(draw()).thenRejects(refused('TOO_FEW', TOO_FEW));
    spec(night(8))
      .when(draw({ gameIds: ids('g', 13) }))
      .thenRejects({ reason: 'invalid', field: 'gameIds', message: 'Not enough ids for the rounds' });
    expect(isRejection(decide(night(8), draw({ gameIds: ids('g', 14) })))).toBe(false);
  });

  const drawn = (count = 8) => {
    const given = night(count);
    return [...given, ...asGiven(decide(given, draw()) as NewEvent[])];
  };

  it('scores a game: a player of it or a manager; the points add up to pointsPerGame', () => {
    const given = drawn();
    const game = state(given).rounds[0]!.games[0]!;
    const scoredEvent = [
      {
        type: 'TournamentGameScored',
        streamId: T,
        payload: { ...ref, gameId: game.gameId, round: 1, pointsA: 20, pointsB: 4 },
      },
    ];
    spec(given)
      .when({ type: 'ScoreGame', by: player(game.sideB[1]), gameId: game.gameId, pointsA: 20, pointsB: 4 })
      .then(scoredEvent);
    spec(given)
      .when({ type: 'ScoreGame', by: manager, gameId: game.gameId, pointsA: 20, pointsB: 4 })
      .then(scoredEvent);
    const outsider = state(given).rounds[0]!.games[1]!.sideA[0];
    spec(given)
      .when({ type: 'ScoreGame', by: player(outsider), gameId: game.gameId, pointsA: 20, pointsB: 4 })
      .thenRejects({ reason: 'forbidden', message: 'Only its players and the club’s managers can do this' });
    const sum = { reason: 'invalid' as const, field: 'pointsA', message: 'The points add up to 24' };
    for (const [pointsA, pointsB] of [
      [20, 5],
      [12, 11],
      [25, -1],
      [-1, 25],
      [12.5, 11.5],
    ])
      spec(given)
        .when({ type: 'ScoreGame', by: manager, gameId: game.gameId, pointsA: pointsA!, pointsB: pointsB! })
        .thenRejects(sum);
    expect(
      isRejection(
        decide(given, { type: 'ScoreGame', by: manager, gameId: game.gameId, pointsA: 0, pointsB: 24 }),
      ),
    ).toBe(false);
    spec(given)
      .when({ type: 'ScoreGame', by: manager, gameId: 'nope', pointsA: 12, pointsB: 12 })
      .thenRejects({ reason: 'not_found', message: 'No such game' });
  });

  it('refolds the leaderboard when a result changes, and allows any round’s correction', () => {
    const given = drawn();
    const [first, second] = state(given).rounds;
    const g1 = first!.games[0]!;
    const later = [
      ...given,
      scored(g1.gameId, 1, 20, 4),
      scored(second!.games[0]!.gameId, 2),
      scored(g1.gameId, 1, 4, 20),
    ];
    const after = state(later);
    expect(after.tallies).toEqual(talliesOf(after.rounds, after.scores));
    expect(after.tallies[g1.sideB[0]]!.won).toBeGreaterThanOrEqual(1);
    expect(after.scores[g1.gameId]).toEqual({ pointsA: 4, pointsB: 20 });
    expect(
      isRejection(
        decide(later, { type: 'ScoreGame', by: manager, gameId: g1.gameId, pointsA: 12, pointsB: 12 }),
      ),
    ).toBe(false);
  });

  it('a redraw replaces rounds and results; HAS_RESULTS once a game is scored', () => {
    const given = drawn();
    const gameId = state(given).rounds[0]!.games[0]!.gameId;
    spec([...given, scored(gameId, 1)])
      .when(draw())
      .thenRejects(refused('HAS_RESULTS', HAS_RESULTS));
    const again = [...given, ...asGiven(decide(given, draw({ gameIds: ids('x', 300) })) as NewEvent[])];
    expect(state(again).rounds).toHaveLength(7);
    expect(state(again).rounds[0]!.games[0]!.gameId).toBe('x1');
  });

  it('a late arrival plays from the first round not started; the later rounds are made again around them', () => {
    const given = drawn();
    const [first, second] = state(given).rounds;
    const started = [...given, scored(second!.games[1]!.gameId, 2), scored(first!.games[0]!.gameId, 1)];
    const result = decide(started, {
      type: 'Enter',
      by: manager,
      entryId: 'e9',
      memberIds: ['p9'],
      gameIds: ids('x', 20),
    });
    const remade = americanoRounds({
      players: players(9),
      courts: 2,
      rounds: 7,
      kept: state(started).rounds.slice(0, 2),
      gameIds: ids('x', 20),
    });
    expect(result).toEqual([
      {
        type: 'TournamentPlayerAdded',
        streamId: T,
        payload: { ...ref, entryId: 'e9', playerId: 'p9', fromRound: 3 },
      },
      ...remade.map(roundEvent),
    ]);
    const after = state([...started, ...asGiven(result as NewEvent[])]);
    expect(after.rounds.map((round) => round.round)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(after.rounds[2]!.games[0]!.gameId).toBe('x1');
    expect(after.entries.at(-1)).toEqual({ entryId: 'e9', memberIds: ['p9'] });
    // before any result the whole night is made again
    expect(
      decide(given, { type: 'Enter', by: manager, entryId: 'e9', memberIds: ['p9'], gameIds: ids('x', 20) }),
    ).toMatchObject([{ payload: { fromRound: 1 } }, { payload: { round: 1 } }, ...Array(6).fill({})]);
    spec(started)
      .when({ type: 'Enter', by: manager, entryId: 'e9', memberIds: ['p9'], gameIds: ids('x', 9) })
      .thenRejects({ reason: 'invalid', field: 'gameIds', message: 'Not enough ids for the rounds' });
    // rounds 3–7 on 2 courts: 10 ids are enough
    expect(
      isRejection(
        decide(started, {
          type: 'Enter',
          by: manager,
          entryId: 'e9',
          memberIds: ['p9'],
          gameIds: ids('x', 10),
        }),
      ),
    ).toBe(false);
    spec(started)
      .when({ type: 'Enter', by: manager, entryId: 'e9', memberIds: ['p9'] })
      .thenRejects({ reason: 'invalid', field: 'gameIds', message: 'Not enough ids for the rounds' });
    spec(started)
      .when({ type: 'Enter', by: manager, entryId: 'e9', memberIds: ['p1'] })
      .thenRejects(refused('ENTERED', ENTERED));
    spec([...started, { type: 'TournamentFinished', payload: ref }])
      .when({ type: 'Enter', by: manager, entryId: 'e9', memberIds: ['p9'] })
      .thenRejects(refused('CLOSED', CLOSED));
  });

  it('a late arrival after a later one keeps the first in the rounds', () => {
    const given = drawn();
    const one = [
      ...given,
      ...asGiven(
        decide(given, {
          type: 'Enter',
          by: manager,
          entryId: 'e9',
          memberIds: ['p9'],
          gameIds: ids('x', 20),
        }) as NewEvent[],
      ),
    ];
    const two = decide(one, {
      type: 'Enter',
      by: manager,
      entryId: 'e10',
      memberIds: ['p10'],
      gameIds: ids('y', 20),
    }) as NewEvent[];
    const everyone = new Set(
      two.slice(1).flatMap((event) => {
        const round = event.payload as ClubRound;
        return [...round.games.flatMap((game) => [...game.sideA, ...game.sideB]), ...round.sittingOut];
      }),
    );
    expect([...everyone].sort()).toEqual([...players(10)].sort());
  });

  it('makes no rounds one by one: only a Mexicano does', () => {
    spec(drawn())
      .when({ type: 'NextRound', gameIds: ids('x', 4), byName: [] })
      .thenRejects({ reason: 'invalid', message: 'Only a Mexicano makes its rounds one by one' });
  });
});

describe('Mexicano', () => {
  const night = (count: number) => [
    created({ format: 'MEXICANO', courts: 2, maxEntrants: 12 }),
    ...entries(count),
  ];
  const drawn = (count = 8, seeding: 'ENTRY' | 'RATING' = 'ENTRY', ratings = {}) => {
    const given = night(count);
    return [...given, ...asGiven(decide(given, draw({ seeding }), { ratings }) as NewEvent[])];
  };
  const scoreAll = (given: TournamentDomainEvent[], round: number) =>
    state(given).rounds[round - 1]!.games.map((game, index) =>
      scored(game.gameId, round, 16 - index, 8 + index),
    );

  it('makes round 1 at the draw by rating seeds', () => {
    const ratings = { p1: 1400, p2: 1500, p3: 1600, p4: 1700, p5: 1800, p6: 1900, p7: 2000, p8: 2100 };
    const round = mexicanoRound({
      ranked: players(8).reverse(),
      round: 1,
      courts: 2,
      played: [],
      gameIds: ids('g', 2),
    });
    spec(night(8), { ratings })
      .when(draw({ seeding: 'RATING' }))
      .then([
        {
          type: 'TournamentDrawn',
          streamId: T,
          payload: { ...ref, seeding: 'RATING', order: ids('e', 8).reverse() },
        },
        roundEvent(round),
      ]);
    spec(night(8))
      .when(draw({ gameIds: ids('g', 1) }))
      .thenRejects({ reason: 'invalid', field: 'gameIds', message: 'Not enough ids for the rounds' });
  });

  it('ROUND_OPEN while a game of the last round has no result; then the next round from the leaderboard', () => {
    const given = drawn();
    spec(given)
      .when({ type: 'NextRound', gameIds: ids('x', 2), byName: [] })
      .thenRejects(refused('ROUND_OPEN', ROUND_OPEN));
    const [g1, g2] = scoreAll(given, 1);
    spec([...given, g1!])
      .when({ type: 'NextRound', gameIds: ids('x', 2), byName: [] })
      .thenRejects(refused('ROUND_OPEN', ROUND_OPEN));
    const complete = [...given, g1!, g2!];
    // court 1: p1+p4 16, p2+p3 8; court 2: p5+p8 15, p6+p7 9 → p1 p4 p5 p8 p6 p7 p2 p3, by name within equals
    const byName = ['p4', 'p1', 'p8', 'p5', 'p7', 'p6', 'p3', 'p2'];
    spec(complete)
      .when({ type: 'NextRound', gameIds: ids('x', 2), byName })
      .then([
        roundEvent({
          round: 2,
          games: [
            { gameId: 'x1', court: 1, sideA: ['p4', 'p5'], sideB: ['p1', 'p8'] },
            { gameId: 'x2', court: 2, sideA: ['p7', 'p2'], sideB: ['p6', 'p3'] },
          ],
          sittingOut: [],
        }),
      ]);
    spec(complete)
      .when({ type: 'NextRound', gameIds: ids('x', 1), byName })
      .thenRejects({ reason: 'invalid', field: 'gameIds', message: 'Not enough ids for the round' });
  });

  it('ROUND_CLOSED: a result of a round before the last cannot change; the last round’s can', () => {
    const given = drawn();
    const complete = [...given, ...scoreAll(given, 1)];
    const next = [
      ...complete,
      ...asGiven(decide(complete, { type: 'NextRound', gameIds: ids('x', 2), byName: [] }) as NewEvent[]),
    ];
    const old = state(next).rounds[0]!.games[0]!.gameId;
    spec(next)
      .when({ type: 'ScoreGame', by: manager, gameId: old, pointsA: 12, pointsB: 12 })
      .thenRejects(refused('ROUND_CLOSED', ROUND_CLOSED));
    expect(
      isRejection(decide(next, { type: 'ScoreGame', by: manager, gameId: 'x1', pointsA: 12, pointsB: 12 })),
    ).toBe(false);
    expect(
      isRejection(
        decide(complete, { type: 'ScoreGame', by: manager, gameId: old, pointsA: 12, pointsB: 12 }),
      ),
    ).toBe(false);
  });

  it('a late arrival plays from the next round made', () => {
    const given = drawn();
    spec(given)
      .when({ type: 'Enter', by: manager, entryId: 'e9', memberIds: ['p9'] })
      .then([
        {
          type: 'TournamentPlayerAdded',
          streamId: T,
          payload: { ...ref, entryId: 'e9', playerId: 'p9', fromRound: 2 },
        },
      ]);
  });

  it('CLOSED: no next round before the draw or after the finish', () => {
    spec(night(8))
      .when({ type: 'NextRound', gameIds: ids('x', 2), byName: [] })
      .thenRejects(refused('CLOSED', CLOSED));
    spec([...drawn(), { type: 'TournamentFinished', payload: ref }])
      .when({ type: 'NextRound', gameIds: ids('x', 2), byName: [] })
      .thenRejects(refused('CLOSED', CLOSED));
  });
});

describe('finish and delete', () => {
  const knockout = [
    created(),
    ...entries(4),
    { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ids('e', 4) } },
  ] as TournamentDomainEvent[];

  it('finishes a drawn tournament once; not before its draw', () => {
    spec(knockout)
      .when({ type: 'Finish' })
      .then([{ type: 'TournamentFinished', streamId: T, payload: ref }]);
    spec([...knockout, { type: 'TournamentFinished', payload: ref }])
      .when({ type: 'Finish' })
      .thenRejects(refused('CLOSED', CLOSED));
    spec([created()]).when({ type: 'Finish' }).thenRejects(refused('NOT_DRAWN', NOT_DRAWN));
  });

  it('no result after the finish', () => {
    const given = [created({ format: 'AMERICANO' }), ...entries(4)];
    const drawnNight = [
      ...given,
      ...asGiven(decide(given, draw()) as NewEvent[]),
      { type: 'TournamentFinished', payload: ref },
    ] as TournamentDomainEvent[];
    const gameId = state(drawnNight).rounds[0]!.games[0]!.gameId;
    spec(drawnNight)
      .when({ type: 'ScoreGame', by: manager, gameId, pointsA: 12, pointsB: 12 })
      .thenRejects(refused('CLOSED', CLOSED));
    expect(state(drawnNight).tournament?.status).toBe('finished');
  });

  it('deletes before the draw only', () => {
    spec([created(), ...entries(2)])
      .when({ type: 'Delete' })
      .then([{ type: 'TournamentDeleted', streamId: T, payload: ref }]);
    spec(knockout).when({ type: 'Delete' }).thenRejects(refused('CLOSED', CLOSED));
    expect(state([created(), ...entries(2), { type: 'TournamentDeleted', payload: ref }])).toEqual(
      tournamentDecider.initialState(),
    );
  });
});

describe('entries by email (DESIGN.md §16 with §9 "Partners agree first", "Inviting players")', () => {
  const NOW = new Date('2026-03-14T10:00:00');
  const LAPSES = new Date(NOW.getTime() + 14 * 24 * 60 * 60 * 1000).toISOString();
  const doubles = (change: Partial<TournamentSettings> = {}) =>
    created({ sportsCategory: 'PADEL', maxEntrants: 4, ...change });
  const request = (
    accountId = 'p1',
    change: Partial<Extract<TournamentCommand, { type: 'RequestPartner' }>> = {},
  ) =>
    ({
      type: 'RequestPartner',
      accountId,
      entryId: 'e9',
      invitationId: 'i1',
      isRegistrant: false,
      ...change,
    }) as TournamentCommand;
  const invitedEvent = (
    registrantId?: string,
    invitationId = 'i1',
    entryId = 'e9',
  ): TournamentDomainEvent => ({
    type: 'TournamentInvited',
    payload: { ...ref, invitationId, entryId, ...(registrantId ? { registrantId } : {}), lapsesAt: LAPSES },
  });
  const closed = (
    outcome: 'accepted' | 'declined' | 'withdrawn' | 'lapsed',
    invitationId = 'i1',
  ): TournamentDomainEvent => ({
    type: 'TournamentInvitationClosed',
    payload: { ...ref, invitationId, outcome },
  });
  const accept = (accountId = 'p2', gameIds?: string[]): TournamentCommand => ({
    type: 'AcceptInvitation',
    invitationId: 'i1',
    accountId,
    ...(gameIds ? { gameIds } : {}),
  });
  const pair = (memberIds: string[], entryId = 'e1'): TournamentDomainEvent => ({
    type: 'TournamentEntered',
    payload: { ...ref, entryId, memberIds },
  });
  const asked = [doubles(), invitedEvent('p1')];
  const later = new Date(Date.parse(LAPSES));

  it('a doubles knockout entry names the partner: an invitation lapsing in 14 days, not an entry yet', () => {
    spec([doubles()])
      .when(request())
      .then([
        {
          type: 'TournamentInvited',
          streamId: T,
          payload: { ...ref, invitationId: 'i1', entryId: 'e9', registrantId: 'p1', lapsesAt: LAPSES },
        },
      ]);
    expect(state(asked).entries).toEqual([]);
    expect(state(asked).invitations).toEqual({
      i1: { invitationId: 'i1', entryId: 'e9', registrantId: 'p1', lapsesAt: LAPSES, state: 'open' },
    });
    // The same invitation again changes nothing.
    expect(state([...asked, invitedEvent('p3')])).toEqual(state(asked));
  });

  it('refuses a partner for one-player sides and oneself; CLOSED, ENTERED, FULL as an entry', () => {
    spec([created()]).when(request()).thenRejects({
      reason: 'invalid',
      field: 'partnerEmail',
      message: 'An entry of this tournament is one player: leave out the partner',
    });
    spec([created({ format: 'AMERICANO', sportsCategory: 'PADEL' })])
      .when(request())
      .thenRejects({
        reason: 'invalid',
        field: 'partnerEmail',
        message: 'An entry of this tournament is one player: leave out the partner',
      });
    spec([doubles()])
      .when(request('p1', { isRegistrant: true }))
      .thenRejects({
        reason: 'invalid',
        field: 'partnerEmail',
        message: 'Your partner must be someone else',
      });
    spec([doubles({ entries: 'MANAGER' })])
      .when(request())
      .thenRejects(refused('CLOSED', CLOSED));
    const drawnDoubles = [
      doubles(),
      pair(['p5', 'p6']),
      pair(['p7', 'p8'], 'e2'),
      { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ['e1', 'e2'] } },
    ] as TournamentDomainEvent[];
    spec(drawnDoubles).when(request()).thenRejects(refused('CLOSED', CLOSED));
    // Waiting for a partner's answer is an entry of one's own; entered already too.
    spec(asked)
      .when(request('p1', { invitationId: 'i2' }))
      .thenRejects(refused('ENTERED', ENTERED));
    spec([doubles(), pair(['p1', 'p2'])])
      .when(request())
      .thenRejects(refused('ENTERED', ENTERED));
    spec(asked)
      .when({ type: 'Enter', by: manager, entryId: 'e3', memberIds: ['p1', 'p4'] })
      .thenRejects(refused('ENTERED', ENTERED));
    const full = [doubles({ maxEntrants: 4 }), ...[1, 2, 3, 4].map((i) => entered(i, [`a${i}`, `b${i}`]))];
    spec(full).when(request()).thenRejects(refused('FULL', FULL));
    // Once lapsed, the registrant may ask again.
    spec(asked)
      .when(request('p1', { invitationId: 'i2', entryId: 'e8' }), later)
      .then([
        {
          type: 'TournamentInvited',
          streamId: T,
          payload: {
            ...ref,
            invitationId: 'i2',
            entryId: 'e8',
            registrantId: 'p1',
            lapsesAt: new Date(later.getTime() + 14 * 24 * 60 * 60 * 1000).toISOString(),
          },
        },
      ]);
  });

  it('the partner accepts: the side of both is entered; the registrant cannot accept their own request', () => {
    spec(asked)
      .when(accept())
      .then([
        {
          type: 'TournamentInvitationClosed',
          streamId: T,
          payload: { ...ref, invitationId: 'i1', outcome: 'accepted' },
        },
        {
          type: 'TournamentEntered',
          streamId: T,
          payload: { ...ref, entryId: 'e9', memberIds: ['p1', 'p2'] },
        },
      ]);
    spec(asked).when(accept('p1')).thenRejects({ reason: 'not_found', message: 'No such invitation' });
    spec([doubles()]).when(accept()).thenRejects({ reason: 'not_found', message: 'No such invitation' });
    expect(state([...asked, closed('accepted')]).invitations?.i1?.state).toBe('accepted');
  });

  it('an answered, withdrawn or lapsed invitation cannot be taken up: USED, REVOKED, EXPIRED', () => {
    const notOpen = 'This invitation is not open any more';
    spec([...asked, closed('accepted')])
      .when(accept())
      .thenRejects(refused('USED', notOpen));
    spec([...asked, closed('declined')])
      .when(accept())
      .thenRejects(refused('USED', notOpen));
    spec([...asked, closed('withdrawn')])
      .when(accept())
      .thenRejects(refused('REVOKED', notOpen));
    spec([...asked, closed('lapsed')])
      .when(accept())
      .thenRejects(refused('EXPIRED', notOpen));
    spec(asked).when(accept(), later).thenRejects(refused('EXPIRED', notOpen));
    // A later close changes nothing: the first answer stands.
    expect(state([...asked, closed('declined'), closed('accepted')]).invitations?.i1?.state).toBe('declined');
    expect(state([...asked, closed('accepted', 'i9')]).invitations?.i1?.state).toBe('open');
    expect(state([doubles(), closed('accepted')])).toEqual(state([doubles()]));
  });

  it('accepting is an entry: ENTERED, FULL and CLOSED hold when the partner answers', () => {
    spec([...asked, pair(['p2', 'p3'])])
      .when(accept())
      .thenRejects(refused('ENTERED', ENTERED));
    spec([...asked, pair(['p1', 'p3'])])
      .when(accept())
      .thenRejects(refused('ENTERED', ENTERED));
    spec([...asked, invitedEvent('p2', 'i2', 'e8')])
      .when(accept())
      .thenRejects(refused('ENTERED', ENTERED));
    const filled = [1, 2, 3, 4].map((i) => entered(i, [`a${i}`, `b${i}`]));
    spec([...asked, ...filled])
      .when(accept())
      .thenRejects(refused('FULL', FULL));
    const drawnAfter = [
      ...asked,
      ...filled.slice(0, 2),
      { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ['e1', 'e2'] } },
    ] as TournamentDomainEvent[];
    spec(drawnAfter).when(accept()).thenRejects(refused('CLOSED', CLOSED));
  });

  it('either person may withdraw before the answer: the registrant or a manager withdraws, the partner declines', () => {
    const closing = (outcome: string) => [
      { type: 'TournamentInvitationClosed', streamId: T, payload: { ...ref, invitationId: 'i1', outcome } },
    ];
    spec(asked)
      .when({ type: 'Withdraw', by: player('p1'), entryId: 'e9' })
      .then(closing('withdrawn'));
    spec(asked).when({ type: 'Withdraw', by: manager, entryId: 'e9' }).then(closing('withdrawn'));
    spec(asked)
      .when({ type: 'Withdraw', by: player('p2'), entryId: 'e9', isAddressee: true })
      .then(closing('declined'));
    spec(asked).when({ type: 'DeclineInvitation', invitationId: 'i1' }).then(closing('declined'));
    for (const given of [asked, [doubles()]])
      for (const [by, entryId] of [
        [player('p3'), 'e9'],
        [player('p1'), 'e7'],
        [manager, 'e7'],
      ] as const)
        spec(given)
          .when({ type: 'Withdraw', by, entryId })
          .thenRejects({ reason: 'not_found', message: 'No such entry' });
    spec([...asked, closed('withdrawn')])
      .when({ type: 'Withdraw', by: player('p1'), entryId: 'e9' })
      .thenRejects(refused('REVOKED', 'This invitation is not open any more'));
    spec([doubles()])
      .when({ type: 'DeclineInvitation', invitationId: 'i1' })
      .thenRejects({ reason: 'not_found', message: 'No such invitation' });
    // Accepted, the side is an entry like any: a member withdraws it.
    spec([...asked, closed('accepted'), pair(['p1', 'p2'], 'e9')])
      .when({ type: 'Withdraw', by: player('p2'), entryId: 'e9' })
      .then([{ type: 'TournamentEntryWithdrawn', streamId: T, payload: { ...ref, entryId: 'e9' } }]);
  });

  it('an Americano’s late arrival by invitation takes the ids its rounds need', () => {
    const night = [created({ format: 'AMERICANO', courts: 1, maxEntrants: 12 }), ...entries(4)];
    const drawnNight = [...night, ...asGiven(decide(night, draw()) as NewEvent[]), invitedEvent()];
    expect(decide(drawnNight, accept('p9'))).toMatchObject({ field: 'gameIds' });
    expect(first(decide(drawnNight, accept('p9', ids('x', 50))))).toMatchObject({
      type: 'TournamentInvitationClosed',
    });
  });

  it('lapses what is unanswered 14 days on, by the deadline process; nothing before', () => {
    const two = [...asked, invitedEvent('p3', 'i2', 'e8'), closed('declined', 'i2')];
    spec(two)
      .when({ type: 'LapseInvitations' }, new Date(later.getTime() - 1))
      .then([]);
    spec(two)
      .when({ type: 'LapseInvitations' }, later)
      .then([
        {
          type: 'TournamentInvitationClosed',
          streamId: T,
          payload: { ...ref, invitationId: 'i1', outcome: 'lapsed' },
        },
      ]);
    spec([created()]).when({ type: 'LapseInvitations' }).then([]);
  });

  it('a manager invites an address; accepting enters that person alone (a late arrival after a club night’s draw)', () => {
    const invite: TournamentCommand = { type: 'Invite', entryId: 'e9', invitationId: 'i1' };
    spec([created()])
      .when(invite)
      .then([
        {
          type: 'TournamentInvited',
          streamId: T,
          payload: { ...ref, invitationId: 'i1', entryId: 'e9', lapsesAt: LAPSES },
        },
      ]);
    spec([doubles()]).when(invite).thenRejects({
      reason: 'invalid',
      field: 'email',
      message: 'An entry of this tournament is two players: enter them by account',
    });
    spec([created({ maxEntrants: 4 }), ...entries(4)])
      .when(invite)
      .thenRejects(refused('FULL', FULL));
    const knockout = [
      created(),
      ...entries(2),
      { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ['e1', 'e2'] } },
    ] as TournamentDomainEvent[];
    spec(knockout).when(invite).thenRejects(refused('CLOSED', CLOSED));
    const finishedNight = [
      created({ format: 'MEXICANO' }),
      ...entries(4),
      { type: 'TournamentDrawn', payload: { ...ref, seeding: 'ENTRY', order: ids('e', 4) } },
      { type: 'TournamentFinished', payload: ref },
    ] as TournamentDomainEvent[];
    spec(finishedNight).when(invite).thenRejects(refused('CLOSED', CLOSED));
    // The invited player enters alone, whatever the tournament's `entries`.
    const byClub = [created({ entries: 'MANAGER' }), invitedEvent()];
    spec(byClub)
      .when(accept('p9'))
      .then([
        {
          type: 'TournamentInvitationClosed',
          streamId: T,
          payload: { ...ref, invitationId: 'i1', outcome: 'accepted' },
        },
        { type: 'TournamentEntered', streamId: T, payload: { ...ref, entryId: 'e9', memberIds: ['p9'] } },
      ]);
    spec([...byClub, entered(1, ['p9'])])
      .when(accept('p9'))
      .thenRejects(refused('ENTERED', ENTERED));
    // After a Mexicano's draw: the late arrival of the next round.
    const night = [created({ format: 'MEXICANO', courts: 2, maxEntrants: 12 }), ...entries(8)];
    const drawnNight = [...night, ...asGiven(decide(night, draw()) as NewEvent[])];
    spec(drawnNight)
      .when(invite)
      .then([
        {
          type: 'TournamentInvited',
          streamId: T,
          payload: { ...ref, invitationId: 'i1', entryId: 'e9', lapsesAt: LAPSES },
        },
      ]);
    spec([...drawnNight, invitedEvent()])
      .when(accept('p9', ids('x', 10)))
      .then([
        {
          type: 'TournamentInvitationClosed',
          streamId: T,
          payload: { ...ref, invitationId: 'i1', outcome: 'accepted' },
        },
        {
          type: 'TournamentPlayerAdded',
          streamId: T,
          payload: { ...ref, entryId: 'e9', playerId: 'p9', fromRound: 2 },
        },
      ]);
  });
});
