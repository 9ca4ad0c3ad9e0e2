import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { seasonTeamsDecider, type SeasonTeamsState, type TeamDomainEvent } from './decider.ts';

const NOT_WAITING = 'This team is not waiting for approval any more';
const NOT_ACTIVE = 'This team is not active in this season';

/**
 * The season's settings are not events of this feature (they come from the ladders feature), so the specs start
 * from a state with the season and fold the team events onto it.
 */
const season = {
  seasonId: 'season-1',
  ladderId: 'ladder-1',
  sportsCategory: 'TENNISSINGLE',
  openForRegistration: true,
  endDate: '2026-06-30',
};
const spec = (given: TeamDomainEvent[], settings: Partial<typeof season> | null = {}) =>
  deciderSpec({
    ...seasonTeamsDecider,
    initialState: (): SeasonTeamsState => ({
      teams: {},
      ...(settings ? { season: { ...season, ...settings } } : {}),
    }),
  })(given);

const ref = (teamId: string) => ({ teamId, seasonId: 'season-1', ladderId: 'ladder-1' });
const registered = (teamId: string, ...memberIds: string[]): TeamDomainEvent => ({
  type: 'TeamRegistered',
  payload: { ...ref(teamId), memberIds },
});
/** Ann registers alone (singles), or names a partner by email (`partner` is who that address is). */
const registerTeam = (teamId: string, registrant: string, partner?: string) => ({
  type: 'RegisterTeam' as const,
  teamId,
  registrant: { accountId: registrant, complete: true },
  ...(partner ? { partner: { requestId: `r-${teamId}`, isRegistrant: partner === registrant } } : {}),
});
const accepted = (teamId: string): TeamDomainEvent => ({ type: 'TeamAccepted', payload: ref(teamId) });
const rejected = (teamId: string): TeamDomainEvent => ({ type: 'TeamRejected', payload: ref(teamId) });
const removed = (teamId: string): TeamDomainEvent => ({ type: 'TeamRemoved', payload: ref(teamId) });

describe('registration: who a team is', () => {
  const partnerProblem = (message: string) => ({
    reason: 'invalid' as const,
    message,
    field: 'partnerEmail',
  });

  it('given a singles season, when Ann registers with a partner, then a singles team has one player', () => {
    spec([])
      .when(registerTeam('t1', 'ann', 'bo'))
      .thenRejects(partnerProblem('A singles team has one player'));
  });

  it('given a doubles or padel season, when Ann registers alone, then she must name her partner', () => {
    for (const sportsCategory of ['TENNISDOUBLE', 'PADEL']) {
      spec([], { sportsCategory })
        .when(registerTeam('t1', 'ann'))
        .thenRejects(partnerProblem('This ladder is for teams of two: enter your partner’s email address'));
    }
  });

  it('given a padel season, when Ann names herself as partner, then the partner must be someone else', () => {
    spec([], { sportsCategory: 'PADEL' })
      .when(registerTeam('t1', 'ann', 'ann'))
      .thenRejects(partnerProblem('Your partner must be someone else'));
  });

  it('given any season, when the registrant has no name or phone yet, then the account must be completed first', () => {
    spec([], { sportsCategory: 'PADEL', openForRegistration: false })
      .when({ ...registerTeam('t1', 'ann', 'ann'), registrant: { accountId: 'ann', complete: false } })
      .thenRejects({ reason: 'forbidden', message: 'Complete your account (name and phone) first' });
  });
});

