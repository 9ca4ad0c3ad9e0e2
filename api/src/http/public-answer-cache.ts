import { createHash } from 'node:crypto';
import type { Context } from 'koa';

interface Entry {
  value: unknown;
  expiresAt: number;
}

export interface PublicAnswerCacheOptions {
  /** How many answers are kept (the oldest go first). */
  maxEntries?: number;
  /** An answer is built again after this long even without a projected event (names of accounts change outside
   * the log). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The serialized answers of public reads that anyone gets alike (matches lists, a match, standings: what a
 * signed-out visitor, a club's TV screen or an embedded widget polls), kept until the read models change.
 * `invalidate` is called whenever the projector reports progress (any batch of any company): cheap and always
 * right, since between two batches the read models do not change. An answer built while a batch landed is not
 * kept (the generation moved on), so a stale answer is never stored after its invalidation.
 */
export class PublicAnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Builds under way, by key: callers that miss together share one build (no stampede when an answer expires). */
  private readonly building = new Map<string, { generation: number; value: Promise<unknown> }>();
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: PublicAnswerCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxAgeMs = options.maxAgeMs ?? 5_000;
    this.now = options.now ?? (() => performance.now());
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Answers `ctx` with the kept answer for `key`, or builds, answers and keeps it. Sets the ETag itself. */
  async answer(ctx: Context, key: string, build: () => Promise<unknown>): Promise<void> {
    const { body, etag } = await this.value(`answer ${key}`, async () => {
      const body = JSON.stringify(await build());
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    });
    ctx.type = 'application/json';
    ctx.etag = etag;
    ctx.body = body;
  }

  /**
   * The kept value for `key`, or `build`'s, kept until the read models change: for the part of an answer that is
   * the same for everyone (a season's standings rows) under a part built per caller. Callers must not change it.
   * Callers that miss while a build of the same generation is under way wait for that build; a failed build is
   * not kept, and every caller waiting for it gets its error.
   */
  async value<T>(key: string, build: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.value as T;
    if (entry) this.entries.delete(key);
    const generation = this.generation;
    const underWay = this.building.get(key);
    if (underWay?.generation === generation) return underWay.value as Promise<T>;
    const value = build();
    this.building.set(key, { generation, value });
    try {
      const built = await value;
      if (generation === this.generation)
        this.keep(key, { value: built, expiresAt: this.now() + this.maxAgeMs });
      return built;
    } finally {
      if (this.building.get(key)?.value === value) this.building.delete(key);
    }
  }

  private keep(key: string, entry: Entry): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}
