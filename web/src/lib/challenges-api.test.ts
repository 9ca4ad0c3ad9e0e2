import { describe, expect, it } from 'vitest';
import { refusalMessages } from '@courtside/events/challenges/decider';
import { challengeRefusals, refusalOf } from './challenges-api';

describe('a refused challenge (409 {error, reason})', () => {
  it('knows every reason code the api gives', () => {
    expect([...challengeRefusals].sort()).toEqual(Object.keys(refusalMessages).sort());
  });

  it('reads the reason of an answer, and nothing from an answer without one', () => {
    expect(
      refusalOf({ error: 'This team stands too far above you to challenge', reason: 'OUT_OF_RANGE' }),
    ).toBe('OUT_OF_RANGE');
    expect(refusalOf({ error: 'No such season' })).toBeUndefined();
    expect(refusalOf({ reason: 'SOMETHING_NEW' })).toBeUndefined();
    expect(refusalOf('text')).toBeUndefined();
  });
});
