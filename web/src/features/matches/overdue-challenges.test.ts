import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../lib/challenges-api';
import { isOverdue, overdueCandidates } from './overdue-challenges';

describe('overdue challenges (managers)', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const accepted: Challenge = {
    challengeId: 'a',
    seasonId: 's1',
    challengerTeamId: 'them',
    defenderTeamId: 'mine',
    state: 'accepted',
    issuedAt: '2026-11-01T10:00:00Z',
    respondBy: '2026-11-08T10:00:00Z',
    playBy: '2026-11-19T12:00:00Z',
    matchId: 'm1',
  };

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
