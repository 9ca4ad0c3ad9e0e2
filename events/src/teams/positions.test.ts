import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptTeam, dropBelow, leapfrog, moveTeam, removeTeam, swapTeams } from './positions.ts';

describe('ladder positions', () => {
  it('given three teams, when a fourth is accepted, then it is at position 4', () => {
    expect(acceptTeam(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('given a team already in the ladder, when it is accepted again, then nothing moves', () => {
    expect(acceptTeam(['a', 'b'], 'a')).toEqual(['a', 'b']);
  });

  it('given four teams, when #2 is removed, then #3 and #4 move up', () => {
    expect(removeTeam(['a', 'b', 'c', 'd'], 'b')).toEqual(['a', 'c', 'd']);
  });

  it.each([
    [['a', 'b', 'c', 'd', 'e'], 'd', 2, ['a', 'd', 'b', 'c', 'e']],
    [['a', 'b', 'c', 'd', 'e'], 'b', 4, ['a', 'c', 'd', 'b', 'e']],
    [['a', 'b', 'c'], 'c', 1, ['c', 'a', 'b']],
    [['a', 'b', 'c'], 'a', 99, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 'b', 0, ['b', 'a', 'c']],
  ])('given %j, when %s moves to %i, then the order is %j', (order, team, position, expected) => {
    expect(moveTeam(order, team, position)).toEqual(expected);
  });

  it('given a challenger at #5 beating the defender at #2, then it takes #2 and #2..#4 move down one', () => {
    expect(leapfrog(['a', 'b', 'c', 'd', 'e'], 'e', 'b', 'e')).toEqual(['a', 'e', 'b', 'c', 'd']);
  });

  it('given the defender wins, or a challenger that stood above wins, then nobody moves', () => {
    expect(leapfrog(['a', 'b', 'c'], 'b', 'b', 'c')).toEqual(['a', 'b', 'c']);
    expect(leapfrog(['a', 'b', 'c'], 'a', 'c', 'a')).toEqual(['a', 'b', 'c']);
  });

  it('keeps positions 1..N without gaps or doubles under any sequence of accept, remove, move and match results', () => {
    const teams = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'];
    const team = fc.constantFrom(...teams);
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('accept' as const), team }),
      fc.record({ kind: fc.constant('remove' as const), team }),
      fc.record({ kind: fc.constant('move' as const), team, position: fc.integer({ min: -3, max: 12 }) }),
      fc.record({
        kind: fc.constant('match' as const),
        defender: team,
        challenger: team,
        challengerWins: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        let order: string[] = [];
        const active = new Set<string>();
        for (const op of operations) {
          if (op.kind === 'accept') {
            order = acceptTeam(order, op.team);
            active.add(op.team);
          } else if (op.kind === 'remove') {
            order = removeTeam(order, op.team);
            active.delete(op.team);
          } else if (op.kind === 'move') {
            order = moveTeam(order, op.team, op.position);
          } else {
            const winner = op.challengerWins ? op.challenger : op.defender;
            order = leapfrog(order, winner, op.defender, op.challenger);
          }
          // positions are the indexes + 1: exactly the active teams, each once, so 1..N without gaps
          expect(new Set(order).size).toBe(order.length);
          expect([...order].sort()).toEqual([...active].sort());
        }
      }),
    );
  });

  it('given the defender at #1 beaten by a challenger below, then the challenger takes #1', () => {
    expect(leapfrog(['a', 'b', 'c'], 'c', 'a', 'c')).toEqual(['c', 'a', 'b']);
  });

  it('given a defender or a challenger that is not in the ladder (any more), then nobody moves', () => {
    expect(leapfrog(['a', 'b', 'c'], 'c', 'gone', 'c')).toEqual(['a', 'b', 'c']);
    expect(leapfrog(['a', 'b', 'c'], 'gone', 'a', 'gone')).toEqual(['a', 'b', 'c']);
  });
});

describe('swapTeams and dropBelow', () => {
  it('given two teams in the order, when they swap, then they trade places and nobody else moves', () => {
    expect(swapTeams(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'c', 'b']);
  });

  it('given a team not in the order, when swapping, then nobody moves', () => {
    expect(swapTeams(['a', 'b'], 'a', 'x')).toEqual(['a', 'b']);
  });

  it('given the team that passes it stands right below, when a team drops, then they trade places; otherwise nothing', () => {
    expect(dropBelow(['a', 'b', 'c'], 'a', 'b')).toEqual(['b', 'a', 'c']);
    expect(dropBelow(['a', 'b', 'c'], 'a', 'c')).toEqual(['a', 'b', 'c']);
    expect(dropBelow(['a', 'b', 'c'], 'c', 'a')).toEqual(['a', 'b', 'c']);
  });
});
