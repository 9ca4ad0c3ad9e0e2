/**
 * Runs work one at a time per key, in arrival order, inside this process. Commands of one company queue here
 * instead of each holding a database connection while it waits for the company's lock.
 *
 * A job is turned away at once ("busy") when its key or the whole process has too many waiting, and when the jobs
 * ahead of it would, at the time its key's jobs have taken lately, keep it waiting longer than `maxWaitMs`: an
 * overloaded process answers at once instead of after a wait that ends in the same refusal. A job that waits
 * longer all the same (the estimate was short, or a job ahead hangs) fails with `WaitedTooLong` when `maxWaitMs` is up,
 * and is not run.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, { tail: Promise<unknown>; waiting: number }>();
  private waitingInAll = 0;
  /**
   * Per key, a moving average of how long its jobs have taken lately (ms); none until one has run. Per key, so that
   * one company whose commands are slow (catching up) does not get another's refused. At most `MAX_KEYS_TIMED` keys,
   * the least recently timed forgotten first.
   */
  private readonly jobMs = new Map<string, number>();

  constructor(
    private readonly maxWaiting: number,
    private readonly maxWaitingInAll = Infinity,
    private readonly maxWaitMs = Infinity,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Undefined when the job would wait too long, or too many are waiting: "busy". `maxWaitMs`, when given, bounds
   * this job's wait more tightly than the queue's own bound (what is left of a command's time).
   */
  run<T>(key: string, work: () => Promise<T>, maxWaitMs = this.maxWaitMs): Promise<T> | undefined {
    const waitMs = Math.min(maxWaitMs, this.maxWaitMs);
    const entry = this.tails.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    if (entry.waiting >= this.maxWaiting || this.waitingInAll >= this.maxWaitingInAll) return undefined;
    if (waitMs <= 0 || entry.waiting * (this.jobMs.get(key) ?? 0) > waitMs) return undefined;
    entry.waiting++;
    this.waitingInAll++;
    const queuedAt = this.now();
    let left = false;
    const leave = () => {
      left = true;
      this.waitingInAll--;
      entry.waiting--;
      if (entry.waiting === 0 && this.tails.get(key) === entry) this.tails.delete(key);
    };
    // A job whose turn has not come within the bound is refused then, not when its turn comes (behind a
    // job that hangs, that was seconds later); its place in the line is skipped.
    let refuse: ((error: WaitedTooLong) => void) | undefined;
    const timer = Number.isFinite(waitMs)
      ? setTimeout(() => {
          leave();
          refuse?.(new WaitedTooLong(this.now() - queuedAt));
        }, waitMs)
      : undefined;
    const turn = entry.tail.then(async () => {
      clearTimeout(timer);
      if (left) return undefined as T;
      const started = this.now();
      let ran = false;
      try {
        if (started - queuedAt > waitMs) throw new WaitedTooLong(started - queuedAt);
        ran = true;
        return await work();
      } finally {
        if (ran) this.timed(key, this.now() - started);
        leave();
      }
    });
    const result = new Promise<T>((resolve, reject) => {
      refuse = reject;
      turn.then(resolve, reject);
    });
    entry.tail = turn.catch(() => undefined);
    this.tails.set(key, entry);
    return result;
  }

  private timed(key: string, ms: number): void {
    const before = this.jobMs.get(key);
    this.jobMs.delete(key); // re-inserted last: the map's order is the order of the latest timing
    this.jobMs.set(key, before === undefined ? ms : 0.8 * before + 0.2 * ms);
    if (this.jobMs.size > MAX_KEYS_TIMED) this.jobMs.delete(this.jobMs.keys().next().value!);
  }
}

const MAX_KEYS_TIMED = 10_000;

/** A job whose turn came after more than the queue's `maxWaitMs`: not run. */
export class WaitedTooLong extends Error {
  constructor(readonly waitedMs: number) {
    super(`waited ${Math.round(waitedMs)} ms for its turn`);
    this.name = 'WaitedTooLong';
  }
}