describe('registration: while the season is open, one waiting or active team per player', () => {
  it('given an open padel season, when Ann names Bo, then PartnerRequested for 14 days: no team yet, Bo unnamed', () => {
    spec([], { sportsCategory: 'PADEL' })
      .when(registerTeam('t1', 'ann', 'bo'), new Date('2026-03-14T10:00:00Z'))
      .then([
        {
          type: 'PartnerRequested',
          streamId: 't1',
          payload: {
            requestId: 'r-t1',
            ...ref('t1'),
            registrantId: 'ann',
            lapsesAt: '2026-03-28T10:00:00.000Z',
          },
        },
      ]);
  });

  it('given Ann waiting in a team, when she registers again, then she is in a team already', () => {
    spec([registered('t1', 'ann')])
      .when(registerTeam('t2', 'ann'))
      .thenRejects({ reason: 'conflict', message: 'You are in a team of this season already' });
  });

  it('given Bo active in a team, when Ann names Bo, then the request goes out alike (nothing is told of Bo)', () => {
    spec([registered('t1', 'bo'), accepted('t1')], { sportsCategory: 'PADEL' })
      .when(registerTeam('t2', 'ann', 'bo'), new Date('2026-03-14T10:00:00Z'))
      .then([
        {
          type: 'PartnerRequested',
          streamId: 't2',
          payload: {
            requestId: 'r-t2',
            ...ref('t2'),
            registrantId: 'ann',
            lapsesAt: '2026-03-28T10:00:00.000Z',
          },
        },
      ]);
  });

  it('given Ann in a team that was rejected, or that left, when she registers again, then TeamRegistered', () => {
    for (const ended of [
      [registered('t1', 'ann'), rejected('t1')],
      [registered('t1', 'ann'), accepted('t1'), removed('t1')],
    ]) {
      spec(ended)
        .when(registerTeam('t2', 'ann'))
        .then([{ type: 'TeamRegistered', streamId: 't2', payload: { ...ref('t2'), memberIds: ['ann'] } }]);
    }
  });

  it('given a season closed for registration, or one that ended, when a team registers, then it is closed', () => {
    const register = registerTeam('t1', 'ann');
    spec([], { openForRegistration: false })
      .when(register)
      .thenRejects({ reason: 'conflict', message: 'Registration for this season is closed' });
    spec([], { endDate: '2026-03-13' })
      .when(register, new Date('2026-03-14T10:00:00'))
      .thenRejects({ reason: 'conflict', message: 'Registration for this season is closed' });
    spec([], { endDate: '2026-03-14' })
      .when(register, new Date('2026-03-14T23:00:00'))
      .then([{ type: 'TeamRegistered', streamId: 't1', payload: { ...ref('t1'), memberIds: ['ann'] } }]);
  });

  it('given no such season, when anything is asked, then not found', () => {
    spec([], null)
      .when({ type: 'AcceptTeam', teamId: 't1' })
      .thenRejects({ reason: 'not_found', message: 'No such season' });
  });
});

