import { describe, expect, it } from 'vitest';
import { digitsOnly, formatNumberInput, parseNumberInput } from './number-input';

describe('number-only input', () => {
  it('strips every non-digit character', () => {
    expect(digitsOnly('1a2-3 .4')).toBe('1234');
    expect(digitsOnly('-5')).toBe('5');
    expect(digitsOnly('abc')).toBe('');
  });

  it('gives null when empty and a decimal number otherwise', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('x')).toBeNull();
    expect(parseNumberInput('007')).toBe(7);
    expect(parseNumberInput('12')).toBe(12);
  });

  it('formats values back', () => {
    expect(formatNumberInput(null)).toBe('');
    expect(formatNumberInput(3)).toBe('3');
    expect(formatNumberInput(0)).toBe('0');
  });
});
