import { describe, expect, it } from 'vitest';
import { formerClubs, parseMemory } from './managed-clubs';

const ace = { id: 'a', name: 'TC Ace' };
const baseline = { id: 'b', name: 'TC Baseline' };

describe('the clubs a manager no longer manages', () => {
  it('are the remembered clubs of the same account that are no longer among its clubs', () => {
    const memory = { accountId: 'me', clubs: [ace, baseline] };
    expect(formerClubs(memory, 'me', [baseline])).toEqual([ace]);
    expect(formerClubs(memory, 'me', [])).toEqual([ace, baseline]);
    expect(formerClubs(memory, 'me', [ace, baseline])).toEqual([]);
  });

  it('are none for another account on the same browser, or without a memory', () => {
    expect(formerClubs({ accountId: 'someone else', clubs: [ace] }, 'me', [])).toEqual([]);
    expect(formerClubs(undefined, 'me', [])).toEqual([]);
  });

  it('are read from what was stored, leaving out what is not a club', () => {
    expect(parseMemory(JSON.stringify({ accountId: 'me', clubs: [ace, { id: 3 }, null] }))).toEqual({
      accountId: 'me',
      clubs: [ace],
    });
    expect(parseMemory('not json')).toBeUndefined();
    expect(parseMemory(JSON.stringify({ clubs: [] }))).toBeUndefined();
    expect(parseMemory(null)).toBeUndefined();
  });
});
