import { describe, expect, it } from 'vitest';
import { issueXsrfToken, xsrfTokenIsValid } from './xsrf.ts';

describe('anti-forgery tokens', () => {
  it('are all different, each valid for its own session only (beyond one batch of random bytes)', () => {
    const tokens = Array.from({ length: 600 }, () => issueXsrfToken('secret', 'session-a'));

    expect(new Set(tokens).size).toBe(600);
    expect(new Set(tokens.map((token) => token.split('.')[0])).size).toBe(600);
    expect(tokens.every((token) => xsrfTokenIsValid('secret', 'session-a', token))).toBe(true);
    expect(tokens.some((token) => xsrfTokenIsValid('secret', 'session-b', token))).toBe(false);
    expect(tokens.some((token) => xsrfTokenIsValid('other secret', 'session-a', token))).toBe(false);
    expect(tokens[0]!.split('.')[0]).toMatch(/^[\w-]{22}$/); // 16 random bytes
  });

  it('refuses a token with a changed nonce, a missing part or an extra part', () => {
    const token = issueXsrfToken('secret', '');
    const [nonce, signature] = token.split('.') as [string, string];
    const changed = `${nonce.startsWith('A') ? 'B' : 'A'}${nonce.slice(1)}.${signature}`;

    for (const bad of [changed, nonce, `${token}.x`, `.${signature}`, ''])
      expect(xsrfTokenIsValid('secret', '', bad)).toBe(false);
  });
});
