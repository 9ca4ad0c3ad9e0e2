import { describe, expect, it } from 'vitest';
import { parsePhone } from '../../events/src/accounts/phone.ts';
import { defaultLadderRules, rulesOf, withRules } from '../../events/src/ladders/rules.ts';
import { halfScoredMessage, halfScoredSets } from '../../events/src/matches/scoring.ts';

describe('a set scored for one side only (refused with 400, never saved)', () => {
  const sides = (...scores: Array<number | null>) => ({ matchSets: scores.map((score) => ({ score })) });

  it('names each set, counted from 1, that has a score for one side only, and which side lacks it', () => {
    expect(halfScoredSets(sides(6, null, 3, null), sides(4, 6, null, null))).toEqual([
      { order: 2, missing: 'defender' },
      { order: 3, missing: 'challenger' },
    ]);
  });

  it('counts the sets of the side with more: a set the other side left out lacks that side’s score', () => {
    expect(halfScoredSets(sides(6), sides(4, 6))).toEqual([{ order: 2, missing: 'defender' }]);
    expect(halfScoredSets(sides(6, 2), sides(4))).toEqual([{ order: 2, missing: 'challenger' }]);
    expect(halfScoredSets(sides(6, 6), sides(4, 3))).toEqual([]);
  });

  it('says which set needs a score', () => {
    expect(halfScoredMessage(2)).toBe('Set 2 needs a score for both sides');
  });
});

describe('a ladder’s rules (DESIGN.md §5)', () => {
  it('stored rules are the defaults where nothing was stored', () => {
    expect(rulesOf(null)).toEqual(defaultLadderRules);
    expect(rulesOf(undefined)).toEqual(defaultLadderRules);
    expect(rulesOf({ challengeRange: 5 })).toEqual({ ...defaultLadderRules, challengeRange: 5 });
  });

  it('a change replaces the fields it gives; a field given as undefined keeps its value', () => {
    const current = { ...defaultLadderRules, playDays: 21 };
    expect(withRules(current, { responseDays: 3, playDays: undefined })).toEqual({
      ...current,
      responseDays: 3,
    });
  });
});

describe('a phone number as typed', () => {
  it('with a country code typed after spaces, the typed country wins over the account’s', () => {
    expect(parsePhone('31', '  +44 20 7946 0958 ')).toEqual({ countryCode: '44', number: '2079460958' });
  });

  it('a plus typed after the number is no country code: the account’s country applies', () => {
    expect(parsePhone('31', '06 12345678+')).toEqual({ countryCode: '31', number: '612345678' });
  });
});