describe('accept and reject only while waiting; remove and move only while active', () => {
  it('given a waiting team, when it is accepted or rejected, then TeamAccepted or TeamRejected', () => {
    spec([registered('t1', 'ann')])
      .when({ type: 'AcceptTeam', teamId: 't1' })
      .then([{ type: 'TeamAccepted', streamId: 't1', payload: ref('t1') }]);
    spec([registered('t1', 'ann')])
      .when({ type: 'RejectTeam', teamId: 't1' })
      .then([{ type: 'TeamRejected', streamId: 't1', payload: ref('t1') }]);
  });

  it('given an accepted team, when it is accepted again (two managers at once), then it is not waiting any more', () => {
    spec([registered('t1', 'ann'), accepted('t1')])
      .when({ type: 'AcceptTeam', teamId: 't1' })
      .thenRejects({ reason: 'conflict', message: NOT_WAITING });
  });

  it('given a waiting team, when it is removed or moved, then it is not active', () => {
    spec([registered('t1', 'ann')])
      .when({ type: 'RemoveTeam', teamId: 't1' })
      .thenRejects({ reason: 'conflict', message: NOT_ACTIVE });
    spec([registered('t1', 'ann')])
      .when({ type: 'MoveTeam', teamId: 't1', position: 1 })
      .thenRejects({ reason: 'conflict', message: NOT_ACTIVE });
  });

  it('given an active team, when it is removed, then TeamRemoved; and a removed one cannot be removed again', () => {
    spec([registered('t1', 'ann'), accepted('t1')])
      .when({ type: 'RemoveTeam', teamId: 't1' })
      .then([{ type: 'TeamRemoved', streamId: 't1', payload: ref('t1') }]);
    spec([registered('t1', 'ann'), accepted('t1'), removed('t1')])
      .when({ type: 'RemoveTeam', teamId: 't1' })
      .thenRejects({ reason: 'conflict', message: NOT_ACTIVE });
  });

  it('given two waiting teams, when all are accepted, then TeamAccepted for each, in the order given', () => {
    spec([registered('t1', 'ann'), registered('t2', 'bo')])
      .when({ type: 'AcceptTeams', teamIds: ['t2', 't1', 't2'] })
      .then([
        { type: 'TeamAccepted', streamId: 't2', payload: ref('t2') },
        { type: 'TeamAccepted', streamId: 't1', payload: ref('t1') },
      ]);
  });

  it('given one of the teams no longer waiting (or unknown), when all are accepted, then none is (NOT_WAITING)', () => {
    const refused = { reason: 'conflict' as const, message: NOT_WAITING, code: 'NOT_WAITING' };
    spec([registered('t1', 'ann'), registered('t2', 'bo'), accepted('t2')])
      .when({ type: 'AcceptTeams', teamIds: ['t1', 't2'] })
      .thenRejects(refused);
    spec([registered('t1', 'ann')])
      .when({ type: 'AcceptTeams', teamIds: ['t1', 'elsewhere'] })
      .thenRejects(refused);
    spec([registered('t1', 'ann')])
      .when({ type: 'AcceptTeams', teamIds: [] })
      .thenRejects({ reason: 'invalid', message: 'Choose the teams to accept', field: 'teamIds' });
    spec([registered('t1', 'ann')], null)
      .when({ type: 'AcceptTeams', teamIds: ['t1'] })
      .thenRejects({ reason: 'not_found', message: 'No such season' });
  });

  it('given a team of another season (unknown here), when it is accepted, then no such team', () => {
    spec([]).when({ type: 'AcceptTeam', teamId: 'elsewhere' }).thenRejects({
      reason: 'not_found',
      message: 'No such team in this season',
    });
  });

  it('given two active teams and a waiting one, when a team moves, then only to positions 1..2', () => {
    const given = [
      registered('t1', 'ann'),
      accepted('t1'),
      registered('t2', 'bo'),
      accepted('t2'),
      registered('t3', 'cy'),
    ];
    spec(given)
      .when({ type: 'MoveTeam', teamId: 't2', position: 1 })
      .then([{ type: 'TeamPositionChanged', streamId: 't2', payload: { ...ref('t2'), position: 1 } }]);
    spec(given)
      .when({ type: 'MoveTeam', teamId: 't2', position: 3 })
      .thenRejects({ reason: 'invalid', message: 'Choose a position from 1 to 2', field: 'newPosition' });
    spec(given)
      .when({ type: 'MoveTeam', teamId: 't2', position: 0 })
      .thenRejects({ reason: 'invalid', message: 'Choose a position from 1 to 2', field: 'newPosition' });
  });
});

describe('what the teams state remembers', () => {
  it('starts with no season and no teams', () => {
    expect(seasonTeamsDecider.initialState()).toEqual({ teams: {} });
  });

  it('given no such team, when it is removed or moved, then no such team in this season', () => {
    for (const command of [
      { type: 'RemoveTeam' as const, teamId: 'nobody' },
      { type: 'MoveTeam' as const, teamId: 'nobody', position: 1 },
    ]) {
      spec([]).when(command).thenRejects({ reason: 'not_found', message: 'No such team in this season' });
    }
  });

  it('given two active teams, when #2 moves to the last place (2), then TeamPositionChanged', () => {
    spec([registered('t1', 'ann'), accepted('t1'), registered('t2', 'bo'), accepted('t2')])
      .when({ type: 'MoveTeam', teamId: 't1', position: 2 })
      .then([{ type: 'TeamPositionChanged', streamId: 't1', payload: { ...ref('t1'), position: 2 } }]);
  });

  it('given a registration delivered twice, then the team keeps its later status', () => {
    spec([registered('t1', 'ann'), accepted('t1'), registered('t1', 'ann')])
      .when({ type: 'MoveTeam', teamId: 't1', position: 1 })
      .then([{ type: 'TeamPositionChanged', streamId: 't1', payload: { ...ref('t1'), position: 1 } }]);
  });

  it('given transitions that no longer apply (accepting a rejected team, an unknown one), then nothing changes', () => {
    spec([registered('t1', 'ann'), rejected('t1'), accepted('t1'), accepted('ghost')])
      .when(registerTeam('t2', 'ann'))
      .then([{ type: 'TeamRegistered', streamId: 't2', payload: { ...ref('t2'), memberIds: ['ann'] } }]);
    spec([registered('t1', 'ann'), rejected('t1'), removed('t1')])
      .when(registerTeam('t2', 'ann'))
      .then([{ type: 'TeamRegistered', streamId: 't2', payload: { ...ref('t2'), memberIds: ['ann'] } }]);
  });

  it('given moves of positions, then which teams are active does not change', () => {
    spec([
      registered('t1', 'ann'),
      accepted('t1'),
      { type: 'TeamPositionChanged', payload: { ...ref('t1'), position: 1 } },
    ])
      .when({ type: 'RemoveTeam', teamId: 't1' })
      .then([{ type: 'TeamRemoved', streamId: 't1', payload: ref('t1') }]);
  });
});

