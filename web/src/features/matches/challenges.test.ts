import { describe, expect, it } from 'vitest';
import type { Challenge } from './api/challenges';
import { groupChallenges, isOverdue, opponentTeamId, overdueCandidates } from './challenges';

const challenge = (id: string, state: Challenge['state'], extra: Partial<Challenge> = {}): Challenge => ({
  challengeId: id,
  seasonId: 's1',
  challengerTeamId: 'them',
  defenderTeamId: 'mine',
  state,
  issuedAt: '2026-11-01T10:00:00Z',
  respondBy: '2026-11-08T10:00:00Z',
  ...extra,
});

describe('challenges on My matches', () => {
  it('groups received and sent open challenges, accepted ones not played yet, and the played or answered rest', () => {
    const mine = new Set(['mine']);
    const groups = groupChallenges(
      [
        challenge('a', 'open'),
        challenge('b', 'open', { challengerTeamId: 'mine', defenderTeamId: 'them' }),
        challenge('c', 'accepted'),
        challenge('g', 'accepted', { played: true }),
        challenge('d', 'declined'),
        challenge('e', 'expired'),
        challenge('f', 'withdrawn'),
      ],
      mine,
    );
    expect(groups.received.map((c) => c.challengeId)).toEqual(['a']);
    expect(groups.sent.map((c) => c.challengeId)).toEqual(['b']);
    expect(groups.accepted.map((c) => c.challengeId)).toEqual(['c']);
    expect(groups.earlier.map((c) => c.challengeId)).toEqual(['g', 'd', 'e', 'f']);
    expect(opponentTeamId(challenge('a', 'open'), mine)).toBe('them');
    expect(
      opponentTeamId(challenge('b', 'open', { challengerTeamId: 'mine', defenderTeamId: 'x' }), mine),
    ).toBe('x');
  });
});

describe('overdue challenges (managers)', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const accepted = challenge('a', 'accepted', { playBy: '2026-11-19T12:00:00Z', matchId: 'm1' });

  it('is overdue after its play-by while the match has no result', () => {
    expect(isOverdue(accepted, { status: 'planned' }, now)).toBe(true);
    expect(isOverdue(accepted, undefined, now)).toBe(true);
    expect(isOverdue(accepted, { status: 'completed' }, now)).toBe(false);
    expect(isOverdue(accepted, { status: 'cancelled' }, now)).toBe(false);
  });

  it('is not overdue before its play-by, when not accepted, or without a match', () => {
    expect(isOverdue({ ...accepted, playBy: '2026-11-21T12:00:00Z' }, { status: 'planned' }, now)).toBe(
      false,
    );
    expect(isOverdue({ ...accepted, state: 'open' }, undefined, now)).toBe(false);
    expect(isOverdue({ ...accepted, matchId: null }, undefined, now)).toBe(false);
    expect(overdueCandidates([accepted, { ...accepted, challengeId: 'b', playBy: null }], now)).toEqual([
      accepted,
    ]);
  });

  it('reads a play-by date without time as the end of that day', () => {
    expect(isOverdue({ ...accepted, playBy: '2026-11-20' }, undefined, now)).toBe(false);
    expect(isOverdue({ ...accepted, playBy: '2026-11-19' }, undefined, now)).toBe(true);
  });
});
