/**
 * Immutable collections with cheap updates, for folds over a whole club's history: copying a record of 10,000
 * matches for every event made the ratings fold quadratic (168 events/s at 10,000 matches, docs/performance.md).
 * A change copies one bucket and the index of buckets, and shares the rest with the version before.
 */
const BUCKETS = 256;

function bucketOf(key: string): number {
  let hash = 0x811c9dc5;
  // Stryker disable next-line all: equivalent, any bucket gives the same map (only how evenly keys spread changes)
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}

export class PersistentMap<V> {
  private constructor(private readonly buckets: ReadonlyArray<ReadonlyMap<string, V> | undefined>) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>([]);
  }

  get(key: string): V | undefined {
    return this.buckets[bucketOf(key)]?.get(key);
  }

  /** In no particular order. */
  *entries(): IterableIterator<[string, V]> {
    for (const bucket of this.buckets) if (bucket) yield* bucket;
  }

  set(key: string, value: V): PersistentMap<V> {
    const index = bucketOf(key);
    const bucket = new Map(this.buckets[index]);
    bucket.set(key, value);
    const buckets = [...this.buckets];
    buckets[index] = bucket;
    return new PersistentMap(buckets);
  }
}

const CHUNK = 64;

/** A list that only grows at its end. */
export class PersistentList<T> {
  private constructor(
    private readonly chunks: ReadonlyArray<readonly T[]>,
    readonly length: number,
  ) {}

  static empty<T>(): PersistentList<T> {
    return new PersistentList<T>([], 0);
  }

  push(item: T): PersistentList<T> {
    const chunks = [...this.chunks];
    // Stryker disable next-line all: equivalent, a new chunk sooner gives the same list (only how much a push copies changes)
    const last = this.length % CHUNK === 0 ? [] : [...chunks.pop()!];
    last.push(item);
    chunks.push(last);
    return new PersistentList(chunks, this.length + 1);
  }

  toArray(): T[] {
    return this.chunks.flat() as T[];
  }
}