describe('partners agree first (DESIGN.md §9)', () => {
  const padel = { sportsCategory: 'PADEL' };
  const at = new Date('2026-03-14T10:00:00Z');
  const requestRef = (teamId: string) => ({ requestId: `r-${teamId}`, ...ref(teamId) });
  const requested = (teamId: string, registrantId: string): TeamDomainEvent => ({
    type: 'PartnerRequested',
    payload: { ...requestRef(teamId), registrantId, lapsesAt: '2026-03-28T10:00:00.000Z' },
  });
  const answered = (
    type: 'PartnerRequestDeclined' | 'PartnerRequestWithdrawn' | 'PartnerRequestLapsed',
    teamId: string,
  ): TeamDomainEvent => ({ type, payload: requestRef(teamId) });
  const accept = (teamId: string, partner: string, complete = true) => ({
    type: 'AnswerPartnerRequest' as const,
    teamId,
    accept: true as const,
    partner: { accountId: partner, complete },
  });
  const decline = (teamId: string) => ({
    type: 'AnswerPartnerRequest' as const,
    teamId,
    accept: false as const,
  });
  const leave = (teamId: string, accountId: string, isAddressee = false) => ({
    type: 'LeaveSeason' as const,
    teamId,
    accountId,
    isAddressee,
  });

  it('given Ann waiting for her partner, when Bo accepts, then PartnerRequestAccepted and the team registers with both', () => {
    spec([requested('t1', 'ann')], padel)
      .when(accept('t1', 'bo'), at)
      .then([
        { type: 'PartnerRequestAccepted', streamId: 't1', payload: { ...requestRef('t1'), partnerId: 'bo' } },
        { type: 'TeamRegistered', streamId: 't1', payload: { ...ref('t1'), memberIds: ['ann', 'bo'] } },
      ]);
  });

  it('given Ann waiting for her partner, when Bo declines, then PartnerRequestDeclined, which names nobody', () => {
    spec([requested('t1', 'ann')], padel)
      .when(decline('t1'), at)
      .then([{ type: 'PartnerRequestDeclined', streamId: 't1', payload: requestRef('t1') }]);
  });

  it('given Bo without a name or phone yet, when he accepts, then he completes his account first', () => {
    spec([requested('t1', 'ann')], padel)
      .when(accept('t1', 'bo', false), at)
      .thenRejects({ reason: 'forbidden', message: 'Complete your account (name and phone) first' });
  });

  it('given Bo in another team of the season, when he accepts, then he is in a team already', () => {
    spec([registered('t0', 'bo', 'cy'), requested('t1', 'ann')], padel)
      .when(accept('t1', 'bo'), at)
      .thenRejects({ reason: 'conflict', message: 'You are in a team of this season already' });
  });

  it('given a request, when its own registrant answers it, then there is no such request for her', () => {
    spec([requested('t1', 'ann')], padel)
      .when(accept('t1', 'ann'), at)
      .thenRejects({ reason: 'not_found', message: 'No such partner request' });
  });

  it('given a request that was answered, withdrawn or lapsed, when it is answered, then used, revoked or expired', () => {
    const closed = (code: string) => ({
      reason: 'conflict' as const,
      message: 'This partner request is not open any more',
      code,
    });
    spec([requested('t1', 'ann'), answered('PartnerRequestDeclined', 't1')], padel)
      .when(accept('t1', 'bo'), at)
      .thenRejects(closed('USED'));
    spec([requested('t1', 'ann'), answered('PartnerRequestWithdrawn', 't1')], padel)
      .when(accept('t1', 'bo'), at)
      .thenRejects(closed('REVOKED'));
    spec([requested('t1', 'ann'), answered('PartnerRequestLapsed', 't1')], padel)
      .when(decline('t1'), at)
      .thenRejects(closed('EXPIRED'));
    // Past its 14 days before the deadline process came by: lapsed all the same.
    spec([requested('t1', 'ann')], padel)
      .when(accept('t1', 'bo'), new Date('2026-03-28T10:00:00Z'))
      .thenRejects(closed('EXPIRED'));
  });

  it('given Ann waiting for her partner, when she registers again, then she is in a team already; once it lapsed she may', () => {
    spec([requested('t1', 'ann')], padel)
      .when(registerTeam('t2', 'ann', 'cy'), at)
      .thenRejects({ reason: 'conflict', message: 'You are in a team of this season already' });
    spec([requested('t1', 'ann'), answered('PartnerRequestLapsed', 't1')], padel)
      .when(registerTeam('t2', 'ann', 'cy'), at)
      .then([
        {
          type: 'PartnerRequested',
          streamId: 't2',
          payload: { ...requestRef('t2'), registrantId: 'ann', lapsesAt: '2026-03-28T10:00:00.000Z' },
        },
      ]);
  });

  it('given requests of 14 days and less, when the deadline process comes by, then only the due one lapses', () => {
    const later: TeamDomainEvent = {
      type: 'PartnerRequested',
      payload: { ...requestRef('t2'), registrantId: 'cy', lapsesAt: '2026-03-30T10:00:00.000Z' },
    };
    spec([requested('t1', 'ann'), later], padel)
      .when({ type: 'LapsePartnerRequests' }, new Date('2026-03-28T10:00:00Z'))
      .then([{ type: 'PartnerRequestLapsed', streamId: 't1', payload: requestRef('t1') }]);
    spec([requested('t1', 'ann'), answered('PartnerRequestDeclined', 't1')], padel)
      .when({ type: 'LapsePartnerRequests' }, new Date('2026-04-28T10:00:00Z'))
      .then([]);
  });

  it('given an open request, when the registrant leaves, then withdrawn; when the addressee leaves, then declined', () => {
    spec([requested('t1', 'ann')], padel)
      .when(leave('t1', 'ann'), at)
      .then([{ type: 'PartnerRequestWithdrawn', streamId: 't1', payload: requestRef('t1') }]);
    spec([requested('t1', 'ann')], padel)
      .when(leave('t1', 'bo', true), at)
      .then([{ type: 'PartnerRequestDeclined', streamId: 't1', payload: requestRef('t1') }]);
    spec([requested('t1', 'ann')], padel)
      .when(leave('t1', 'eve'), at)
      .thenRejects({ reason: 'not_found', message: 'No such team in this season' });
  });

  it('given a waiting or active team, when a member leaves, then TeamRemoved; a stranger or a left team cannot', () => {
    for (const given of [[registered('t1', 'ann', 'bo')], [registered('t1', 'ann', 'bo'), accepted('t1')]]) {
      spec(given, padel)
        .when(leave('t1', 'bo'), at)
        .then([{ type: 'TeamRemoved', streamId: 't1', payload: ref('t1') }]);
    }
    spec([registered('t1', 'ann', 'bo')], padel)
      .when(leave('t1', 'eve'), at)
      .thenRejects({ reason: 'not_found', message: 'No such team in this season' });
    spec([registered('t1', 'ann', 'bo'), removed('t1')], padel)
      .when(leave('t1', 'ann'), at)
      .thenRejects({ reason: 'conflict', message: NOT_ACTIVE });
  });

  it('given a request delivered twice, or an answer to another request, then the first request stands', () => {
    const other: TeamDomainEvent = {
      type: 'PartnerRequestWithdrawn',
      payload: { ...requestRef('t1'), requestId: 'r-other' },
    };
    spec([requested('t1', 'ann'), requested('t1', 'cy'), other], padel)
      .when(leave('t1', 'ann'), at)
      .then([{ type: 'PartnerRequestWithdrawn', streamId: 't1', payload: requestRef('t1') }]);
  });
});
