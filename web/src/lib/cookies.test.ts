import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('given several cookies, when reading one by name, then returns its value', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc.def; courtside.loggedin=true', 'XSRF-TOKEN')).toBe('abc.def');
  });

  it('given no such cookie, when reading it, then returns undefined', () => {
    expect(readCookie('a=1; b=2', 'XSRF-TOKEN')).toBeUndefined();
    expect(readCookie('', 'XSRF-TOKEN')).toBeUndefined();
  });

  it('given a percent-encoded value, when reading it, then decodes it', () => {
    expect(readCookie('XSRF-TOKEN=a%2Bb%3D%3D', 'XSRF-TOKEN')).toBe('a+b==');
  });

  it('given a malformed encoding, when reading it, then returns the raw value', () => {
    expect(readCookie('t=100%', 't')).toBe('100%');
  });

  it('given a quoted value, when reading it, then strips the quotes', () => {
    expect(readCookie('t="x y"', 't')).toBe('x y');
  });

  it('given a cookie whose name is a suffix of another, when reading, then matches the exact name only', () => {
    expect(readCookie('MY-XSRF-TOKEN=wrong; XSRF-TOKEN=right', 'XSRF-TOKEN')).toBe('right');
  });

  it('given a value containing "=", when reading it, then keeps everything after the first "="', () => {
    expect(readCookie('t=a=b=c', 't')).toBe('a=b=c');
  });
});
