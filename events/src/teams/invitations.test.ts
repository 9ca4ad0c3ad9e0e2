import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { seasonTeamsDecider, takenPlayers, type SeasonTeamsState, type TeamDomainEvent } from './decider.ts';
import {
  closedInvitationCode,
  invitationListState,
  screenInvitees,
  type InviteeFacts,
} from './invitations.ts';

const NOW = new Date('2026-03-14T10:00:00.000Z');
const LATER = new Date('2026-03-28T09:59:59.999Z');
const EXPIRED = new Date('2026-03-28T10:00:00.000Z');
const expiresAt = '2026-03-28T10:00:00.000Z';
const season = {
  seasonId: 'season-1',
  ladderId: 'ladder-1',
  sportsCategory: 'TENNISSINGLE',
  openForRegistration: false,
  endDate: '2026-06-30',
};
const seasonRef = { seasonId: 'season-1', ladderId: 'ladder-1' };
const spec = deciderSpec({
  ...seasonTeamsDecider,
  initialState: (): SeasonTeamsState => ({ teams: {}, season }),
});
const fold = (events: TeamDomainEvent[]) =>
  events.reduce(seasonTeamsDecider.evolve, { teams: {}, season } as SeasonTeamsState);

const invited = (
  placement: 'WAITING' | 'ACTIVE',
  ...invitations: Array<{ invitationId: string; teamId: string; partnerInvitationId?: string }>
): TeamDomainEvent => ({
  type: 'PlayersInvited',
  payload: { ...seasonRef, placement, expiresAt, invitations },
});
const acceptedBy = (invitationId: string, teamId: string, accountId: string): TeamDomainEvent => ({
  type: 'InvitationAccepted',
  payload: { invitationId, teamId, accountId, ...seasonRef },
});
const revoked = (invitationId: string): TeamDomainEvent => ({
  type: 'InvitationRevoked',
  payload: { invitationId, ...seasonRef },
});
const accept = (invitationId: string, accountId: string, complete = true) => ({
  type: 'AcceptInvitation' as const,
  invitationId,
  account: { accountId, complete },
});
const conflict = (code: string, message = 'This invitation cannot be taken up any more') => ({
  reason: 'conflict' as const,
  message,
  code,
});

describe('a manager invites', () => {
  it('when players are invited, then one PlayersInvited lasting 14 days names their ids only', () => {
    spec([])
      .when(
        { type: 'InvitePlayers', placement: 'ACTIVE', invitations: [{ invitationId: 'i1', teamId: 't1' }] },
        NOW,
      )
      .then([
        {
          type: 'PlayersInvited',
          streamId: 'season-1',
          payload: {
            ...seasonRef,
            placement: 'ACTIVE',
            expiresAt,
            invitations: [{ invitationId: 'i1', teamId: 't1' }],
          },
        },
      ]);
  });

  it('when nobody is left after screening, then nothing happens', () => {
    spec([]).when({ type: 'InvitePlayers', placement: 'WAITING', invitations: [] }, NOW).then([]);
  });

  it('when an unknown season is given, then 404', () => {
    expect(
      seasonTeamsDecider.decide(
        { type: 'InvitePlayers', placement: 'WAITING', invitations: [] },
        { teams: {} },
        NOW,
      ),
    ).toMatchObject({ reason: 'not_found' });
  });
});

