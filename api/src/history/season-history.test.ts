import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@courtside/events/envelope';
import { initialSeasonHistory, type SeasonHistoryState } from '@courtside/events/history/season-fold';
import { summaryOf } from './season-history.ts';
import { dayIn } from './summary-texts.ts';

const [ann, cas] = ['acc-ann', 'acc-cas'];
const team = (teamId: string, memberId: string, position: number) => ({
  teamId,
  memberIds: [memberId],
  status: 'active' as const,
  position,
  movement: 0,
  joinDate: '2026-11-01',
  leaveDate: null,
});
/** A season with Ann (#1) defending against Cas (#2) in match m1. */
const state: SeasonHistoryState = {
  ...initialSeasonHistory(),
  teams: { top: team('top', ann, 1), bottom: team('bottom', cas, 2) },
  order: ['top', 'bottom'],
  matches: {
    m1: {
      matchId: 'm1',
      defenderId: 'top',
      challengerId: 'bottom',
      status: 'planned',
      defender: { matchSets: [], special: 'none' },
      challenger: { matchSets: [], special: 'none' },
      winner: null,
      date: null,
      confirmation: { state: 'confirmed' },
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    },
  },
};
const names = new Map([
  [ann, 'Ann Ace'],
  [cas, 'Cas Volley'],
]);
const live = (type: string, payload: Record<string, unknown>) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    type,
    schemaVersion: 1,
    companyId: 'c1',
    streamId: 'm1',
    actorId: ann,
    occurredAt: '2026-11-20T10:05:00.000Z',
    correlationId: 'x',
    payload: { matchId: 'm1', seasonId: 's1', ladderId: 'l1', ...payload },
  }) as EventEnvelope;

describe('a season’s history in words: live scoring', () => {
  it('says whose point it was and which, and which point was taken back, in the auditor’s language', () => {
    const said = (event: EventEnvelope, language: 'en' | 'nl' = 'en') =>
      summaryOf(event, state, state, names, language);
    expect(said(live('LiveScoringStarted', { firstServer: 'defender', noAd: false, finalSet: 'SET' }))).toBe(
      'Live scoring of Ann Ace vs Cas Volley started',
    );
    expect(said(live('PointScored', { seq: 7, winner: 'challenger' }))).toBe('Point 7 to Cas Volley');
    expect(said(live('PointScored', { seq: 8, winner: 'defender' }), 'nl')).toBe('Punt 8 voor Ann Ace');
    expect(said(live('PointUndone', { seq: 8 }))).toBe('Point 8 taken back');
    expect(said(live('PointUndone', { seq: 8 }), 'nl')).toBe('Punt 8 teruggenomen');
    expect(said(live('ResultWithdrawn', { withdrawnBy: 'x' }))).toBe(
      'Result Ann Ace vs Cas Volley taken back with its last point',
    );
    expect(said(live('ResultWithdrawn', { withdrawnBy: 'x' }), 'nl')).toBe(
      'Uitslag Ann Ace tegen Cas Volley met het laatste punt teruggenomen',
    );
  });
});

describe('a season’s history in words: partner requests', () => {
  it('names the request and its end in English and Dutch, never the person asked', () => {
    const said = (type: string, language: 'en' | 'nl') =>
      summaryOf(live(type, { requestId: 'r1', teamId: 't1' }), state, state, names, language);
    expect(
      ['PartnerRequested', 'PartnerRequestDeclined', 'PartnerRequestLapsed'].map((type) => said(type, 'en')),
    ).toEqual(['Partner request sent', 'Partner request declined', 'Partner request lapsed']);
    expect(
      [
        'PartnerRequested',
        'PartnerRequestAccepted',
        'PartnerRequestDeclined',
        'PartnerRequestWithdrawn',
        'PartnerRequestLapsed',
      ].map((type) => said(type, 'nl')),
    ).toEqual([
      'Partnerverzoek verstuurd',
      'Partnerverzoek geaccepteerd',
      'Partnerverzoek geweigerd',
      'Partnerverzoek ingetrokken',
      'Partnerverzoek verlopen',
    ]);
  });
});

describe('a season’s history in words: a manager’s invitations', () => {
  it('names each invitation event in English and Dutch, never the address', () => {
    const said = (type: string, language: 'en' | 'nl') =>
      summaryOf(live(type, { invitationId: 'i1', teamId: 't1' }), state, state, names, language);
    const types = ['PlayersInvited', 'InvitationRevoked', 'InvitationAccepted'];
    expect(types.map((type) => said(type, 'en'))).toEqual([
      'Players invited',
      'Invitation revoked',
      'Invitation accepted',
    ]);
    expect(types.map((type) => said(type, 'nl'))).toEqual([
      'Spelers uitgenodigd',
      'Uitnodiging ingetrokken',
      'Uitnodiging geaccepteerd',
    ]);
  });
});

describe('a season’s history in words: a pause', () => {
  it('writes the first day back as a date of the auditor’s language, not as the raw day', () => {
    const paused = {
      ...live('TeamPaused', { teamId: 'bottom', from: '2026-11-20', until: '2026-12-04' }),
      streamId: 's1',
    } as EventEnvelope;
    expect(summaryOf(paused, state, state, names, 'en')).toBe('Cas Volley paused until 4 Dec 2026');
    expect(summaryOf(paused, state, state, names, 'nl')).toBe('Cas Volley gepauzeerd tot 4 dec. 2026');
  });

  it('leaves a value that is not a day as it is', () => {
    expect(dayIn('en', '2026-08-12')).toBe('12 Aug 2026');
    expect(dayIn('nl', '2026-03-01')).toBe('1 mrt. 2026');
    expect(dayIn('en', 'soon')).toBe('soon');
    expect(dayIn('en', '2026-13-45')).toBe('2026-13-45');
    expect(dayIn('nl', '2026-02-30')).toBe('2026-02-30');
  });
});
