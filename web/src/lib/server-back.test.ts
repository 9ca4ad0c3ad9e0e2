import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { passesWhenTheServerIsBack } from './server-back';

describe('errors that pass once the server is back', () => {
  it('given no answer, a gateway error or code that could not be fetched, when checked, then they pass', () => {
    expect(
      passesWhenTheServerIsBack(new ApiError({ status: 0, error: 'Network error', kind: 'network' })),
    ).toBe(true);
    expect(passesWhenTheServerIsBack(new ApiError({ status: 503, error: 'Unavailable' }))).toBe(true);
    expect(
      passesWhenTheServerIsBack(
        new TypeError('Failed to fetch dynamically imported module: http://x/webapps/assets/Page-1.js'),
      ),
    ).toBe(true);
    expect(passesWhenTheServerIsBack(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('given what the server meant or a bug in the page, when checked, then they do not pass by waiting', () => {
    expect(passesWhenTheServerIsBack(new ApiError({ status: 500, error: 'Internal' }))).toBe(false);
    expect(passesWhenTheServerIsBack(new ApiError({ status: 403, error: 'Forbidden' }))).toBe(false);
    expect(
      passesWhenTheServerIsBack(new TypeError("Cannot read properties of undefined (reading 'state')")),
    ).toBe(false);
    expect(passesWhenTheServerIsBack(new Error('boom'))).toBe(false);
    expect(passesWhenTheServerIsBack(undefined)).toBe(false);
  });
});
