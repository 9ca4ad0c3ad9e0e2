import { createHash } from 'node:crypto';

/**
 * The feeds' texts by what they are made of. Writing a feed with `ics` validates every event (about 1 ms each on
 * a loaded machine, docs/performance.md) while reading its rows takes a query; calendars poll, mostly for
 * nothing new. So a feed is written again only when its rows (or the address it is served under) changed: the
 * key is a hash of exactly what goes into the text, so a cached text is never stale. Least recently used texts
 * go first once the cache holds `maxBytes`.
 */
export class FeedCache {
  private readonly texts = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The text for these inputs: the cached one, or `make()`'s (then kept). */
  textFor(inputs: unknown, make: () => string): string {
    const key = createHash('sha256').update(JSON.stringify(inputs)).digest('base64url');
    const cached = this.texts.get(key);
    if (cached !== undefined) {
      // Most recently used last.
      this.texts.delete(key);
      this.texts.set(key, cached);
      return cached;
    }
    const text = make();
    if (text.length <= this.maxBytes) {
      this.texts.set(key, text);
      this.bytes += text.length;
      for (const [oldest, old] of this.texts) {
        if (this.bytes <= this.maxBytes) break;
        this.texts.delete(oldest);
        this.bytes -= old.length;
      }
    }
    return text;
  }

  get size(): number {
    return this.texts.size;
  }
}
