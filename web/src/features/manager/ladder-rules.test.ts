import { describe, expect, it } from 'vitest';
import { defaultLadderRules, ladderRulesInputSchema } from '@courtside/events/ladders/rules';
import { isNumberRule, ruleFieldOf, ruleLimits, ruleNumberFields, rulesFormValues } from './ladder-rules';

describe('the ladder rules of the season form', () => {
  it.each(ruleNumberFields)('the limits of %s are the ones the api enforces', (field) => {
    const { min, max } = ruleLimits[field];
    const accepts = (value: number) => ladderRulesInputSchema.safeParse({ [field]: value }).success;
    expect([accepts(min - 1), accepts(min), accepts(max), accepts(max + 1), accepts(min + 0.5)]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('a new season starts with the defaults; a season keeps its own rules', () => {
    expect(rulesFormValues(undefined)).toEqual(defaultLadderRules);
    expect(rulesFormValues({ ...defaultLadderRules, movement: 'SWAP', challengeRange: 0 })).toMatchObject({
      movement: 'SWAP',
      challengeRange: 0,
      playDays: 14,
    });
  });

  it('finds the rule an issue path names, from the server or the resolver', () => {
    expect(ruleFieldOf(['rules', 'playDays'])).toBe('playDays');
    expect(ruleFieldOf('rules.movement')).toBe('movement');
    expect(ruleFieldOf(['rules'])).toBeUndefined();
    expect(ruleFieldOf(['rules', 'unknown'])).toBeUndefined();
    expect(ruleFieldOf(['name'])).toBeUndefined();
    expect(ruleFieldOf(['playDays'])).toBeUndefined();
  });

  it('tells number rules from the others', () => {
    expect(isNumberRule('confirmHours')).toBe(true);
    expect(isNumberRule('movement')).toBe(false);
    expect(isNumberRule('declineIsWalkover')).toBe(false);
  });
});
