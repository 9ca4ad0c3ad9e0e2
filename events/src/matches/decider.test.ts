import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';

import {
  BEFORE_SEASON,
  matchDecider,
  type MatchActor,
  type MatchDomainEvent,
  type MatchNewEvent,
  type MatchState,
} from './decider.ts';

const MATCH_CANCELLED = 'This match was cancelled';

/** The season (match type, last day, positions) comes from other features: the specs start from it. */
const season: NonNullable<MatchState['season']> = {
  seasonId: 'season-1',
  ladderId: 'ladder-1',
  matchType: 'BESTOFTHREE',
  earliestDate: '2026-03-01',
  latestDate: '2026-06-30',
  positions: { ann: 1, bo: 2, cy: 3, di: 4, ed: 5 },
  confirmHours: 48,
  movement: 'LEAPFROG',
};
const spec = (
  given: MatchDomainEvent[],
  positions: Record<string, number> | null = season.positions,
  rules: Partial<Pick<typeof season, 'confirmHours' | 'movement' | 'format'>> = {},
) =>
  deciderSpec({
    ...matchDecider,
    initialState: (): MatchState => (positions ? { season: { ...season, ...rules, positions } } : {}),
  })(given);
const manager = { role: 'manager' as const };

const ref = { matchId: 'm1', seasonId: 'season-1', ladderId: 'ladder-1' };
/** A dispute's reason as kept beside the log: its id and SHA-256 (DESIGN.md §10). */
const kept = { id: 'reason-1', sha256: 'a'.repeat(64) };
const created = (defenderId: string, challengerId: string): MatchDomainEvent => ({
  type: 'MatchCreated',
  payload: { ...ref, defenderId, challengerId },
});
/** "6-4 6-3" → both sides' games. */
function games(score: string) {
  const sets = score
    .split(' ')
    .filter(Boolean)
    .map((set) => set.split('-').map(Number) as [number, number]);
  return {
    defender: { matchSets: sets.map(([d]) => ({ score: d })), special: 'none' as const },
    challenger: { matchSets: sets.map(([, c]) => ({ score: c })), special: 'none' as const },
  };
}
const recorded = (score: string): MatchDomainEvent => ({
  type: 'MatchResultRecorded',
  payload: { ...ref, ...games(score) },
});
/** A save by a manager (counts at once), unless another actor is given. */
const save = (score: string, date?: string | null, by: MatchActor = manager) => ({
  type: 'SaveMatch' as const,
  matchId: 'm1',
  ...games(score),
  date,
  by,
});
const leapfrogged = (from: number, to: number, challengerId = 'ed', defenderId = 'bo') => ({
  type: 'ChallengerLeapfrogged',
  streamId: 'm1',
  payload: { ...ref, challengerId, defenderId, fromPosition: from, toPosition: to },
});

describe('a match needs two active teams of the season', () => {
  it('given #2 and #5 active, when a match between them is created, then MatchCreated', () => {
    spec([])
      .when({ type: 'CreateMatch', matchId: 'm1', defenderId: 'bo', challengerId: 'ed' })
      .then([
        { type: 'MatchCreated', streamId: 'm1', payload: { ...ref, defenderId: 'bo', challengerId: 'ed' } },
      ]);
  });

  it('given a team that is not active, or the same team twice, when a match is created, then refused', () => {
    spec([])
      .when({ type: 'CreateMatch', matchId: 'm1', defenderId: 'bo', challengerId: 'waiting-team' })
      .thenRejects({
        reason: 'invalid',
        message: 'Both teams must be active in this season',
        field: 'defenderId',
      });
    spec([])
      .when({ type: 'CreateMatch', matchId: 'm1', defenderId: 'bo', challengerId: 'bo' })
      .thenRejects({ reason: 'invalid', message: 'Pick two different teams', field: 'challengerId' });
  });
});

