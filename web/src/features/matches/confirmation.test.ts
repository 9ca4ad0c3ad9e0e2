import { describe, expect, it } from 'vitest';
import { matchSchema, type Match } from './api/matches';
import { confirmationView, enteredSide, mayCancelMatch } from './model';

function aMatch(
  confirmation: unknown,
  {
    me,
    winner,
    status = 'completed',
  }: { me?: 'p1' | 'p2'; winner?: 'defender' | 'challenger'; status?: string } = {},
): Match {
  const team = (id: string, side: 'defender' | 'challenger') => ({
    teamId: `t-${id}`,
    members: [{ id, name: id === 'p1' ? 'Ann Smith' : 'Bob Jones', itsMe: me === id }],
    winner: winner === side,
  });
  return matchSchema.parse({
    id: 'm1',
    status,
    sportsCategory: 'TENNISSINGLE',
    defender: team('p1', 'defender'),
    challenger: team('p2', 'challenger'),
    ...(confirmation === undefined ? {} : { confirmation }),
  });
}

describe('result confirmation on the card', () => {
  it('shows nothing for a confirmed result, a match without confirmation, or a cancelled match', () => {
    expect(confirmationView(aMatch({ state: 'confirmed' }))).toEqual({ kind: 'none' });
    expect(confirmationView(aMatch(undefined))).toEqual({ kind: 'none' });
    expect(confirmationView(aMatch({ state: 'pending', side: 'defender' }, { status: 'cancelled' }))).toEqual(
      {
        kind: 'none',
      },
    );
  });

  it('waits for the side that did not enter the result, until dueAt', () => {
    const match = aMatch({
      state: 'pending',
      side: 'defender',
      dueAt: '2026-11-24T14:00:00Z',
      enteredBy: 'p1',
    });
    expect(confirmationView(match)).toEqual({
      kind: 'pending',
      waitingFor: 'challenger',
      dueAt: '2026-11-24T14:00:00Z',
      canAnswer: false,
    });
  });

  it('lets only a member of the other side confirm or dispute', () => {
    const pending = { state: 'pending', side: 'challenger' };
    expect(confirmationView(aMatch(pending, { me: 'p1' }))).toMatchObject({
      waitingFor: 'defender',
      canAnswer: true,
    });
    expect(confirmationView(aMatch(pending, { me: 'p2' }))).toMatchObject({ canAnswer: false });
    expect(confirmationView(aMatch(pending))).toMatchObject({ canAnswer: false });
  });

  it('finds the entering side from enteredBy when side is missing', () => {
    expect(enteredSide(aMatch({ state: 'pending', enteredBy: 'p2' }))).toBe('challenger');
    expect(enteredSide(aMatch({ state: 'pending', enteredBy: 'someone-else' }))).toBeNull();
    expect(confirmationView(aMatch({ state: 'pending', enteredBy: 'p2' }, { me: 'p1' }))).toMatchObject({
      waitingFor: 'defender',
      canAnswer: true,
    });
  });

  it('says a disputed result waits for a manager', () => {
    expect(confirmationView(aMatch({ state: 'disputed', side: 'defender' }, { me: 'p2' }))).toEqual({
      kind: 'disputed',
    });
  });
});

describe('who may cancel a match', () => {
  it('lets a player cancel only a match without a winner; a manager always', () => {
    expect(mayCancelMatch(aMatch(undefined, { status: 'planned' }), false)).toBe(true);
    expect(
      mayCancelMatch(aMatch({ state: 'pending', side: 'defender' }, { winner: 'defender' }), false),
    ).toBe(false);
    expect(mayCancelMatch(aMatch(undefined, { winner: 'challenger' }), false)).toBe(false);
    expect(mayCancelMatch(aMatch(undefined, { winner: 'challenger' }), true)).toBe(true);
  });
});