describe('the invited account accepts', () => {
  it('given singles ACTIVE, when accepted, then the team registers placed ACTIVE and is accepted (N+1)', () => {
    spec([invited('ACTIVE', { invitationId: 'i1', teamId: 't1' })])
      .when(accept('i1', 'ann'), LATER)
      .then([
        {
          type: 'InvitationAccepted',
          streamId: 't1',
          payload: { invitationId: 'i1', teamId: 't1', ...seasonRef, accountId: 'ann' },
        },
        {
          type: 'TeamRegistered',
          streamId: 't1',
          payload: { teamId: 't1', ...seasonRef, memberIds: ['ann'], placement: 'ACTIVE' },
        },
        { type: 'TeamAccepted', streamId: 't1', payload: { teamId: 't1', ...seasonRef } },
      ]);
  });

  it('given a pair WAITING, when the partner accepts first and then the invitee, then the team forms with the invitee first', () => {
    const pair = invited('WAITING', { invitationId: 'i1', teamId: 't1', partnerInvitationId: 'p1' });
    spec([pair])
      .when(accept('p1', 'bo'), NOW)
      .then([
        {
          type: 'InvitationAccepted',
          streamId: 't1',
          payload: { invitationId: 'p1', teamId: 't1', ...seasonRef, accountId: 'bo' },
        },
      ]);
    spec([pair, acceptedBy('p1', 't1', 'bo')])
      .when(accept('i1', 'ann'), NOW)
      .then([
        {
          type: 'InvitationAccepted',
          streamId: 't1',
          payload: { invitationId: 'i1', teamId: 't1', ...seasonRef, accountId: 'ann' },
        },
        {
          type: 'TeamRegistered',
          streamId: 't1',
          payload: { teamId: 't1', ...seasonRef, memberIds: ['ann', 'bo'] },
        },
      ]);
    spec([pair, acceptedBy('i1', 't1', 'ann')])
      .when(accept('p1', 'bo'), NOW)
      .then([
        {
          type: 'InvitationAccepted',
          streamId: 't1',
          payload: { invitationId: 'p1', teamId: 't1', ...seasonRef, accountId: 'bo' },
        },
        {
          type: 'TeamRegistered',
          streamId: 't1',
          payload: { teamId: 't1', ...seasonRef, memberIds: ['ann', 'bo'] },
        },
      ]);
  });

  it('refuses an unknown, used, revoked or lapsed invitation with its code', () => {
    const one = invited('WAITING', { invitationId: 'i1', teamId: 't1' });
    spec([one])
      .when(accept('nope', 'ann'), NOW)
      .thenRejects({ reason: 'not_found', message: 'No such invitation' });
    spec([one, acceptedBy('i1', 't1', 'ann')])
      .when(accept('i1', 'ann'), NOW)
      .thenRejects(conflict('USED'));
    spec([one, revoked('i1')])
      .when(accept('i1', 'ann'), NOW)
      .thenRejects(conflict('REVOKED'));
    spec([one]).when(accept('i1', 'ann'), EXPIRED).thenRejects(conflict('EXPIRED'));
  });

  it('refuses an account without name and phone, and one in the season already', () => {
    const one = invited('WAITING', { invitationId: 'i1', teamId: 't1' });
    spec([one])
      .when(accept('i1', 'ann', false), NOW)
      .thenRejects({ reason: 'forbidden', message: 'Complete your account (name and phone) first' });
    spec([{ type: 'TeamRegistered', payload: { teamId: 't0', ...seasonRef, memberIds: ['ann'] } }, one])
      .when(accept('i1', 'ann'), NOW)
      .thenRejects(conflict('ALREADY_IN_SEASON', 'You are in this season already'));
  });

  it('given the partner’s link was revoked, when the other accepts, then REVOKED', () => {
    spec([invited('WAITING', { invitationId: 'i1', teamId: 't1', partnerInvitationId: 'p1' }), revoked('i1')])
      .when(accept('p1', 'bo'), NOW)
      .thenRejects(conflict('REVOKED'));
  });
});

describe('a manager revokes', () => {
  const pair = invited('WAITING', { invitationId: 'i1', teamId: 't1', partnerInvitationId: 'p1' });
  it('revokes an invitee’s invitation (the pair’s both links), once; a partner’s link alone is no invitation', () => {
    spec([pair])
      .when({ type: 'RevokeInvitation', invitationId: 'i1' }, NOW)
      .then([
        { type: 'InvitationRevoked', streamId: 'season-1', payload: { invitationId: 'i1', ...seasonRef } },
      ]);
    spec([pair, revoked('i1')])
      .when({ type: 'RevokeInvitation', invitationId: 'i1' }, NOW)
      .then([]);
    spec([pair])
      .when({ type: 'RevokeInvitation', invitationId: 'p1' }, NOW)
      .thenRejects({ reason: 'not_found', message: 'No such invitation' });
    expect(Object.values(fold([pair, revoked('i1')]).invitations!).map((link) => link.state)).toEqual([
      'revoked',
      'revoked',
    ]);
  });

  it('refuses once the team formed (USED), but takes back a half-accepted pair', () => {
    spec([pair, acceptedBy('i1', 't1', 'ann'), acceptedBy('p1', 't1', 'bo')])
      .when({ type: 'RevokeInvitation', invitationId: 'i1' }, NOW)
      .thenRejects(conflict('USED'));
    const half = fold([pair, acceptedBy('i1', 't1', 'ann')]);
    expect([...takenPlayers(half, NOW)]).toEqual(['ann']);
    const taken = fold([pair, acceptedBy('i1', 't1', 'ann'), revoked('i1')]);
    expect([...takenPlayers(taken, NOW)]).toEqual([]);
  });
});

