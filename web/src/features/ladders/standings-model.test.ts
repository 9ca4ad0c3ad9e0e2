import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../lib/challenges-api';
import { acceptDate, challengeChip, holdsPlace, movementOf, withOpenChallenges } from './standings-model';

const rows = [
  { teamId: 'a', position: 1 },
  { teamId: 'b', position: 2 },
  { teamId: 'c', position: 3 },
];
const open: Challenge = {
  challengeId: 'x',
  seasonId: 's',
  challengerTeamId: 'c',
  defenderTeamId: 'a',
  state: 'open',
  issuedAt: '2026-11-20T10:00:00.000Z',
  respondBy: '2026-11-27T10:00:00.000Z',
};

describe('the standings rows', () => {
  it('shows a move up or down, and nothing for a team that never moved', () => {
    expect(movementOf(2)).toEqual({ direction: 'up', count: 2 });
    expect(movementOf(-1)).toEqual({ direction: 'down', count: 1 });
    expect(movementOf(0)).toBeUndefined();
  });

  it('the challenged row says who challenged it; its members may accept or decline', () => {
    expect(challengeChip({ teamId: 'a' }, open, rows, new Set(['a']))).toEqual({
      kind: 'challengedBy',
      otherPosition: 3,
      deadline: open.respondBy,
      matchId: undefined,
      actions: ['accept', 'decline'],
    });
    expect(challengeChip({ teamId: 'a' }, open, rows, new Set(['b'])).actions).toEqual([]);
  });

  it('the challenger’s row names the challenged team; its members may withdraw while open', () => {
    expect(challengeChip({ teamId: 'c' }, open, rows, new Set(['c']))).toEqual({
      kind: 'challenging',
      otherPosition: 1,
      deadline: open.respondBy,
      matchId: undefined,
      actions: ['withdraw'],
    });
    expect(challengeChip({ teamId: 'c' }, open, rows, new Set()).actions).toEqual([]);
  });

  it('an accepted challenge is a planned match on both rows, without answers, leading to its match', () => {
    const accepted = { ...open, state: 'accepted', playBy: '2026-12-04T10:00:00.000Z', matchId: 'm' };
    expect(challengeChip({ teamId: 'a' }, accepted, rows, new Set(['a', 'c']))).toEqual({
      kind: 'matchPlanned',
      otherPosition: 3,
      deadline: accepted.playBy,
      matchId: 'm',
      actions: [],
    });
    expect(challengeChip({ teamId: 'c' }, accepted, rows, new Set()).otherPosition).toBe(1);
  });

  it('once its result is entered, the chip says it waits for confirmation, or that it is disputed', () => {
    const accepted = { ...open, state: 'accepted', playBy: '2026-12-04T10:00:00.000Z', matchId: 'm' };
    expect(challengeChip({ teamId: 'a' }, { ...accepted, result: 'pending' }, rows, new Set()).kind).toBe(
      'resultPending',
    );
    expect(challengeChip({ teamId: 'c' }, { ...accepted, result: 'disputed' }, rows, new Set()).kind).toBe(
      'resultDisputed',
    );
  });

  it('takes a date-time input as the api wants it; empty is no date', () => {
    expect(acceptDate('2026-11-28T18:30')).toBe('2026-11-28T18:30');
    expect(acceptDate('2026-11-28T18:30:00')).toBe('2026-11-28T18:30');
    expect(acceptDate('')).toBeUndefined();
  });
});

type Row = { teamId: string; position: number; challenge?: Challenge; canChallenge?: boolean };

describe('a signed-out visitor’s standings', () => {
  const declined = {
    ...open,
    challengeId: 'y',
    state: 'declined',
    challengerTeamId: 'b',
    defenderTeamId: 'a',
  };
  const accepted = {
    ...open,
    challengeId: 'z',
    state: 'accepted',
    challengerTeamId: 'b',
    defenderTeamId: 'a',
  };

  it('show the open challenges of the season on both rows, not the ended or accepted ones', () => {
    const anonymous: Row[] = rows.map((row) => ({ ...row }));
    const shown = withOpenChallenges(anonymous, [declined, accepted, open]);
    expect(shown.map((row) => row.challenge?.challengeId)).toEqual(['x', undefined, 'x']);
  });

  it('leave a signed-in caller’s rows as the api gave them', () => {
    const signedIn: Row[] = rows.map((row) => ({ ...row, canChallenge: false }));
    expect(withOpenChallenges(signedIn, [open]).map((row) => row.challenge)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('holdsPlace', () => {
  it('counts a waiting, an active and an awaiting-partner team, not a rejected one or one that left', () => {
    const held = ['waiting', 'active', 'awaiting-partner', 'rejected', 'left'].filter((status) =>
      holdsPlace({ status }),
    );
    expect(held).toEqual(['waiting', 'active', 'awaiting-partner']);
  });
});
