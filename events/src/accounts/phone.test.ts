import { describe, expect, it } from 'vitest';
import { parsePhone } from './phone.ts';

describe('parsePhone', () => {
  it.each([
    ['31', '06 12345678', { countryCode: '31', number: '612345678' }],
    ['31', '0612345678', { countryCode: '31', number: '612345678' }],
    ['31', '+32 470 12 34 56', { countryCode: '32', number: '470123456' }],
    ['44', '07911 123456', { countryCode: '44', number: '7911123456' }],
    ['1', '(201) 555-0123', { countryCode: '1', number: '2015550123' }],
  ])('given country %s and "%s", when parsed, then it is %j', (countryCode, typed, expected) => {
    expect(parsePhone(countryCode, typed)).toEqual(expected);
  });

  it.each([
    ['31', '12'],
    ['31', 'not a number'],
    ['31', '06 1234'],
  ])('given country %s and "%s", when parsed, then it is not a valid number', (countryCode, typed) => {
    expect(parsePhone(countryCode, typed)).toBeUndefined();
  });
});
