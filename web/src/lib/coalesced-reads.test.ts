import { describe, expect, it } from 'vitest';
import { createCoalescedReads } from './coalesced-reads';

/** A read the test answers by hand, counting the requests made and how many were in flight at once. */
function serverOf<T>() {
  const pending: Array<{ answer(value: T): void; refuse(error: Error): void }> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let requests = 0;
  const read = () =>
    new Promise<T>((resolve, reject) => {
      requests++;
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const done = () => inFlight--;
      pending.push({
        answer: (value) => (done(), resolve(value)),
        refuse: (error) => (done(), reject(error)),
      });
    });
  /** Answers the oldest request and lets what follows from it run. */
  const answer = async (value: T) => {
    pending.shift()!.answer(value);
    await settled();
  };
  const refuse = async (error: Error) => {
    pending.shift()!.refuse(error);
    await settled();
  };
  return {
    read,
    answer,
    refuse,
    get requests() {
      return requests;
    },
    get mostInFlight() {
      return mostInFlight;
    },
  };
}

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createCoalescedReads', () => {
  it('given a read in flight, when it is asked again many times, then one more read follows its answer', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<string>();
    const shown: string[] = [];
    const waited: string[] = [];

    const first = reads.read('tournament:1', server.read, (value) => shown.push(value));
    const later = Array.from({ length: 64 }, (_, index) =>
      reads.read('tournament:1', server.read, (value) => shown.push(`${value} by ${index}`)),
    );
    void first.then(() => waited.push('first'));
    void Promise.all(later).then(() => waited.push('later'));
    await settled();
    expect(server.requests).toBe(1);

    await server.answer('v1');
    expect(shown).toEqual(['v1']);
    expect(waited).toEqual(['first']);
    // The key was stale: one more read, with the last call's functions.
    expect(server.requests).toBe(2);

    await server.answer('v2');
    expect(shown).toEqual(['v1', 'v2 by 63']);
    expect(waited).toEqual(['first', 'later']);
    expect(server.requests).toBe(2);
    expect(server.mostInFlight).toBe(1);
  });

  it('given every read answered, when it is asked again, then a read starts at once', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<number>();
    const shown: number[] = [];

    void reads.read('k', server.read, (value) => shown.push(value));
    await server.answer(1);
    void reads.read('k', server.read, (value) => shown.push(value));
    await settled();

    expect(server.requests).toBe(2);
    await server.answer(2);
    expect(shown).toEqual([1, 2]);
  });

  it('given pushes faster than the answers, then every answer is shown, in the order asked', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<number>();
    const shown: number[] = [];
    const ask = () => void reads.read('match:1', server.read, (value) => shown.push(value));

    ask();
    for (let answer = 1; answer <= 5; answer++) {
      ask();
      ask();
      await server.answer(answer);
    }

    expect(shown).toEqual([1, 2, 3, 4, 5]);
    expect(server.requests).toBe(6);
    expect(server.mostInFlight).toBe(1);
  });

  it('given two keys, then their reads run side by side', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<string>();

    void reads.read('ladder:1', server.read, () => undefined);
    void reads.read('ladder:2', server.read, () => undefined);
    await settled();

    expect(server.requests).toBe(2);
    expect(reads.has('ladder:1')).toBe(true);
    expect(reads.has('ladder:3')).toBe(false);
    expect(reads.keys()).toEqual(['ladder:1', 'ladder:2']);
  });

  it('given a read that fails, then its failure is handed over and the read asked meanwhile still follows', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<string>();
    const seen: string[] = [];
    const fail = (error: unknown) => seen.push(`failed: ${(error as Error).message}`);

    void reads.read('k', server.read, (value) => seen.push(value), fail);
    const again = reads.read('k', server.read, (value) => seen.push(value), fail);
    await server.refuse(new Error('offline'));
    await server.answer('back');
    await again;

    expect(seen).toEqual(['failed: offline', 'back']);
  });

  it('given a key forgotten, then its answer in flight is dropped, no read follows and its callers go on', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<string>();
    const shown: string[] = [];

    const first = reads.read('match:9', server.read, (value) => shown.push(value));
    const second = reads.read('match:9', server.read, (value) => shown.push(value));
    reads.forget('match:9');
    await server.answer('gone');
    await Promise.all([first, second]);

    expect(shown).toEqual([]);
    expect(server.requests).toBe(1);
    expect(reads.has('match:9')).toBe(false);
  });

  it('given a key forgotten and asked again, then only the new read’s answer is shown', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<string>();
    const shown: string[] = [];

    void reads.read('k', server.read, (value) => shown.push(value));
    reads.forgetAll();
    void reads.read('k', server.read, (value) => shown.push(value));
    await server.answer('old');
    await server.answer('new');

    expect(shown).toEqual(['new']);
  });

  it('given an apply that throws, then its callers get the error and the read asked meanwhile still follows', async () => {
    const reads = createCoalescedReads();
    const server = serverOf<string>();
    const shown: string[] = [];

    const first = reads.read('k', server.read, () => {
      throw new Error('broken');
    });
    const second = reads.read('k', server.read, (value) => shown.push(value));
    const failed = expect(first).rejects.toThrow('broken');
    await server.answer('a');
    await failed;
    await server.answer('b');
    await second;

    expect(shown).toEqual(['b']);
  });
});
