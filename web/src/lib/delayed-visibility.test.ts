import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDelayedVisibility } from './delayed-visibility';

describe('createDelayedVisibility', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(delay = 300) {
    const changes: boolean[] = [];
    const dv = createDelayedVisibility((v) => changes.push(v), delay);
    return { dv, changes };
  }

  it('given work that ends within 300 ms, when time passes, then it never shows', () => {
    const { dv, changes } = setup();
    dv.update(true);
    vi.advanceTimersByTime(299);
    dv.update(false);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
    expect(dv.visible).toBe(false);
  });

  it('given work lasting 300 ms, when the delay has passed, then it shows', () => {
    const { dv, changes } = setup();
    dv.update(true);
    vi.advanceTimersByTime(300);
    expect(changes).toEqual([true]);
    expect(dv.visible).toBe(true);
  });

  it('given it is showing, when work ends, then it hides immediately', () => {
    const { dv, changes } = setup();
    dv.update(true);
    vi.advanceTimersByTime(500);
    dv.update(false);
    expect(changes).toEqual([true, false]);
  });

  it('given repeated busy reports, when they arrive, then the delay is not restarted', () => {
    const { dv, changes } = setup();
    dv.update(true);
    vi.advanceTimersByTime(200);
    dv.update(true);
    vi.advanceTimersByTime(100);
    expect(changes).toEqual([true]);
  });

  it('given a gap in the work, when work starts again, then the delay starts afresh', () => {
    const { dv, changes } = setup();
    dv.update(true);
    vi.advanceTimersByTime(250);
    dv.update(false);
    dv.update(true);
    vi.advanceTimersByTime(250);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(changes).toEqual([true]);
  });

  it('given a pending delay, when disposed, then it never shows', () => {
    const { dv, changes } = setup();
    dv.update(true);
    dv.dispose();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
  });
});
