import { createHash } from 'node:crypto';

/**
 * Tamper evidence (DESIGN.md §8): every event of a company carries `hash` = SHA-256 (lowercase hex) over the previous
 * event's hash and the event's canonical JSON (the envelope without `hash`, keys sorted at every level, no spaces).
 * A company's first hashed event chains from CHAIN_START: events written before hashes existed stay as they were
 * (never rewritten) and count as the chain's prologue (docs/decisions/history-and-erasure.md "Hash chain").
 */
export const CHAIN_START = '0'.repeat(64);

const HASH = /^[0-9a-f]{64}$/;

/** JSON with the keys of every object sorted; `undefined` members are left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

/** The hash an event must carry after `previous`. */
export function eventHash(previous: string, envelope: object): string {
  const { hash: _hash, ...unhashed } = envelope as { hash?: unknown };
  return createHash('sha256').update(previous).update(canonicalJson(unhashed)).digest('hex');
}

/** The events with their hashes, chained from `previous` (the company's last hash, or CHAIN_START). */
export function chainEvents<T extends object>(
  previous: string,
  events: readonly T[],
): Array<T & { hash: string }> {
  let last = previous;
  return events.map((event) => {
    const hash = eventHash(last, event);
    last = hash;
    return { ...event, hash };
  });
}

export interface ChainReport {
  ok: boolean;
  /** Events seen, the unhashed prologue included. */
  events: number;
  /** The hash of the company's last event (null: none is hashed yet). */
  headHash: string | null;
  /** The first event whose hash does not follow from the ones before it. */
  firstBadPosition?: number;
  /** Events before the chain start (written before hashes existed): kept, not covered by the chain. */
  unchained: number;
}

/** Walks one company's events in log order and names the first one that breaks the chain. */
export class ChainVerifier {
  private previous = CHAIN_START;
  private started = false;
  private count = 0;
  private unchained = 0;
  private head: string | null = null;
  private firstBad: number | undefined;

  /** `envelope`: the event as stored; null when it is missing or unreadable. */
  add(position: number, envelope: unknown): void {
    this.count++;
    const hash = (envelope as { hash?: unknown } | null)?.hash;
    if (typeof hash === 'string') this.head = hash;
    if (this.firstBad !== undefined) return;
    if (envelope === null || typeof envelope !== 'object') {
      this.firstBad = position;
      return;
    }
    if (hash === undefined && !this.started) {
      this.unchained++;
      return;
    }
    this.started = true;
    if (typeof hash !== 'string' || !HASH.test(hash) || eventHash(this.previous, envelope) !== hash) {
      this.firstBad = position;
      return;
    }
    this.previous = hash;
  }

  report(): ChainReport {
    return {
      ok: this.firstBad === undefined,
      events: this.count,
      headHash: this.head,
      ...(this.firstBad === undefined ? {} : { firstBadPosition: this.firstBad }),
      unchained: this.unchained,
    };
  }
}
