/**
 * Runs work one at a time per key, in arrival order, inside this process. Commands of one company queue here
 * instead of each holding a database connection while it waits for the company's lock.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, { tail: Promise<unknown>; waiting: number }>();
  private waitingInAll = 0;

  constructor(
    private readonly maxWaiting: number,
    private readonly maxWaitingInAll = Infinity,
  ) {}

  /** Undefined when the key already has `maxWaiting` jobs queued, or all keys `maxWaitingInAll`: "busy". */
  run<T>(key: string, work: () => Promise<T>): Promise<T> | undefined {
    const entry = this.tails.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    if (entry.waiting >= this.maxWaiting || this.waitingInAll >= this.maxWaitingInAll) return undefined;
    entry.waiting++;
    this.waitingInAll++;
    const result = entry.tail.then(async () => {
      try {
        return await work();
      } finally {
        this.waitingInAll--;
        entry.waiting--;
        if (entry.waiting === 0 && this.tails.get(key) === entry) this.tails.delete(key);
      }
    });
    entry.tail = result.catch(() => undefined);
    this.tails.set(key, entry);
    return result;
  }
}