describe('screening the invitees', () => {
  const facts = (teamSize: 1 | 2, emails: Record<string, string> = {}): InviteeFacts => ({
    teamSize,
    accountOf: (email) => ({ 'in@x.nl': 'ann', 'free@x.nl': 'cas' })[email],
    emailOf: (id) => emails[id],
  });
  it('skips duplicates, missing partners, players in the season and open invitations, in the order given', () => {
    const state = fold([
      invited('WAITING', { invitationId: 'i1', teamId: 't1' }),
      invited('WAITING', { invitationId: 'i2', teamId: 't2' }),
      revoked('i2'),
    ]);
    const result = screenInvitees(
      [
        { email: 'a@x.nl', partnerEmail: 'b@x.nl', fullName: 'A' },
        { email: 'b@x.nl', partnerEmail: 'c@x.nl' },
        { email: 'd@x.nl' },
        { email: 'e@x.nl', partnerEmail: 'E@x.nl' },
        { email: 'f@x.nl', partnerEmail: 'in@x.nl' },
        { email: 'open@x.nl', partnerEmail: 'g@x.nl' },
        { email: 'h@x.nl', partnerEmail: 'was@x.nl' },
        { email: 'free@x.nl', partnerEmail: 'i@x.nl' },
      ],
      state,
      new Set(['ann']),
      facts(2, { i1: 'open@x.nl', i2: 'was@x.nl' }),
      NOW,
    );
    expect(result.skipped).toEqual([
      { email: 'b@x.nl', reason: 'DUPLICATE' },
      { email: 'd@x.nl', reason: 'PARTNER_REQUIRED' },
      { email: 'e@x.nl', reason: 'DUPLICATE' },
      { email: 'f@x.nl', reason: 'ALREADY_IN_SEASON' },
      { email: 'open@x.nl', reason: 'ALREADY_INVITED' },
    ]);
    expect(result.invite).toEqual([
      { email: 'a@x.nl', fullName: 'A', partnerEmail: 'b@x.nl' },
      { email: 'h@x.nl', partnerEmail: 'was@x.nl' },
      { email: 'free@x.nl', partnerEmail: 'i@x.nl' },
    ]);
  });

  it('in singles, invites alone (a partner is not invited) and a lapsed invitation does not count', () => {
    const state = fold([invited('WAITING', { invitationId: 'i1', teamId: 't1' })]);
    const result = screenInvitees(
      [{ email: 'open@x.nl', partnerEmail: 'z@x.nl' }, { email: 'z@x.nl' }],
      state,
      new Set(),
      facts(1, { i1: 'open@x.nl' }),
      EXPIRED,
    );
    expect(result).toEqual({ invite: [{ email: 'open@x.nl' }, { email: 'z@x.nl' }], skipped: [] });
    expect(
      screenInvitees([{ email: 'open@x.nl' }], state, new Set(), facts(1, { i1: 'open@x.nl' }), LATER)
        .skipped,
    ).toEqual([{ email: 'open@x.nl', reason: 'ALREADY_INVITED' }]);
  });
});

describe('screening addresses the server does not take (DESIGN.md §19 "Invitations")', () => {
  const facts = (teamSize: 1 | 2): InviteeFacts => ({
    teamSize,
    accountOf: () => undefined,
    emailOf: () => undefined,
  });
  it('skips each such row as INVALID_EMAIL and invites the others; it counts for no duplicate', () => {
    const result = screenInvitees(
      [
        { email: 'ann@x.nl' },
        { email: 'renée.jacobs@example.nl' },
        { email: 'not-an-address' },
        { email: '' },
        { email: 'bob@x.nl', partnerEmail: 'pat@@x.nl' },
        { email: 'pat@@x.nl' },
        { email: ' Cas@X.nl ' },
        { email: 'bob@x.nl' },
      ],
      {},
      new Set(),
      facts(1),
      NOW,
    );
    expect(result.skipped).toEqual([
      { email: 'renée.jacobs@example.nl', reason: 'INVALID_EMAIL' },
      { email: 'not-an-address', reason: 'INVALID_EMAIL' },
      { email: '', reason: 'INVALID_EMAIL' },
      { email: 'bob@x.nl', reason: 'INVALID_EMAIL' },
      { email: 'pat@@x.nl', reason: 'INVALID_EMAIL' },
    ]);
    expect(result.invite).toEqual([{ email: 'ann@x.nl' }, { email: 'cas@x.nl' }, { email: 'bob@x.nl' }]);
  });

  it('in doubles, an invalid partner skips the row before any other reason', () => {
    const result = screenInvitees(
      [
        { email: 'ann@x.nl', partnerEmail: 'ann' },
        { email: 'ann@x.nl', partnerEmail: 'pat@x.nl' },
      ],
      {},
      new Set(),
      facts(2),
      NOW,
    );
    expect(result.skipped).toEqual([{ email: 'ann@x.nl', reason: 'INVALID_EMAIL' }]);
    expect(result.invite).toEqual([{ email: 'ann@x.nl', partnerEmail: 'pat@x.nl' }]);
  });
});

describe('what the list and the link say', () => {
  it('pending until it lapses; accepted is used, revoked revoked', () => {
    expect(closedInvitationCode({ state: 'pending', expiresAt }, LATER)).toBeUndefined();
    expect(closedInvitationCode({ state: 'pending', expiresAt }, EXPIRED)).toBe('EXPIRED');
    expect(closedInvitationCode({ state: 'accepted', expiresAt }, NOW)).toBe('USED');
    expect(closedInvitationCode({ state: 'revoked', expiresAt }, NOW)).toBe('REVOKED');
    expect([
      invitationListState({ state: 'pending', expiresAt }, LATER),
      invitationListState({ state: 'pending', expiresAt }, EXPIRED),
      invitationListState({ state: 'accepted', expiresAt }, EXPIRED),
      invitationListState({ state: 'revoked', expiresAt }, NOW),
    ]).toEqual(['pending', 'expired', 'accepted', 'revoked']);
  });
});
