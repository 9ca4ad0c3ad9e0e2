import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRejection } from '../decider.ts';
import { defaultLadderRules, type LadderRules } from '../ladders/rules.ts';
import { leapfrog } from '../teams/positions.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  challengesDecider,
  isBusy,
  type ChallengeCommand,
  type ChallengeDomainEvent,
  type SeasonChallengesState,
} from './decider.ts';

// "Now" is 14 March 2026, 10:00 UTC; the season runs from January to June.
const now = new Date('2026-03-14T10:00:00Z');
const seasonRef = { seasonId: 'season-1', ladderId: 'ladder-1' };
const season = {
  ...seasonRef,
  startDate: '2026-01-01',
  endDate: '2026-06-30',
  matchType: 'BESTOFTHREE' as const,
};
/** Five teams, #1 to #5; team tN has the members aN and bN. */
const teams = [1, 2, 3, 4, 5].map((n) => ({ teamId: `t${n}`, memberIds: [`a${n}`, `b${n}`] }));

const spec = (
  given: ChallengeDomainEvent[],
  rules: Partial<LadderRules> = {},
  settings: Partial<typeof season & { format: 'LADDER' | 'BOX' }> = {},
) =>
  deciderSpec({
    ...challengesDecider,
    initialState: (): SeasonChallengesState => ({
      season: { ...season, ...settings, rules: { ...defaultLadderRules, ...rules } },
      teams,
      challenges: {},
    }),
  })(given);

const issued = (
  challengeId: string,
  challenger: number,
  defender: number,
  extra: { respondBy?: string; declineIsWalkover?: boolean; playDays?: number } = {},
): ChallengeDomainEvent => ({
  type: 'ChallengeIssued',
  payload: {
    challengeId,
    ...seasonRef,
    challengerTeamId: `t${challenger}`,
    defenderTeamId: `t${defender}`,
    issuedBy: `a${challenger}`,
    issuedAt: '2026-03-10T10:00:00.000Z',
    respondBy: extra.respondBy ?? '2026-03-17T10:00:00.000Z',
    playDays: extra.playDays ?? 14,
    declineIsWalkover: extra.declineIsWalkover ?? true,
  },
});
const accepted = (challengeId: string, matchId = `m-${challengeId}`): ChallengeDomainEvent => ({
  type: 'ChallengeAccepted',
  payload: { challengeId, ...seasonRef, matchId, playBy: '2026-03-28T10:00:00.000Z' },
});
const settled = (challengeId: string): ChallengeDomainEvent => ({
  type: 'ChallengeMatchSettled',
  payload: { challengeId },
});
const issue = (actor: string, defender: number): ChallengeCommand => ({
  type: 'IssueChallenge',
  challengeId: 'c9',
  actorId: actor,
  defenderTeamId: `t${defender}`,
});
const refused = (code: string, message: string) => ({ reason: 'conflict' as const, message, code });

/** The walkover a decline or an expiry gives: created, won by the challenger, who leapfrogs the defender. */
const walkoverEvents = (
  challengeId: string,
  matchId: string,
  challenger: number,
  defender: number,
  // Where the two stand when it is decided: by default, where their numbers say.
  [fromPosition, toPosition] = [challenger, defender],
) => {
  const matchRef = { matchId, ...seasonRef };
  return [
    {
      type: 'MatchCreated',
      streamId: matchId,
      payload: { ...matchRef, defenderId: `t${defender}`, challengerId: `t${challenger}`, challengeId },
    },
    {
      type: 'MatchResultRecorded',
      streamId: matchId,
      payload: {
        ...matchRef,
        defender: { matchSets: [], special: 'walkover' },
        challenger: { matchSets: [], special: 'none' },
      },
    },
    {
      type: 'ChallengerLeapfrogged',
      streamId: matchId,
      payload: {
        ...matchRef,
        challengerId: `t${challenger}`,
        defenderId: `t${defender}`,
        fromPosition,
        toPosition,
      },
    },
  ];
};

