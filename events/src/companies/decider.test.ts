import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { ALREADY_MANAGER, COMPANY_EXISTS, companyDecider, LAST_MANAGER } from './decider.ts';

const spec = deciderSpec(companyDecider);
const companyId = '00000000-0000-4000-8000-0000000000c1';
const ownerId = '00000000-0000-4000-8000-0000000000a1';
const otherOwnerId = '00000000-0000-4000-8000-0000000000a2';

describe('companies', () => {
  it('creates a company owned by the account that created it', () => {
    spec([])
      .when({ type: 'CreateCompany', companyId, name: 'TC Tilburg', ownerId })
      .then([
        {
          type: 'CompanyCreated',
          streamId: companyId,
          payload: { companyId, name: 'TC Tilburg', ownerId },
        },
      ]);
  });

  it('creates a company once: the same id again is refused, whoever asks', () => {
    spec([{ type: 'CompanyCreated', payload: { companyId, name: 'TC Tilburg', ownerId } }])
      .when({ type: 'CreateCompany', companyId, name: 'Another club', ownerId: otherOwnerId })
      .thenRejects({ reason: 'conflict', message: COMPANY_EXISTS });
  });
});

describe('managers (DESIGN.md §9)', () => {
  const coId = '00000000-0000-4000-8000-0000000000a3';
  const invitationId = '00000000-0000-4000-8000-0000000000e1';
  const otherInvitationId = '00000000-0000-4000-8000-0000000000e2';
  const created = { type: 'CompanyCreated' as const, payload: { companyId, name: 'TC Tilburg', ownerId } };
  const invited = {
    type: 'ManagerInvited' as const,
    payload: { companyId, invitationId, expiresAt: '2026-03-28T10:00:00.000Z', invitedBy: ownerId },
  };
  const added = { type: 'ManagerAdded' as const, payload: { companyId, accountId: coId, invitationId } };
  const now = new Date('2026-03-14T10:00:00.000Z');

  it('invites for 14 days, but not someone who manages already', () => {
    spec([created])
      .when({ type: 'InviteManager', invitationId, invitedBy: ownerId }, now)
      .then([{ type: 'ManagerInvited', streamId: companyId, payload: invited.payload }]);
    spec([created])
      .when({ type: 'InviteManager', invitationId, invitedBy: ownerId, accountId: ownerId }, now)
      .thenRejects({ reason: 'conflict', message: ALREADY_MANAGER, code: 'ALREADY_MANAGER' });
    spec([])
      .when({ type: 'InviteManager', invitationId, invitedBy: ownerId }, now)
      .thenRejects({ reason: 'not_found', message: 'No such company' });
  });

  it('adds the invited account once; a used, revoked or lapsed invitation says why', () => {
    const accept = { type: 'AcceptManagerInvitation' as const, invitationId, accountId: coId };
    spec([created, invited])
      .when(accept, now)
      .then([{ type: 'ManagerAdded', streamId: companyId, payload: added.payload }]);
    const closed = (code: string) => ({
      reason: 'conflict' as const,
      message: 'This invitation cannot be taken up any more',
      code,
    });
    spec([created, invited, added]).when(accept, now).thenRejects(closed('USED'));
    spec([created, invited, { type: 'InvitationRevoked', payload: { invitationId, companyId } }])
      .when(accept, now)
      .thenRejects(closed('REVOKED'));
    spec([created, invited])
      .when(accept, new Date('2026-03-28T10:00:00.000Z'))
      .thenRejects(closed('EXPIRED'));
    spec([created]).when(accept, now).thenRejects({ reason: 'not_found', message: 'No such invitation' });
  });

  it('revokes an open invitation once', () => {
    const revoke = { type: 'RevokeManagerInvitation' as const, invitationId };
    spec([created, invited])
      .when(revoke, now)
      .then([{ type: 'InvitationRevoked', streamId: companyId, payload: { invitationId, companyId } }]);
    spec([created, invited, added]).when(revoke, now).then([]);
    spec([created]).when(revoke, now).thenRejects({ reason: 'not_found', message: 'No such invitation' });
  });

  it('removes any manager, themself too, but never the last one', () => {
    spec([created, invited, added])
      .when({ type: 'RemoveManager', accountId: ownerId }, now)
      .then([{ type: 'ManagerRemoved', streamId: companyId, payload: { companyId, accountId: ownerId } }]);
    spec([created, invited, added, { type: 'ManagerRemoved', payload: { companyId, accountId: coId } }])
      .when({ type: 'RemoveManager', accountId: ownerId }, now)
      .thenRejects({ reason: 'conflict', message: LAST_MANAGER, code: 'LAST_MANAGER' });
    spec([created])
      .when({ type: 'RemoveManager', accountId: coId }, now)
      .thenRejects({ reason: 'not_found', message: 'No such manager' });
  });
  it('revokes the open invitations a removed manager sent (DESIGN.md §19 "Managers"), no one else’s', () => {
    const thirdId = '00000000-0000-4000-8000-0000000000a4';
    const byCo = (id: string, expiresAt = '2026-03-28T10:00:00.000Z') => ({
      type: 'ManagerInvited' as const,
      payload: { companyId, invitationId: id, expiresAt, invitedBy: coId },
    });
    const lapsedId = '00000000-0000-4000-8000-0000000000e3';
    const usedId = '00000000-0000-4000-8000-0000000000e4';
    const beforeSenders = '00000000-0000-4000-8000-0000000000e5';
    const given = [
      created,
      invited,
      added,
      byCo(otherInvitationId),
      byCo(lapsedId, '2026-03-14T09:00:00.000Z'),
      byCo(usedId),
      { type: 'ManagerAdded' as const, payload: { companyId, accountId: thirdId, invitationId: usedId } },
      // Logged before invitations named their sender: nobody's removal revokes it.
      {
        type: 'ManagerInvited' as const,
        payload: { companyId, invitationId: beforeSenders, expiresAt: '2026-03-28T10:00:00.000Z' },
      },
    ];
    spec(given)
      .when({ type: 'RemoveManager', accountId: coId }, now)
      .then([
        { type: 'ManagerRemoved', streamId: companyId, payload: { companyId, accountId: coId } },
        {
          type: 'InvitationRevoked',
          streamId: companyId,
          payload: { invitationId: otherInvitationId, companyId },
        },
      ]);
    // The revocation is folded: the co-manager's own link then answers REVOKED.
    spec([
      ...given,
      { type: 'ManagerRemoved', payload: { companyId, accountId: coId } },
      { type: 'InvitationRevoked', payload: { invitationId: otherInvitationId, companyId } },
    ])
      .when({ type: 'AcceptManagerInvitation', invitationId: otherInvitationId, accountId: coId }, now)
      .thenRejects({
        reason: 'conflict',
        message: 'This invitation cannot be taken up any more',
        code: 'REVOKED',
      });
    // The removed owner's open invitation goes too; the one the co-manager took up stays used.
    const ownersOpenId = '00000000-0000-4000-8000-0000000000e6';
    const ownersOpen = { ...invited, payload: { ...invited.payload, invitationId: ownersOpenId } };
    spec([created, invited, added, ownersOpen, byCo(otherInvitationId)])
      .when({ type: 'RemoveManager', accountId: ownerId }, now)
      .then([
        { type: 'ManagerRemoved', streamId: companyId, payload: { companyId, accountId: ownerId } },
        {
          type: 'InvitationRevoked',
          streamId: companyId,
          payload: { invitationId: ownersOpenId, companyId },
        },
      ]);
  });

  it('invites a known account that does not manage yet, and refuses one who does', () => {
    spec([created])
      .when({ type: 'InviteManager', invitationId, invitedBy: ownerId, accountId: coId }, now)
      .then([{ type: 'ManagerInvited', streamId: companyId, payload: invited.payload }]);
    spec([created, invited, added])
      .when(
        { type: 'InviteManager', invitationId: otherInvitationId, invitedBy: ownerId, accountId: coId },
        now,
      )
      .thenRejects({ reason: 'conflict', message: ALREADY_MANAGER, code: 'ALREADY_MANAGER' });
  });

  it('refuses an invitation taken up by someone who manages already (the creator, invited by a co-manager)', () => {
    spec([created, invited])
      .when({ type: 'AcceptManagerInvitation', invitationId, accountId: ownerId }, now)
      .thenRejects({ reason: 'conflict', message: ALREADY_MANAGER, code: 'ALREADY_MANAGER' });
  });

  it('folds each event once: a repeated creation, invitation or addition changes nothing', () => {
    const fold = (events: Parameters<typeof companyDecider.evolve>[1][]) =>
      events.reduce(companyDecider.evolve, companyDecider.initialState());
    const renamed = { type: 'CompanyCreated' as const, payload: { companyId, name: 'Other', ownerId: coId } };
    expect(fold([created, renamed])).toEqual(fold([created]));
    const revoked = { type: 'InvitationRevoked' as const, payload: { invitationId, companyId } };
    expect(fold([created, invited, revoked, invited]).invitations?.[invitationId]?.state).toBe('revoked');
    expect(fold([created, invited, added, added]).managers).toEqual([ownerId, coId]);
    // A revoked invitation stays revoked when its account is added another way; an addition without a known
    // invitation (or with none at all) adds the manager only.
    expect(fold([created, invited, revoked, added]).invitations?.[invitationId]?.state).toBe('revoked');
    const stray = { ...added, payload: { ...added.payload, invitationId: otherInvitationId } };
    expect(fold([created, stray])).toEqual({ ...fold([created]), managers: [ownerId, coId] });
    expect(fold([created, invited, stray]).invitations).toEqual(fold([created, invited]).invitations);
  });
});
