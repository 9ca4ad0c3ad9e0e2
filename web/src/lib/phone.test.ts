import { describe, expect, it } from 'vitest';
import { callingCode, countryForCallingCode, countryName, formatPhone } from './phone';
import { isValidPhone } from './phone-validation';

describe('phone numbers', () => {
  it('given countries, when asking their calling code, then digits without +', () => {
    expect(callingCode('NL')).toBe('31');
    expect(callingCode('US')).toBe('1');
  });

  it('given a calling code, when finding the country, then the first offered one, else NL', () => {
    expect(countryForCallingCode('32')).toBe('BE');
    expect(countryForCallingCode('+1')).toBe('US');
    expect(countryForCallingCode('999')).toBe('NL');
    expect(countryForCallingCode(null)).toBe('NL');
  });

  it('given numbers as typed, when validated for a country, then national and same-country international pass', () => {
    expect(isValidPhone('06 12345678', 'NL')).toBe(true);
    expect(isValidPhone('+31 6 12345678', 'NL')).toBe(true);
    expect(isValidPhone('0612', 'NL')).toBe(false);
    expect(isValidPhone('', 'NL')).toBe(false);
    expect(isValidPhone('+32 470 12 34 56', 'NL')).toBe(false);
    expect(isValidPhone('0470 12 34 56', 'BE')).toBe(true);
  });

  it('given a stored phone, when formatted, then international', () => {
    expect(formatPhone({ countryCode: '31', number: '06 12345678' })).toBe('+31 6 12345678');
    expect(formatPhone({ countryCode: '31', number: 'x' })).toBe('+31 x');
  });

  it('given a locale, when naming a country, then in that language', () => {
    expect(countryName('NL', 'en')).toBe('Netherlands');
    expect(countryName('DE', 'nl')).toBe('Duitsland');
  });
});