describe('issuing a challenge: a team above, within range, neither side busy, the season running', () => {
  it('given #4, when a member challenges #1 (range 3), then ChallengeIssued with the answer deadline and the rules of now', () => {
    spec([], { responseDays: 3, playDays: 10, declineIsWalkover: false })
      .when(issue('b4', 1), now)
      .then([
        {
          type: 'ChallengeIssued',
          streamId: 'c9',
          payload: {
            challengeId: 'c9',
            ...seasonRef,
            challengerTeamId: 't4',
            defenderTeamId: 't1',
            issuedBy: 'b4',
            issuedAt: '2026-03-14T10:00:00.000Z',
            respondBy: '2026-03-17T10:00:00.000Z',
            playDays: 10,
            declineIsWalkover: false,
          },
        },
      ]);
  });

  it('refuses with the reason: out of range, not above, not in the season, challenges off, season not running', () => {
    spec([])
      .when(issue('a5', 1), now)
      .thenRejects(refused('OUT_OF_RANGE', 'This team stands too far above you to challenge'));
    spec([])
      .when(issue('a3', 4), now)
      .thenRejects(refused('NOT_ABOVE', 'You can only challenge a team above you'));
    spec([])
      .when(issue('a3', 3), now)
      .thenRejects(refused('NOT_ABOVE', 'You can only challenge a team above you'));
    const notInSeason = refused('NOT_IN_SEASON', 'Only active teams of this season can challenge each other');
    spec([]).when(issue('stranger', 1), now).thenRejects(notInSeason);
    spec([]).when(issue('a3', 9), now).thenRejects(notInSeason);
    spec([], { challengeRange: 0 })
      .when(issue('a2', 1), now)
      .thenRejects(refused('CHALLENGES_OFF', 'Challenges are turned off in this season'));
    spec([], {}, { endDate: '2026-03-13' })
      .when(issue('a2', 1), now)
      .thenRejects(refused('SEASON_NOT_ACTIVE', 'This season is not running'));
  });

  it('given a box season (DESIGN.md §12), when #2 challenges #1, then challenges are off; in a ladder season, issued', () => {
    spec([], {}, { format: 'BOX' })
      .when(issue('a2', 1), now)
      .thenRejects(refused('CHALLENGES_OFF', 'Challenges are turned off in this season'));
    const issuedInLadder = challengesDecider.decide(
      issue('a2', 1),
      { season: { ...season, format: 'LADDER', rules: defaultLadderRules }, teams, challenges: {} },
      now,
    );
    expect(isRejection(issuedInLadder)).toBe(false);
  });

  it('given the range is 1, when #3 challenges #2, then issued; #1, then out of range', () => {
    spec([], { challengeRange: 1 })
      .when(issue('a3', 2), now)
      .then([expect.objectContaining({ type: 'ChallengeIssued' })]);
    spec([], { challengeRange: 1 })
      .when(issue('a3', 1), now)
      .thenRejects(refused('OUT_OF_RANGE', 'This team stands too far above you to challenge'));
  });

  it('a paused team neither challenges nor is challenged (PAUSED); on its first day back it may again', () => {
    const pausedSpec = (pausedUntil: string) =>
      deciderSpec({
        ...challengesDecider,
        initialState: (): SeasonChallengesState => ({
          season: { ...season, rules: defaultLadderRules },
          teams: teams.map((team) => (team.teamId === 't2' ? { ...team, pausedUntil } : team)),
          challenges: {},
        }),
      })([]);
    const paused = refused('PAUSED', 'One of the two teams is paused');
    pausedSpec('2026-03-15').when(issue('a3', 2), now).thenRejects(paused); // challenged while paused
    pausedSpec('2026-03-15').when(issue('a2', 1), now).thenRejects(paused); // challenging while paused
    pausedSpec('2026-03-15')
      .when(issue('a4', 3), now)
      .then([expect.objectContaining({ type: 'ChallengeIssued' })]);
    pausedSpec('2026-03-14')
      .when(issue('a3', 2), now)
      .then([expect.objectContaining({ type: 'ChallengeIssued' })]);
  });

  it('a team is busy while its challenge is open, or accepted and not played; free again once settled', () => {
    const busy = refused('BUSY', 'One of the two teams is already in a challenge');
    spec([issued('c1', 3, 2)])
      .when(issue('a4', 3), now)
      .thenRejects(busy); // the challenger of c1
    spec([issued('c1', 3, 2)])
      .when(issue('a4', 2), now)
      .thenRejects(busy); // the defender of c1
    spec([issued('c1', 3, 2), accepted('c1')])
      .when(issue('a5', 3), now)
      .thenRejects(busy);
    spec([issued('c1', 3, 2), accepted('c1'), settled('c1')])
      .when(issue('a5', 3), now)
      .then([expect.objectContaining({ type: 'ChallengeIssued' })]);
    spec([issued('c1', 3, 2)])
      .when(issue('a5', 4), now)
      .then([expect.objectContaining({ type: 'ChallengeIssued' })]);
  });
});

