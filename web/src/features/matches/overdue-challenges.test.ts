import { describe, expect, it } from 'vitest';
import { isOverdue, overdueCandidates, type SeasonChallenge } from './overdue-challenges';

describe('overdue challenges (managers)', () => {
  const accepted: SeasonChallenge = {
    challengeId: 'a',
    seasonId: 's1',
    challengerTeamId: 'them',
    defenderTeamId: 'mine',
    state: 'accepted',
    issuedAt: '2026-11-01T10:00:00Z',
    respondBy: '2026-11-08T10:00:00Z',
    // Long past by any browser's clock: only the server's judgement counts.
    playBy: '2000-01-01T12:00:00Z',
    matchId: 'm1',
    overdue: true,
  };

  it('is overdue when the server says so while the match has no result', () => {
    expect(isOverdue(accepted, { status: 'planned' })).toBe(true);
    expect(isOverdue(accepted, undefined)).toBe(true);
    expect(isOverdue(accepted, { status: 'completed' })).toBe(false);
    expect(isOverdue(accepted, { status: 'cancelled' })).toBe(false);
  });

  it('is not overdue when the server says not (whatever the browser clock), or without a match', () => {
    expect(isOverdue({ ...accepted, overdue: false }, { status: 'planned' })).toBe(false);
    expect(isOverdue({ ...accepted, overdue: undefined }, undefined)).toBe(false);
    expect(isOverdue({ ...accepted, matchId: null }, undefined)).toBe(false);
    expect(overdueCandidates([accepted, { ...accepted, challengeId: 'b', overdue: false }])).toEqual([
      accepted,
    ]);
  });
});
