import { describe, expect, it } from 'vitest';
import { prepared } from './prepared.ts';

describe('prepared statements', () => {
  it('gives one text one name, wherever it is used, and two texts two names', () => {
    const first = prepared('SELECT 1 WHERE $1::int > 0', [1]);
    const again = prepared('SELECT 1 WHERE $1::int > 0', [2]);
    const other = prepared('SELECT 2 WHERE $1::int > 0', [1]);

    expect(first).toEqual({
      name: expect.stringMatching(/^s_[\w-]{20}$/),
      text: 'SELECT 1 WHERE $1::int > 0',
      values: [1],
    });
    expect(again).toEqual({ ...first, values: [2] });
    expect(other.name).not.toBe(first.name);
  });
});