describe('answering a challenge: the challenged team accepts or declines, the challenger may withdraw', () => {
  it('given an open challenge, when the challenged team accepts with a date, then accepted, with its match and date', () => {
    const matchRef = { matchId: 'm1', ...seasonRef };
    spec([issued('c1', 3, 2, { playDays: 10 })])
      .when(
        {
          type: 'AcceptChallenge',
          challengeId: 'c1',
          actorId: 'b2',
          matchId: 'm1',
          date: '2026-03-20T18:30',
        },
        now,
      )
      .then([
        {
          type: 'ChallengeAccepted',
          streamId: 'c1',
          payload: {
            challengeId: 'c1',
            ...seasonRef,
            matchId: 'm1',
            acceptedBy: 'b2',
            playBy: '2026-03-24T10:00:00.000Z',
          },
        },
        {
          type: 'MatchCreated',
          streamId: 'm1',
          payload: { ...matchRef, defenderId: 't2', challengerId: 't3', challengeId: 'c1' },
        },
        { type: 'MatchRescheduled', streamId: 'm1', payload: { ...matchRef, date: '2026-03-20T18:30' } },
      ]);
  });

  it('given an open challenge, when accepted with a date after the season, then the date is the season’s last day', () => {
    spec([issued('c1', 3, 2)])
      .when(
        {
          type: 'AcceptChallenge',
          challengeId: 'c1',
          actorId: 'a2',
          matchId: 'm1',
          date: '2026-08-01T10:00',
        },
        now,
      )
      .then([
        expect.objectContaining({ type: 'ChallengeAccepted' }),
        expect.objectContaining({ type: 'MatchCreated' }),
        expect.objectContaining({ payload: expect.objectContaining({ date: '2026-06-30T10:00' }) }),
      ]);
  });

  it('only the challenged team answers, only the challenger withdraws, only while open', () => {
    const given = [issued('c1', 3, 2)];
    spec(given)
      .when({ type: 'AcceptChallenge', challengeId: 'c1', actorId: 'a3', matchId: 'm1' }, now)
      .thenRejects({ reason: 'forbidden', message: 'Only the challenged team can answer this challenge' });
    spec(given)
      .when({ type: 'DeclineChallenge', challengeId: 'c1', actorId: 'a5', matchId: 'm1' }, now)
      .thenRejects({ reason: 'forbidden', message: 'Only the challenged team can answer this challenge' });
    spec(given)
      .when({ type: 'WithdrawChallenge', challengeId: 'c1', actorId: 'a2' }, now)
      .thenRejects({ reason: 'forbidden', message: 'Only the challenging team can withdraw this challenge' });
    spec(given)
      .when({ type: 'WithdrawChallenge', challengeId: 'nope', actorId: 'a3' }, now)
      .thenRejects({ reason: 'not_found', message: 'No such challenge' });
    spec([...given, accepted('c1')])
      .when({ type: 'WithdrawChallenge', challengeId: 'c1', actorId: 'a3' }, now)
      .thenRejects(refused('NOT_OPEN', 'This challenge is not open any more'));
    spec(given)
      .when({ type: 'WithdrawChallenge', challengeId: 'c1', actorId: 'b3' }, now)
      .then([
        {
          type: 'ChallengeWithdrawn',
          streamId: 'c1',
          payload: { challengeId: 'c1', ...seasonRef, withdrawnBy: 'b3' },
        },
      ]);
  });

  it('given declining is a walkover, when the challenged team declines, then the challenger wins by walkover and leapfrogs', () => {
    spec([issued('c1', 4, 2)])
      .when({ type: 'DeclineChallenge', challengeId: 'c1', actorId: 'a2', matchId: 'm1' }, now)
      .then([
        {
          type: 'ChallengeDeclined',
          streamId: 'c1',
          payload: { challengeId: 'c1', ...seasonRef, declinedBy: 'a2', matchId: 'm1' },
        },
        ...walkoverEvents('c1', 'm1', 4, 2),
      ]);
  });

  it('given declining is no walkover (the rule when it was issued), when declined, then only ChallengeDeclined', () => {
    spec([issued('c1', 4, 2, { declineIsWalkover: false })], { declineIsWalkover: true })
      .when({ type: 'DeclineChallenge', challengeId: 'c1', actorId: 'a2', matchId: 'm1' }, now)
      .then([
        {
          type: 'ChallengeDeclined',
          streamId: 'c1',
          payload: { challengeId: 'c1', ...seasonRef, declinedBy: 'a2' },
        },
      ]);
  });
});

