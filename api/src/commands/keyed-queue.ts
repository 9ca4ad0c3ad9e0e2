/**
 * Runs work one at a time per key, in arrival order, inside this process. Commands of one company queue here
 * instead of each holding a database connection while it waits for the company's lock.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, { tail: Promise<unknown>; waiting: number }>();

  constructor(private readonly maxWaiting: number) {}

  /** Undefined when the key already has `maxWaiting` jobs queued: the caller answers "busy". */
  run<T>(key: string, work: () => Promise<T>): Promise<T> | undefined {
    const entry = this.tails.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
    if (entry.waiting >= this.maxWaiting) return undefined;
    entry.waiting++;
    const result = entry.tail.then(async () => {
      try {
        return await work();
      } finally {
        entry.waiting--;
        if (entry.waiting === 0 && this.tails.get(key) === entry) this.tails.delete(key);
      }
    });
    entry.tail = result.catch(() => undefined);
    this.tails.set(key, entry);
    return result;
  }
}