describe('the leapfrog: a challenger who first beats a defender standing above takes its place', () => {
  it('given #5 challenging #2, when #5 wins, then the result and the leapfrog from 5 to 2', () => {
    spec([created('bo', 'ed')])
      .when(save('4-6 3-6'))
      .then([
        { type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } },
        leapfrogged(5, 2),
      ]);
  });

  it('given #5 challenging #2, when the defender wins, then only the result', () => {
    spec([created('bo', 'ed')])
      .when(save('6-4 6-3'))
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('6-4 6-3') } }]);
  });

  it('given an unfinished result, when it is saved, then only the result; the leapfrog waits for a winner', () => {
    spec([created('bo', 'ed')])
      .when(save('4-6'))
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6') } }]);
    spec([created('bo', 'ed'), recorded('4-6')])
      .when(save('4-6 3-6'))
      .then([
        { type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } },
        leapfrogged(5, 2),
      ]);
  });

  it('given a result that had a winner, when it is corrected to the challenger winning, then nobody moves', () => {
    spec([created('bo', 'ed'), recorded('6-4 6-3')])
      .when(save('4-6 3-6'))
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } }]);
  });

  it('given a challenger standing above the defender, when it wins, then nobody moves', () => {
    spec([created('ed', 'bo')])
      .when(save('4-6 3-6'))
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } }]);
  });

  it('given a challenger that left the ladder meanwhile, when it wins, then nobody moves', () => {
    spec([created('bo', 'ed')], { ann: 1, bo: 2, cy: 3, di: 4 })
      .when(save('4-6 3-6'))
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } }]);
  });

  it('given the same result again, when it is saved, then nothing happens', () => {
    spec([created('bo', 'ed'), recorded('6-4 6-3')])
      .when(save('6-4 6-3'))
      .then([]);
  });

  it('given a leapfrog of #5 over #2, when a match of the new #3 (was #2) is won from #4, then positions follow it', () => {
    const later: MatchDomainEvent[] = [
      created('bo', 'ed'),
      { type: 'ChallengerLeapfrogged', payload: leapfrogged(5, 2).payload },
      { type: 'MatchCreated', payload: { ...ref, matchId: 'm1', defenderId: 'bo', challengerId: 'di' } },
    ];
    spec(later)
      .when(save('4-6 3-6'))
      .then([
        {
          type: 'MatchResultRecorded',
          streamId: 'm1',
          payload: { ...ref, ...games('4-6 3-6') },
        },
        leapfrogged(5, 3, 'di', 'bo'),
      ]);
  });
});

describe('dates and cancelled matches', () => {
  it('given a season ending 30 June, when the match is set on 2 July, then it moves to 30 June, keeping the time', () => {
    spec([created('bo', 'ed')])
      .when(save('', '2026-07-02T19:30'))
      .then([{ type: 'MatchRescheduled', streamId: 'm1', payload: { ...ref, date: '2026-06-30T19:30' } }]);
  });

  it('given a season starting 1 March, when the match is set before it, then 400 on date and nothing is written; on 1 March it is', () => {
    const before = { reason: 'invalid' as const, message: BEFORE_SEASON, field: 'date' };
    spec([created('bo', 'ed')])
      .when(save('', '2026-02-28T23:59'))
      .thenRejects(before);
    // Nor with a result saved alongside: the whole save is refused.
    spec([created('bo', 'ed')])
      .when(save('6-4 6-3', '2025-03-10T10:00'))
      .thenRejects(before);
    spec([created('bo', 'ed')])
      .when(save('', '2026-03-01T00:00'))
      .then([{ type: 'MatchRescheduled', streamId: 'm1', payload: { ...ref, date: '2026-03-01T00:00' } }]);
  });

  it('given a confirmed result, when a player re-dates it before the season starts, then 400; a manager neither', () => {
    const player = { role: 'player' as const, accountId: 'ed-1', side: 'challenger' as const };
    const counted = [created('bo', 'ed'), recorded('6-4 6-3')];
    for (const by of [player, manager]) {
      spec(counted)
        .when(save('6-4 6-3', '2026-01-15T18:00', by))
        .thenRejects({ reason: 'invalid', message: BEFORE_SEASON, field: 'date' });
    }
  });

  it('given a date before the season as the match has it already (the start moved later), then saving it again is no change', () => {
    const dated: MatchDomainEvent[] = [
      created('bo', 'ed'),
      { type: 'MatchRescheduled', payload: { ...ref, date: '2026-02-20T10:00' } },
    ];
    spec(dated)
      .when(save('6-4 6-3', '2026-02-20T10:00'))
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('6-4 6-3') } }]);
  });

  it('given a date, when the same date is saved or the date is left out, then nothing happens; null clears it', () => {
    const dated: MatchDomainEvent[] = [
      created('bo', 'ed'),
      { type: 'MatchRescheduled', payload: { ...ref, date: '2026-05-01T10:00' } },
    ];
    spec(dated).when(save('', '2026-05-01T10:00')).then([]);
    spec(dated).when(save('')).then([]);
    spec(dated)
      .when(save('', null))
      .then([{ type: 'MatchRescheduled', streamId: 'm1', payload: { ...ref, date: null } }]);
  });

  it('given a cancelled match, when a result is saved or it is cancelled again, then it was cancelled', () => {
    const cancelled: MatchDomainEvent[] = [created('bo', 'ed'), { type: 'MatchCancelled', payload: ref }];
    spec(cancelled).when(save('6-4 6-3')).thenRejects({ reason: 'conflict', message: MATCH_CANCELLED });
    spec(cancelled)
      .when({ type: 'CancelMatch', matchId: 'm1', by: manager })
      .thenRejects({ reason: 'conflict', message: MATCH_CANCELLED });
  });

  it('given a match, when it is cancelled, then MatchCancelled; given none, then not found', () => {
    spec([created('bo', 'ed')])
      .when({ type: 'CancelMatch', matchId: 'm1', by: manager })
      .then([{ type: 'MatchCancelled', streamId: 'm1', payload: ref }]);
    spec([])
      .when({ type: 'CancelMatch', matchId: 'm1', by: manager })
      .thenRejects({ reason: 'not_found', message: 'No such match' });
  });
});