describe('the deadline: the system expires challenges nobody answered in time', () => {
  const expire = (matchIds: Record<string, string> = { c1: 'm1', c2: 'm2' }): ChallengeCommand => ({
    type: 'ExpireChallenges',
    matchIds,
  });

  it('given one challenge due and one not, when the deadline runs, then only the due one expires, as a walkover', () => {
    spec([issued('c1', 4, 2, { respondBy: '2026-03-14T10:00:00.000Z' }), issued('c2', 3, 1)])
      .when(expire(), now)
      .then([
        {
          type: 'ChallengeExpired',
          streamId: 'c1',
          payload: { challengeId: 'c1', ...seasonRef, matchId: 'm1' },
        },
        ...walkoverEvents('c1', 'm1', 4, 2),
      ]);
  });

  it('given two due challenges, when the deadline runs, then both expire in deadline order on the ladder as it moves', () => {
    // c2 (#5 challenged #3) is due first; after its walkover #4 stands at #5, so c1's leapfrog starts from there.
    spec([
      issued('c1', 4, 2, { respondBy: '2026-03-13T10:00:00.000Z' }),
      issued('c2', 5, 3, { respondBy: '2026-03-12T10:00:00.000Z' }),
    ])
      .when(expire(), now)
      .then([
        {
          type: 'ChallengeExpired',
          streamId: 'c2',
          payload: { challengeId: 'c2', ...seasonRef, matchId: 'm2' },
        },
        ...walkoverEvents('c2', 'm2', 5, 3),
        {
          type: 'ChallengeExpired',
          streamId: 'c1',
          payload: { challengeId: 'c1', ...seasonRef, matchId: 'm1' },
        },
        ...walkoverEvents('c1', 'm1', 4, 2, [5, 2]),
      ]);
  });

  it('given a challenge that is no walkover, when it expires, then nobody wins; given it expired already, nothing again', () => {
    const due = issued('c1', 4, 2, { respondBy: '2026-03-14T09:59:59.000Z', declineIsWalkover: false });
    spec([due])
      .when(expire({}), now)
      .then([{ type: 'ChallengeExpired', streamId: 'c1', payload: { challengeId: 'c1', ...seasonRef } }]);
    spec([due, { type: 'ChallengeExpired', payload: { challengeId: 'c1', ...seasonRef } }])
      .when(expire({}), now)
      .then([]);
  });

  it('given answered or withdrawn challenges past their deadline, when the deadline runs, then nothing happens', () => {
    const past = { respondBy: '2026-03-01T10:00:00.000Z' };
    spec([
      issued('c1', 4, 2, past),
      accepted('c1'),
      issued('c2', 5, 3, past),
      { type: 'ChallengeWithdrawn', payload: { challengeId: 'c2', ...seasonRef } },
    ])
      .when(expire(), now)
      .then([]);
  });
});

