import { describe, expect, it } from 'vitest';
import { isGuessablePassword } from './guessable-passwords.ts';

describe('guessable passwords', () => {
  it('are the most used ones, whatever their case', () => {
    expect(isGuessablePassword('1234567890')).toBe(true);
    expect(isGuessablePassword('QwertyUiop')).toBe(true);
    expect(isGuessablePassword('password')).toBe(true);
  });

  it('are one character over and over, also one outside the basic plane', () => {
    expect(isGuessablePassword('aaaaaaaaaa')).toBe(true);
    expect(isGuessablePassword('🎾🎾🎾🎾🎾🎾🎾🎾🎾🎾')).toBe(true);
    expect(isGuessablePassword('')).toBe(true);
  });

  it('are not a password of the right length with two different characters', () => {
    expect(isGuessablePassword('aaaaaaaaab')).toBe(false);
    expect(isGuessablePassword('correct horse battery')).toBe(false);
    expect(isGuessablePassword('1234567891')).toBe(false);
  });
});