describe('what the match state remembers', () => {
  it('starts with no season and no match', () => {
    expect(matchDecider.initialState()).toEqual({});
  });

  it('given no season, or no match, then not found', () => {
    spec([], null)
      .when({ type: 'CancelMatch', matchId: 'm1', by: manager })
      .thenRejects({ reason: 'not_found', message: 'No such season' });
    spec([]).when(save('6-4 6-3')).thenRejects({ reason: 'not_found', message: 'No such match' });
    spec([recorded('6-4 6-3')])
      .when(save('6-4 6-3'))
      .thenRejects({ reason: 'not_found', message: 'No such match' });
  });

  it('given a tiebreak, when the result is saved, then its points are recorded with the games', () => {
    const tiebreak = {
      type: 'SaveMatch' as const,
      matchId: 'm1',
      defender: { matchSets: [{ score: 7, tiebreakScore: 7 }, { score: 6 }], special: 'none' as const },
      challenger: { matchSets: [{ score: 6, tiebreakScore: 5 }, { score: 2 }], special: 'none' as const },
      by: manager,
    };
    spec([created('bo', 'ed')])
      .when(tiebreak)
      .then([
        {
          type: 'MatchResultRecorded',
          streamId: 'm1',
          payload: { ...ref, defender: tiebreak.defender, challenger: tiebreak.challenger },
        },
      ]);
  });

  it.each([
    // After #5 (ed) leapfrogs #2 (bo): ann 1, ed 2, bo 3, cy 4, di 5.
    ['di', 'ann', 5, 1],
    ['cy', 'bo', 4, 3],
    ['ed', 'ann', 2, 1],
  ])(
    'given #5 leapfrogged #2, when %s beats %s, then it moves from %i to %i',
    (challenger, defender, from, to) => {
      spec([
        { type: 'ChallengerLeapfrogged', payload: leapfrogged(5, 2).payload },
        { type: 'MatchCreated', payload: { ...ref, defenderId: defender, challengerId: challenger } },
      ])
        .when(save('4-6 3-6'))
        .then([
          { type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } },
          leapfrogged(from, to, challenger, defender),
        ]);
    },
  );

  it('given no season known, then a leapfrog is passed over', () => {
    spec([{ type: 'ChallengerLeapfrogged', payload: leapfrogged(5, 2).payload }], null)
      .when({ type: 'CancelMatch', matchId: 'm1', by: manager })
      .thenRejects({ reason: 'not_found', message: 'No such season' });
  });
});

