import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../lib/challenges-api';
import { groupChallenges, opponentTeamId } from './challenge-groups';

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
