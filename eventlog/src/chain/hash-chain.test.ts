import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, chainEvents, ChainVerifier, CHAIN_START, eventHash } from './hash-chain.ts';

const event = (n: number) => ({ id: `e${n}`, type: 'T', payload: { b: [1, { d: 2, c: n }], a: 'x' } });

describe('the hash chain (DESIGN.md §8)', () => {
  it('writes canonical JSON: keys sorted at every level, no spaces, undefined members left out', () => {
    expect(canonicalJson({ b: 1, a: { z: [3, { y: 1, x: undefined }], w: null } })).toBe(
      '{"a":{"w":null,"z":[3,{"y":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('hashes the previous hash and the envelope without its own hash, lowercase hex', () => {
    const expected = createHash('sha256')
      .update(CHAIN_START + canonicalJson(event(1)))
      .digest('hex');
    expect(eventHash(CHAIN_START, event(1))).toBe(expected);
    expect(eventHash(CHAIN_START, { ...event(1), hash: 'ignored' })).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('given a chained company, when one event is rewritten, then verification names exactly its position', () => {
    const chained = chainEvents(CHAIN_START, [1, 2, 3, 4].map(event));
    const intact = new ChainVerifier();
    chained.forEach((stored, index) => intact.add(index + 1, stored));
    const tampered = new ChainVerifier();
    chained
      .map((stored, index) => (index === 2 ? { ...stored, payload: { ...stored.payload, a: 'y' } } : stored))
      .forEach((stored, index) => tampered.add(index + 1, stored));

    expect(intact.report()).toEqual({ ok: true, events: 4, headHash: chained[3]!.hash, unchained: 0 });
    expect(tampered.report()).toMatchObject({ ok: false, events: 4, firstBadPosition: 3 });
  });

  it('given unhashed events before the chain start, they count without being checked; a later unhashed one breaks it', () => {
    const chained = chainEvents(CHAIN_START, [3, 4].map(event));
    const verifier = new ChainVerifier();
    [event(1), event(2), ...chained].forEach((stored, index) => verifier.add(index + 1, stored));
    const broken = new ChainVerifier();
    [event(1), ...chained, event(5)].forEach((stored, index) => broken.add(index + 1, stored));

    expect(verifier.report()).toEqual({ ok: true, events: 4, headHash: chained[1]!.hash, unchained: 2 });
    expect(broken.report()).toMatchObject({ ok: false, firstBadPosition: 4, unchained: 1 });
  });

  it('given an event removed from the chain, then the one after the gap is named', () => {
    const chained = chainEvents(CHAIN_START, [1, 2, 3].map(event));
    const verifier = new ChainVerifier();
    [chained[0], chained[2]].forEach((stored, index) => verifier.add(index + 1, stored));
    expect(verifier.report()).toMatchObject({ ok: false, firstBadPosition: 2 });
  });
});