describe('results and confirmation (DESIGN.md §5): a player’s result waits for the other side', () => {
  const now = new Date('2026-03-14T10:00:00Z');
  const ed = { role: 'player' as const, accountId: 'ed-1', side: 'challenger' as const };
  const bo = { role: 'player' as const, accountId: 'bo-1', side: 'defender' as const };
  const system = { role: 'system' as const };
  const pending = (score: string, dueAt = '2026-03-16T10:00:00.000Z'): MatchDomainEvent => ({
    type: 'MatchResultRecorded',
    payload: { ...ref, ...games(score), pending: { enteredBy: 'ed-1', side: 'challenger', dueAt } },
  });
  const confirmedBy = (by: string) => ({
    type: 'ResultConfirmed',
    streamId: 'm1',
    payload: { ...ref, confirmedBy: by },
  });

  it('given #5 challenging #2, when #5’s player enters a win, then it is pending for 48 hours and nobody moves yet', () => {
    spec([created('bo', 'ed')])
      .when(save('4-6 3-6', undefined, ed), now)
      .then([
        {
          type: 'MatchResultRecorded',
          streamId: 'm1',
          payload: {
            ...ref,
            ...games('4-6 3-6'),
            pending: { enteredBy: 'ed-1', side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
          },
        },
      ]);
  });

  it('given confirmHours 0, when a player enters a win, then it counts at once and the challenger leapfrogs', () => {
    spec([created('bo', 'ed')], season.positions, { confirmHours: 0 })
      .when(save('4-6 3-6', undefined, ed), now)
      .then([
        { type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } },
        leapfrogged(5, 2),
      ]);
  });

  it('given a pending win, when the other side confirms, then it counts and the challenger leapfrogs', () => {
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'ConfirmResult', matchId: 'm1', by: bo }, now)
      .then([confirmedBy('bo-1'), leapfrogged(5, 2)]);
  });

  it('given a pending win, when the side that entered it confirms or disputes, then refused', () => {
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'ConfirmResult', matchId: 'm1', by: ed }, now)
      .thenRejects({ reason: 'forbidden', message: 'The other side confirms or disputes this result' });
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'DisputeResult', matchId: 'm1', by: ed, reason: kept }, now)
      .thenRejects({ reason: 'forbidden', message: 'The other side confirms or disputes this result' });
  });

  it('given a pending win, when the other side disputes it, then disputed and nobody moves; a manager’s save settles it', () => {
    const disputed: MatchDomainEvent = {
      type: 'ResultDisputed',
      payload: { ...ref, disputedBy: 'bo-1', reasonId: kept.id, reasonSha256: kept.sha256 },
    };
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'DisputeResult', matchId: 'm1', by: bo, reason: kept }, now)
      .then([{ type: 'ResultDisputed', streamId: 'm1', payload: disputed.payload }]);
    spec([created('bo', 'ed'), pending('4-6 3-6'), disputed])
      .when({ type: 'ConfirmResult', matchId: 'm1', by: bo }, now)
      .thenRejects({
        reason: 'conflict',
        message: 'This result is not waiting for confirmation',
        code: 'NOT_PENDING',
      });
    // The manager keeps the entered result: it counts now.
    spec([created('bo', 'ed'), pending('4-6 3-6'), disputed])
      .when(save('4-6 3-6'), now)
      .then([confirmedBy('manager'), leapfrogged(5, 2)]);
    // The manager corrects it to a win for the defender: it counts, nobody moves.
    spec([created('bo', 'ed'), pending('4-6 3-6'), disputed])
      .when(save('6-4 6-3'), now)
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('6-4 6-3') } }]);
  });

  it('given a pending win, when its time has not run out, the system does nothing; when it has, the system confirms it', () => {
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'ConfirmResult', matchId: 'm1', by: system }, new Date('2026-03-16T09:59:59Z'))
      .then([]);
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'ConfirmResult', matchId: 'm1', by: system }, new Date('2026-03-16T10:00:00Z'))
      .then([confirmedBy('system'), leapfrogged(5, 2)]);
    spec([
      created('bo', 'ed'),
      pending('4-6 3-6'),
      { type: 'ResultConfirmed', payload: { ...ref, confirmedBy: 'bo-1' } },
    ])
      .when({ type: 'ConfirmResult', matchId: 'm1', by: system }, new Date('2026-03-20T10:00:00Z'))
      .then([]);
  });

  const final = {
    reason: 'conflict' as const,
    message: 'This result is confirmed: only a manager of the club can change it',
    code: 'RESULT_FINAL',
  };
  const disputedRefusal = {
    reason: 'conflict' as const,
    message: 'This result is disputed: a manager of the club settles it',
    code: 'DISPUTED',
  };
  const disputedBy = (by: string): MatchDomainEvent => ({
    type: 'ResultDisputed',
    payload: { ...ref, disputedBy: by, reason: 'Not so' },
  });

  it('given a win confirmed by the other side, the clock or a manager, when either player changes the scores, then RESULT_FINAL', () => {
    const byOtherSide = [created('bo', 'ed'), pending('4-6 3-6'), confirmedBy('bo-1') as MatchDomainEvent];
    const byClock = [created('bo', 'ed'), pending('4-6 3-6'), confirmedBy('system') as MatchDomainEvent];
    const byManager = [created('bo', 'ed'), pending('4-6 3-6'), disputedBy('bo-1'), recorded('6-4 6-3')];
    for (const given of [byOtherSide, byClock, byManager]) {
      spec(given)
        .when(save('4-6 4-6', undefined, ed), now)
        .thenRejects(final);
      spec(given)
        .when(save('6-4 6-3 6-0', undefined, bo), now)
        .thenRejects(final);
    }
    // Another winner, or the same winner with other games: both refused.
    spec([created('bo', 'ed'), recorded('6-4 6-3')])
      .when(save('4-6 3-6', undefined, ed), now)
      .thenRejects(final);
    spec([created('bo', 'ed'), recorded('6-4 6-3')])
      .when(save('6-4 6-2', undefined, bo), now)
      .thenRejects(final);
  });

  it('given a confirmed win, when a player saves the same scores with a new date, then only the date; a manager may change the scores', () => {
    const counted = [created('bo', 'ed'), recorded('6-4 6-3')];
    spec(counted)
      .when(save('6-4 6-3', '2026-03-20T18:00', ed), now)
      .then([{ type: 'MatchRescheduled', streamId: 'm1', payload: { ...ref, date: '2026-03-20T18:00' } }]);
    spec(counted)
      .when(save('4-6 3-6'), now)
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } }]);
  });

  it('given a disputed win, when either player enters a result, then DISPUTED; a manager settles it', () => {
    const disputed = [created('bo', 'ed'), pending('4-6 3-6'), disputedBy('bo-1')];
    spec(disputed)
      .when(save('4-6 4-6', undefined, ed), now)
      .thenRejects(disputedRefusal);
    spec(disputed)
      .when(save('6-4 6-3', undefined, bo), now)
      .thenRejects(disputedRefusal);
  });

  it('given no result yet, or one set so far, or its own pending result, when a player saves scores, then they are recorded', () => {
    spec([created('bo', 'ed'), recorded('4-6')])
      .when(save('4-6 3-6', undefined, ed), now)
      .then([
        {
          type: 'MatchResultRecorded',
          streamId: 'm1',
          payload: {
            ...ref,
            ...games('4-6 3-6'),
            pending: { enteredBy: 'ed-1', side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
          },
        },
      ]);
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when(save('4-6 4-6', undefined, ed), now)
      .then([
        {
          type: 'MatchResultRecorded',
          streamId: 'm1',
          payload: {
            ...ref,
            ...games('4-6 4-6'),
            pending: { enteredBy: 'ed-1', side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
          },
        },
      ]);
  });

  it('given a box season (DESIGN.md §12), when the lower side’s win counts, then nobody moves', () => {
    spec([created('bo', 'ed')], season.positions, { format: 'BOX' })
      .when(save('4-6 3-6'), now)
      .then([{ type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } }]);
    spec([created('bo', 'ed')], season.positions, { format: 'LADDER' })
      .when(save('4-6 3-6'), now)
      .then([
        { type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } },
        leapfrogged(5, 2),
      ]);
  });

  it('given SWAP movement, when the challenger’s win counts, then it trades places with the defender', () => {
    spec([created('bo', 'ed')], season.positions, { movement: 'SWAP' })
      .when(save('4-6 3-6'), now)
      .then([
        { type: 'MatchResultRecorded', streamId: 'm1', payload: { ...ref, ...games('4-6 3-6') } },
        { ...leapfrogged(5, 2), type: 'ChallengerSwapped' },
      ]);
  });

  it('given a result, when a player cancels, then refused; a manager may; without a result a player may', () => {
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'CancelMatch', matchId: 'm1', by: bo }, now)
      .thenRejects({
        reason: 'conflict',
        message: 'A match with a result can only be cancelled by a manager',
        code: 'HAS_RESULT',
      });
    spec([created('bo', 'ed'), pending('4-6 3-6')])
      .when({ type: 'CancelMatch', matchId: 'm1', by: manager }, now)
      .then([{ type: 'MatchCancelled', streamId: 'm1', payload: ref }]);
    spec([created('bo', 'ed')])
      .when({ type: 'CancelMatch', matchId: 'm1', by: bo }, now)
      .then([{ type: 'MatchCancelled', streamId: 'm1', payload: ref }]);
  });

  it('remembers swaps and confirmations for the next decisions', () => {
    const state = [
      created('bo', 'ed'),
      pending('4-6 3-6'),
      { type: 'ResultConfirmed', payload: { ...ref, confirmedBy: 'bo-1' } } as MatchDomainEvent,
      {
        type: 'ChallengerSwapped',
        payload: { ...ref, challengerId: 'ed', defenderId: 'bo', fromPosition: 5, toPosition: 2 },
      } as MatchDomainEvent,
    ].reduce(matchDecider.evolve, { season } as MatchState);
    expect(state.season!.positions).toEqual({ ann: 1, bo: 5, cy: 3, di: 4, ed: 2 });
    expect(state.match!.confirmation).toEqual({ state: 'confirmed' });
    expect(state.match!.hadWinner).toBe(true);
  });
});

