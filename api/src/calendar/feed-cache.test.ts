import { describe, expect, it } from 'vitest';
import { FeedCache } from './feed-cache.ts';

describe('the feed cache', () => {
  it('writes a feed again only when its inputs changed', () => {
    const cache = new FeedCache();
    let made = 0;
    const make = (text: string) => () => {
      made++;
      return text;
    };
    expect(cache.textFor({ rows: [1] }, make('a'))).toBe('a');
    expect(cache.textFor({ rows: [1] }, make('ignored'))).toBe('a');
    expect(cache.textFor({ rows: [2] }, make('b'))).toBe('b');
    expect(made).toBe(2);
  });

  it('lets the least recently used texts go past its size', () => {
    const cache = new FeedCache(10);
    cache.textFor('one', () => '1234');
    cache.textFor('two', () => '5678');
    cache.textFor('one', () => 'not made');
    cache.textFor('three', () => 'abcd');
    expect(cache.size).toBe(2);
    expect(cache.textFor('one', () => 'made again')).toBe('1234');
    expect(cache.textFor('two', () => 'made again')).toBe('made again');
    expect(cache.textFor('huge', () => 'x'.repeat(11))).toHaveLength(11);
    expect(cache.size).toBeLessThanOrEqual(2);
  });
});