describe('over any sequence of challenges, answers, results and deadlines', () => {
  const challengeEventTypes = new Set([
    'ChallengeIssued',
    'ChallengeAccepted',
    'ChallengeDeclined',
    'ChallengeWithdrawn',
    'ChallengeExpired',
    'ChallengeMatchSettled',
  ]);
  const command = fc.oneof(
    fc.record({
      kind: fc.constant('issue' as const),
      actor: fc.integer({ min: 1, max: 5 }),
      defender: fc.integer({ min: 1, max: 5 }),
    }),
    fc.record({
      kind: fc.constantFrom('accept' as const, 'decline' as const, 'withdraw' as const, 'settle' as const),
      pick: fc.nat(),
      member: fc.integer({ min: 1, max: 5 }),
    }),
    fc.record({ kind: fc.constant('tick' as const), days: fc.integer({ min: 0, max: 10 }) }),
  );

  it('keeps positions 1..N without gaps and no team in two live challenges, and a replay gives the same state', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), fc.boolean(), (commands, declineIsWalkover) => {
        let state: SeasonChallengesState = {
          season: { ...season, rules: { ...defaultLadderRules, declineIsWalkover } },
          teams,
          challenges: {},
        };
        const history: ChallengeDomainEvent[] = [];
        let clock = now.getTime();
        let ids = 0;
        const apply = (events: Array<{ type: string; payload: unknown }>) => {
          for (const event of events) {
            if (event.type === 'ChallengerLeapfrogged') {
              const { challengerId, defenderId } = event.payload as {
                challengerId: string;
                defenderId: string;
              };
              const order = leapfrog(
                state.teams.map((team) => team.teamId),
                challengerId,
                defenderId,
                challengerId,
              );
              state = { ...state, teams: order.map((id) => teams.find((team) => team.teamId === id)!) };
            }
            if (challengeEventTypes.has(event.type)) {
              history.push(event as ChallengeDomainEvent);
              state = challengesDecider.evolve(state, event as ChallengeDomainEvent);
            }
          }
        };
        for (const step of commands) {
          const open = Object.values(state.challenges);
          const target =
            step.kind !== 'issue' && step.kind !== 'tick'
              ? open[step.pick % Math.max(open.length, 1)]
              : undefined;
          const id = `x${++ids}`;
          let decided: ChallengeCommand | undefined;
          if (step.kind === 'issue') {
            decided = {
              type: 'IssueChallenge',
              challengeId: id,
              actorId: `a${step.actor}`,
              defenderTeamId: `t${step.defender}`,
            };
          } else if (step.kind === 'tick') {
            clock += step.days * 24 * 60 * 60 * 1000;
            const matchIds = Object.fromEntries(
              open.map((challenge) => [challenge.challengeId, `m-${challenge.challengeId}`]),
            );
            decided = { type: 'ExpireChallenges', matchIds };
          } else if (target && step.kind === 'settle') {
            if (target.state === 'accepted' && !target.settled) {
              const event: ChallengeDomainEvent = {
                type: 'ChallengeMatchSettled',
                payload: { challengeId: target.challengeId },
              };
              apply([event]);
            }
          } else if (target) {
            const actorId = `a${step.member}`;
            decided =
              step.kind === 'withdraw'
                ? { type: 'WithdrawChallenge', challengeId: target.challengeId, actorId }
                : step.kind === 'accept'
                  ? { type: 'AcceptChallenge', challengeId: target.challengeId, actorId, matchId: id }
                  : { type: 'DeclineChallenge', challengeId: target.challengeId, actorId, matchId: id };
          }
          if (!decided) continue;
          const result = challengesDecider.decide(decided, state, new Date(clock));
          if (!isRejection(result)) apply(result);

          const order = state.teams.map((team) => team.teamId);
          expect([...order].sort()).toEqual(['t1', 't2', 't3', 't4', 't5']);
          const live = Object.values(state.challenges).filter(isBusy);
          const involved = live.flatMap((challenge) => [
            challenge.challengerTeamId,
            challenge.defenderTeamId,
          ]);
          expect(new Set(involved).size).toBe(involved.length);
        }
        const replayed = history.reduce(challengesDecider.evolve, {
          season: state.season,
          teams: state.teams,
          challenges: {},
        } as SeasonChallengesState);
        expect(replayed.challenges).toEqual(state.challenges);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the edges of the challenge rules', () => {
  const expire = (matchIds: Record<string, string>): ChallengeCommand => ({
    type: 'ExpireChallenges',
    matchIds,
  });

  it('given no season, then every command is refused as not found; a new state knows no season', () => {
    expect(challengesDecider.initialState()).toEqual({ teams: [], challenges: {} });
    expect(challengesDecider.decide(issue('a2', 1), challengesDecider.initialState(), now)).toEqual({
      kind: 'rejected',
      reason: 'not_found',
      message: 'No such season',
    });
  });

  it('given #1, when it challenges #2, then not above (it is in the season)', () => {
    spec([])
      .when(issue('a1', 2), now)
      .thenRejects(refused('NOT_ABOVE', 'You can only challenge a team above you'));
  });

  it('given a withdrawn or declined challenge, then both teams are free to challenge again', () => {
    spec([issued('c1', 3, 2), { type: 'ChallengeWithdrawn', payload: { challengeId: 'c1', ...seasonRef } }])
      .when(issue('a3', 2), now)
      .then([expect.objectContaining({ type: 'ChallengeIssued' })]);
    spec([
      issued('c1', 3, 2, { declineIsWalkover: false }),
      { type: 'ChallengeDeclined', payload: { challengeId: 'c1', ...seasonRef } },
    ])
      .when(issue('a3', 2), now)
      .then([expect.objectContaining({ type: 'ChallengeIssued' })]);
  });

  it('given an open challenge, when accepted without a date, then no date is set', () => {
    spec([issued('c1', 3, 2)])
      .when({ type: 'AcceptChallenge', challengeId: 'c1', actorId: 'a2', matchId: 'm1' }, now)
      .then([
        expect.objectContaining({ type: 'ChallengeAccepted' }),
        expect.objectContaining({ type: 'MatchCreated' }),
      ]);
  });

  it('given a due walkover without a match id, then refused', () => {
    spec([issued('c1', 4, 2, { respondBy: '2026-03-01T10:00:00.000Z' })])
      .when(expire({}), now)
      .thenRejects({ reason: 'invalid', message: 'A walkover needs a match id' });
  });

  it('given SWAP, when two due challenges expire, then the second starts from the ladder as the first swapped it', () => {
    // c2 (#5 over #3) first: #5 and #3 swap, so #4 (c1's challenger) still stands at #4.
    const events = challengesDecider.decide(
      expire({ c1: 'm1', c2: 'm2' }),
      [
        issued('c1', 4, 2, { respondBy: '2026-03-13T10:00:00.000Z' }),
        issued('c2', 5, 3, { respondBy: '2026-03-12T10:00:00.000Z' }),
      ].reduce(challengesDecider.evolve, {
        season: { ...season, rules: { ...defaultLadderRules, movement: 'SWAP' } },
        teams,
        challenges: {},
      } as SeasonChallengesState),
      now,
    );
    const moves = (events as Array<{ type: string; payload: { fromPosition?: number; toPosition?: number } }>)
      .filter((event) => event.type === 'ChallengerSwapped')
      .map((event) => [event.payload.fromPosition, event.payload.toPosition]);
    expect(moves).toEqual([
      [5, 3],
      [4, 2],
    ]);
  });

  it('folds each answer into the challenge, and ignores events of challenges it does not know', () => {
    const given = (...events: ChallengeDomainEvent[]) =>
      events.reduce(challengesDecider.evolve, {
        season: { ...season, rules: defaultLadderRules },
        teams,
        challenges: {},
      } as SeasonChallengesState).challenges;
    expect(
      given(issued('c1', 3, 2), {
        type: 'ChallengeDeclined',
        payload: { challengeId: 'c1', ...seasonRef, matchId: 'm1' },
      }).c1,
    ).toMatchObject({
      state: 'declined',
      matchId: 'm1',
      settled: true,
    });
    expect(
      given(issued('c1', 3, 2), { type: 'ChallengeExpired', payload: { challengeId: 'c1', ...seasonRef } })
        .c1,
    ).toMatchObject({
      state: 'expired',
      settled: true,
    });
    expect(
      given(issued('c1', 3, 2), { type: 'ChallengeWithdrawn', payload: { challengeId: 'c1', ...seasonRef } })
        .c1!.state,
    ).toBe('withdrawn');
    expect(given({ type: 'ChallengeWithdrawn', payload: { challengeId: 'nope', ...seasonRef } })).toEqual({});
    expect(given(issued('c1', 3, 2), accepted('c1'), settled('c1')).c1).toMatchObject({
      state: 'accepted',
      settled: true,
    });
  });
});