describe('who acts: a signed-in account is what the state says it is to the match', () => {
  const account = (accountId: string) => ({ role: 'account' as const, accountId });
  /** The state as the loader gives it for `accountId`: the match's history and the caller's role. */
  const as = (accountId: string, actor: MatchActor | null) => (given: MatchDomainEvent[]) => {
    const state = given.reduce(matchDecider.evolve, { season });
    return { ...state, caller: { accountId, actor } };
  };
  const now = new Date('2026-03-14T10:00:00Z');
  const NOT_YOURS = 'Only the players of this match and the club’s managers can change it';
  const saveAs = (score: string, by: string) => ({ ...save(score), by: account(by) });

  it('given an account that is neither player nor manager, when it saves, cancels or answers, then 403', () => {
    const state = as('zed', null)([created('bo', 'ed')]);
    for (const command of [
      saveAs('6-4 6-3', 'zed'),
      { type: 'CancelMatch' as const, matchId: 'm1', by: account('zed') },
      { type: 'ConfirmResult' as const, matchId: 'm1', by: account('zed') },
      { type: 'DisputeResult' as const, matchId: 'm1', by: account('zed'), reason: kept },
    ]) {
      expect(matchDecider.decide(command, state, now)).toEqual({
        kind: 'rejected',
        reason: 'forbidden',
        message: NOT_YOURS,
      });
    }
  });

  it('given the state of another account, when an account acts, then 403 (a role is never borrowed)', () => {
    const state = as('someone-else', manager)([created('bo', 'ed')]);
    expect(matchDecider.decide(saveAs('6-4 6-3', 'zed'), state, now)).toMatchObject({
      reason: 'forbidden',
    });
  });

  it('given a cancelled match, when an outsider acts, then 409 before 403 (as the route answered)', () => {
    const state = as('zed', null)([created('bo', 'ed'), { type: 'MatchCancelled', payload: ref }]);
    expect(matchDecider.decide(saveAs('6-4 6-3', 'zed'), state, now)).toEqual({
      kind: 'rejected',
      reason: 'conflict',
      message: MATCH_CANCELLED,
    });
  });

  it('given a player of one side, when it saves a win, then it waits for the other side as that player', () => {
    const state = as('ed-1', { role: 'player', accountId: 'ed-1', side: 'challenger' })([
      created('bo', 'ed'),
    ]);
    const [recordedEvent] = matchDecider.decide(saveAs('4-6 3-6', 'ed-1'), state, now) as MatchNewEvent[];
    expect(recordedEvent?.payload).toMatchObject({ pending: { enteredBy: 'ed-1', side: 'challenger' } });
  });

  it('given a manager of the club, when it creates a match, then MatchCreated; anyone else finds no season', () => {
    const create = (by: string) => ({
      type: 'CreateMatch' as const,
      matchId: 'm1',
      defenderId: 'bo',
      challengerId: 'ed',
      by: account(by),
    });
    expect(matchDecider.decide(create('boss'), as('boss', manager)([]), now)).toEqual([
      { type: 'MatchCreated', streamId: 'm1', payload: { ...ref, defenderId: 'bo', challengerId: 'ed' } },
    ]);
    expect(matchDecider.decide(create('zed'), as('zed', null)([]), now)).toEqual({
      kind: 'rejected',
      reason: 'not_found',
      message: 'No such season',
    });
  });
});

