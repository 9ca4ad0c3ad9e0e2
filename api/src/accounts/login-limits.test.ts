import { describe, expect, it } from 'vitest';
import { addressKey, loginLimits } from './login-limits.ts';
import { decideAttempt, undoAttempt, type Counter, type RateLimit } from './rate-limit.ts';

const MINUTE = 60_000;
const start = new Date('2026-03-01T10:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

/** Counters in memory, moved on exactly as the limiter moves them in Postgres. */
class Counters {
  readonly map = new Map<string, Counter>();
  /** One failed sign-in: allowed (and counted), or the seconds to wait. */
  attempt(limits: readonly RateLimit[], now: Date): 'allowed' | number {
    const decision = decideAttempt(limits, this.map, now);
    if (!decision.allowed) return Math.ceil(decision.retryAfterMs / 1000);
    for (const counter of decision.counters) this.map.set(counter.key, counter);
    return 'allowed';
  }
  undo(limits: readonly RateLimit[]): void {
    for (const counter of undoAttempt(limits, this.map)) this.map.set(counter.key, counter);
  }
}

const failures = (counters: Counters, limits: readonly RateLimit[], times: number, now = start) =>
  Array.from({ length: times }, () => counters.attempt(limits, now));

describe('sign-in limits', () => {
  it('given 5 failures of one account from one address, then that pair waits 1, 2, 4, 8, 15, 15 minutes', () => {
    const counters = new Counters();
    const { all } = loginLimits('ann@example.test', '203.0.113.7');

    expect(failures(counters, all, 5)).toEqual(Array(5).fill('allowed'));
    const waits: number[] = [];
    let now = start;
    for (let round = 0; round < 6; round++) {
      const wait = counters.attempt(all, now);
      if (wait === 'allowed') throw new Error('not blocked');
      waits.push(wait / 60);
      now = new Date(now.getTime() + wait * 1000);
      expect(counters.attempt(all, now)).toBe('allowed');
    }

    expect(waits).toEqual([1, 2, 4, 8, 15, 15]);
  });

  it('given a pair blocked at one address, then the same account from another address and another account from the same address may still try', () => {
    const counters = new Counters();
    failures(counters, loginLimits('ann@example.test', '203.0.113.7').all, 5);

    expect(counters.attempt(loginLimits('ann@example.test', '203.0.113.7').all, start)).toBe(60);
    expect(counters.attempt(loginLimits('ann@example.test', '198.51.100.1').all, start)).toBe('allowed');
    expect(counters.attempt(loginLimits('bob@example.test', '203.0.113.7').all, start)).toBe('allowed');
  });

  it('given 20 failures of one account from many addresses in 15 minutes, then the account waits until the window ends', () => {
    const counters = new Counters();
    for (let address = 1; address <= 20; address++) {
      expect(counters.attempt(loginLimits('ann@example.test', `198.51.100.${address}`).all, start)).toBe(
        'allowed',
      );
    }

    expect(counters.attempt(loginLimits('ann@example.test', '198.51.100.99').all, at(5 * MINUTE))).toBe(
      10 * 60,
    );
    expect(counters.attempt(loginLimits('ann@example.test', '198.51.100.99').all, at(15 * MINUTE))).toBe(
      'allowed',
    );
  });

  it('given 30 failures over 6 accounts from a shared address, then the other people behind it may still sign in', () => {
    const counters = new Counters();
    for (let account = 0; account < 6; account++)
      failures(counters, loginLimits(`a${account}@x.test`, '203.0.113.7').all, 5);

    expect(counters.attempt(loginLimits('colleague@x.test', '203.0.113.7').all, start)).toBe('allowed');
  });

  it('given 100 failures from one address over many accounts, then that address waits', () => {
    const counters = new Counters();
    for (let account = 0; account < 100; account++) {
      expect(counters.attempt(loginLimits(`a${account}@x.test`, '203.0.113.7').all, start)).toBe('allowed');
    }

    expect(counters.attempt(loginLimits('another@x.test', '203.0.113.7').all, start)).toBe(15 * 60);
    expect(counters.attempt(loginLimits('another@x.test', '203.0.113.8').all, start)).toBe('allowed');
  });

  it('given an attempt taken back (it succeeded), then it does not count', () => {
    const counters = new Counters();
    const { all } = loginLimits('ann@example.test', '203.0.113.7');
    failures(counters, all, 4);
    counters.attempt(all, start);
    counters.undo(all);

    expect(counters.attempt(all, start)).toBe('allowed');
    expect(counters.attempt(all, start)).toBe(60);
  });

  it('given a blocked key hammered on, then its wait does not grow', () => {
    const counters = new Counters();
    const { all } = loginLimits('ann@example.test', '203.0.113.7');
    failures(counters, all, 5);

    expect(failures(counters, all, 50, at(30_000))).toEqual(Array(50).fill(30));
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0003::1', '2001:db8:1:3::/64'],
  ])('given %s, then the limits count %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
