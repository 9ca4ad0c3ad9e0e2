import { describe, expect, it } from 'vitest';
import { matchIssues } from './form-errors';

describe('matchIssues', () => {
  it('given server issues, when matched to form fields, then each field gets its first issue and the rest is kept', () => {
    const result = matchIssues(
      [
        { path: ['phoneNumber', 'number'], message: 'Not a phone number' },
        { path: ['fullName'], message: 'Too long' },
        { path: ['fullName'], message: 'Second' },
        { path: [], message: 'Something else' },
        { path: ['unknown'], message: 'Unknown field' },
      ],
      { 'phoneNumber.number': 'number', fullName: 'fullName' },
    );
    expect(result.fields).toEqual([
      { name: 'number', message: 'Not a phone number' },
      { name: 'fullName', message: 'Too long' },
    ]);
    expect(result.rest).toEqual(['Something else', 'Unknown field']);
  });
});