describe('where a match is played (DESIGN.md §9): the event names the row of its text', () => {
  const located = (locationId: string | null): MatchDomainEvent => ({
    type: 'MatchLocationSet',
    payload: { ...ref, locationId },
  });
  const player = { role: 'player' as const, accountId: 'p-ed', side: 'challenger' as const };

  it('given #2 and #5, when a match is created with a location, then MatchCreated and MatchLocationSet', () => {
    spec([])
      .when({ type: 'CreateMatch', matchId: 'm1', defenderId: 'bo', challengerId: 'ed', locationId: 'loc-1' })
      .then([
        { type: 'MatchCreated', streamId: 'm1', payload: { ...ref, defenderId: 'bo', challengerId: 'ed' } },
        { type: 'MatchLocationSet', streamId: 'm1', payload: { ...ref, locationId: 'loc-1' } },
      ]);
  });

  it('given a match, when a player saves a new location or clears it, then MatchLocationSet; the same one: nothing', () => {
    spec([created('bo', 'ed')])
      .when({ ...save(''), by: player, locationId: 'loc-1' })
      .then([{ type: 'MatchLocationSet', streamId: 'm1', payload: { ...ref, locationId: 'loc-1' } }]);
    spec([created('bo', 'ed'), located('loc-1')])
      .when({ ...save(''), by: player, locationId: null })
      .then([{ type: 'MatchLocationSet', streamId: 'm1', payload: { ...ref, locationId: null } }]);
    spec([created('bo', 'ed'), located('loc-1')])
      .when({ ...save(''), by: player, locationId: 'loc-1' })
      .then([]);
    spec([created('bo', 'ed'), located('loc-1')])
      .when({ ...save(''), by: player })
      .then([]);
  });

  it('given a confirmed result, when a player changes only the location, then the location changes', () => {
    spec([created('bo', 'ed'), recorded('6-4 6-3')])
      .when({ ...save('6-4 6-3'), by: player, locationId: 'loc-2' })
      .then([{ type: 'MatchLocationSet', streamId: 'm1', payload: { ...ref, locationId: 'loc-2' } }]);
  });

  it('given a location for a match never created, when it is saved, then no such match', () => {
    spec([located('loc-1')])
      .when({ ...save(''), locationId: 'loc-2' })
      .thenRejects({ reason: 'not_found', message: 'No such match' });
  });

  it('given a cancelled match or a stranger, when the location is saved, then refused', () => {
    spec([created('bo', 'ed'), { type: 'MatchCancelled', payload: ref }])
      .when({ ...save(''), locationId: 'loc-1' })
      .thenRejects({ reason: 'conflict', message: MATCH_CANCELLED });
    spec([created('bo', 'ed')])
      .when({ ...save(''), by: { role: 'account', accountId: 'stranger' }, locationId: 'loc-1' })
      .thenRejects({
        reason: 'forbidden',
        message: 'Only the players of this match and the club’s managers can change it',
      });
  });
});
