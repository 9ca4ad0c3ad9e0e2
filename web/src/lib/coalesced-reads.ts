/**
 * Reads of the same thing asked for faster than they answer (a live push each, a point scored every second) made
 * one at a time per key: asked while a read of the key is in flight, no second request starts; the key is marked
 * stale, and one more read follows when the one in flight answers. At most one read in flight and one more to come
 * per key, however many pushes came (DESIGN.md §16: 200 viewers of a draw read it about once each, not once per
 * push; docs/decisions/web.md).
 *
 * Every answer is applied, in the order asked: a read starts only after the one before it answered, so an older
 * answer never overwrites a newer one. Dropping an answer because another read follows would show nothing new for
 * as long as pushes keep coming faster than reads answer.
 */
export interface CoalescedReads {
  /**
   * Reads `key` with `read` and hands its answer to `apply` (its failure to `fail`), at once if no read of the key is
   * in flight, else once that one answered; of the calls made meanwhile, the last one's `read`, `apply` and `fail`
   * are used. Resolves once a read started after this call was handled (rejects if `apply` or `fail` threw); for a
   * key forgotten meanwhile, once the read in flight settled.
   */
  read<T>(
    key: string,
    read: () => Promise<T>,
    apply: (answer: T) => void,
    fail?: (error: unknown) => void,
  ): Promise<void>;
  /** Whether `key` was asked for since it was last forgotten. */
  has(key: string): boolean;
  /** The keys asked for and not forgotten since. */
  keys(): string[];
  /** Forgets `key`: its answer in flight is dropped and no read of it follows. */
  forget(key: string): void;
  /** Forgets every key (the page that read them is gone). */
  forgetAll(): void;
}

interface KeyState {
  inFlight?: Promise<void>;
  /** The read to follow the one in flight, while the key is stale; it runs `run`, the last asker's. */
  stale?: Promise<void>;
  run?: () => Promise<void>;
}

export function createCoalescedReads(): CoalescedReads {
  const keys = new Map<string, KeyState>();
  return {
    read(key, read, apply, fail) {
      let state = keys.get(key);
      if (!state) keys.set(key, (state = {}));
      const current = state;
      const kept = () => keys.get(key) === current;
      current.run = () =>
        read().then(
          (answer) => void (kept() && apply(answer)),
          (error: unknown) => void (kept() && fail?.(error)),
        );
      if (current.stale) return current.stale;
      const start = () => {
        current.stale = undefined;
        const flight = kept() ? current.run!() : Promise.resolve();
        current.inFlight = flight;
        const landed = () => void (current.inFlight === flight && (current.inFlight = undefined));
        flight.then(landed, landed);
        return flight;
      };
      if (!current.inFlight) return start();
      return (current.stale = current.inFlight.catch(() => undefined).then(start));
    },
    has: (key) => keys.has(key),
    keys: () => [...keys.keys()],
    forget: (key) => void keys.delete(key),
    forgetAll: () => keys.clear(),
  };
}
