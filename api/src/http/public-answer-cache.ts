import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { matchedRouteOf } from '../observability/request-logging.ts';

/** Longer addresses (a list's query with parameters of no meaning, say) are not kept for the short path. */
const MAX_KEPT_ADDRESS_LENGTH = 512;

/** Below this, an answer goes as it is (as koa-compress does): the headers would outweigh what is saved. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A kept answer, with its compressed forms made when a client first asks for them: a TV screen or a browser asks
 * with `Accept-Encoding`, and compressing a 46 KB standings on every poll cost 60 % of the read's throughput.
 */
class KeptAnswer {
  private readonly encoded = new Map<'br' | 'gzip', Buffer>();
  /** The body as sent without compression (encoded once, not for every answer). */
  readonly identity: Buffer;
  readonly worthCompressing: boolean;

  constructor(
    readonly body: string,
    readonly etag: string,
  ) {
    this.identity = Buffer.from(body);
    this.worthCompressing = this.identity.length >= COMPRESS_FROM_BYTES;
  }

  encodedAs(encoding: 'br' | 'gzip'): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      // The same settings as koa-compress, which compresses every other answer.
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(this.body);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * The kept compressed form for the client: brotli when it takes it at all (browsers list "gzip, deflate, br"), as
 * koa-compress prefers, else gzip; none for a small answer or a client that takes neither.
 */
export function keptEncodingFor(
  acceptedEncodings: readonly string[],
  kept: KeptAnswer,
): 'br' | 'gzip' | undefined {
  if (!kept.worthCompressing) return undefined;
  return acceptedEncodings.includes('br') ? 'br' : acceptedEncodings.includes('gzip') ? 'gzip' : undefined;
}

/** Sends a kept answer: its ETag, and the compressed form the client accepts. */
function sendKeptAnswer(ctx: Context, kept: KeptAnswer): void {
  ctx.type = 'application/json';
  ctx.etag = kept.etag;
  const encoding = kept.worthCompressing ? keptEncodingFor(ctx.acceptsEncodings(), kept) : undefined;
  if (encoding) {
    ctx.set('Content-Encoding', encoding);
    ctx.body = kept.encodedAs(encoding);
  } else {
    ctx.body = kept.body;
  }
}

interface KeptAddress {
  key: string;
  route: string;
  /** The route's own headers, as name, value, name, value… (what `writeHead` takes). */
  headers: readonly string[];
  /** Whether the address still leads to `key`. */
  holds: () => boolean;
}

const always = () => true;

/** Set anew for every request by the middlewares in front of the short path, or by the short path itself. */
const PER_REQUEST_HEADERS = new Set(['x-request-id', 'vary', 'set-cookie', 'date']);

/** The headers the route and its own middlewares set before answering (such as CORS for public reads). */
function routeHeadersOf(ctx: Context): string[] {
  return Object.entries(ctx.response.headers)
    .filter(([name, value]) => !PER_REQUEST_HEADERS.has(name) && value !== undefined)
    .flatMap(([name, value]) => [name, String(value)]);
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

interface PublicAnswerCacheOptions {
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
  /** The kept answers' addresses (GET, `byAddress`): the key of each, and the route that answered it. */
  private readonly addresses = new Map<string, KeptAddress>();
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
    this.addresses.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Answers `ctx` with the kept answer for `key`, or builds, answers and keeps it. Sets the ETag itself, and sends
   * the kept compressed form the client accepts (brotli, else gzip), so the compression middleware leaves it.
   *
   * `byAddress`: the key follows from the request's address alone, so a later GET of the same address without a
   * session may be answered from it without running the route (`keptAt`); a function says for how long (a key
   * with today's date in it: while it is still that day).
   */
  async answer(
    ctx: Context,
    key: string,
    build: () => Promise<unknown>,
    options: { byAddress?: true | (() => boolean) } = {},
  ): Promise<void> {
    const generation = this.generation;
    const kept = await this.value(`answer ${key}`, async () => {
      const body = JSON.stringify(await build());
      return new KeptAnswer(body, `"${createHash('sha1').update(body).digest('base64url')}"`);
    });
    if (
      options.byAddress &&
      ctx.method === 'GET' &&
      ctx.url.length <= MAX_KEPT_ADDRESS_LENGTH &&
      generation === this.generation
    ) {
      if (!this.addresses.has(ctx.url) && this.addresses.size >= this.maxEntries) {
        const oldest = this.addresses.keys().next().value;
        if (oldest !== undefined) this.addresses.delete(oldest);
      }
      this.addresses.set(ctx.url, {
        key: `answer ${key}`,
        route: matchedRouteOf(ctx),
        headers: routeHeadersOf(ctx),
        holds: options.byAddress === true ? always : options.byAddress,
      });
    }
    sendKeptAnswer(ctx, kept);
  }

  /** The kept answer for a GET of `url` (recorded by `answer` with `byAddress`), while it is kept. */
  keptAt(url: string): { answer: KeptAnswer; route: string; headers: readonly string[] } | undefined {
    const address = this.addresses.get(url);
    if (!address?.holds()) return undefined;
    const entry = this.entries.get(address.key);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return { answer: entry.value as KeptAnswer, route: address.route, headers: address.headers };
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
