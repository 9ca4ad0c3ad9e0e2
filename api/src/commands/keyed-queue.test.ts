import { describe, expect, it, vi } from 'vitest';
import { KeyedQueue, WaitedTooLong } from './keyed-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedQueue', () => {
  it('given jobs of one key, when they run, then one at a time in arrival order', async () => {
    const queue = new KeyedQueue(10);
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };

    const results = await Promise.all([queue.run('a', job('1')), queue.run('a', job('2'))]);

    expect(results).toEqual(['1', '2']);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('given jobs of two keys, when they run, then they overlap', async () => {
    const queue = new KeyedQueue(10);
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };

    await Promise.all([queue.run('a', job('a')), queue.run('b', job('b'))]);

    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('given a failing job, when the next one runs, then it still runs and the failure reaches its own caller', async () => {
    const queue = new KeyedQueue(10);
    const failing = queue.run('a', async () => {
      throw new Error('refused');
    });
    const next = queue.run('a', async () => 'ran');

    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
  });

  it('given a full queue for a key, when another job comes, then it is turned away', async () => {
    const queue = new KeyedQueue(1);
    const first = queue.run('a', tick);

    expect(queue.run('a', tick)).toBeUndefined();
    expect(queue.run('b', tick)).toBeDefined();
    await first;
    expect(queue.run('a', tick)).toBeDefined();
  });

  it('given a full process, when a job of another key comes, then it is turned away until one finishes', async () => {
    const queue = new KeyedQueue(10, 2);
    const first = queue.run('a', tick);
    const second = queue.run('b', tick);

    expect(queue.run('c', tick)).toBeUndefined();
    await Promise.all([first, second]);
    await expect(queue.run('c', async () => 'ran')).resolves.toBe('ran');
  });

  describe('with a bound on the wait (a fake clock)', () => {
    let now = 0;
    const deferred = () => {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    };
    /** Runs one job of `key` that takes `ms` on the fake clock. */
    const timedJob = async (queue: KeyedQueue, key: string, ms: number) => {
      const job = deferred();
      const done = queue.run(key, () => job.promise);
      await Promise.resolve(); // it starts
      now += ms;
      job.resolve();
      await done;
    };
    /** Three jobs of `key` that run until `release` is called. */
    const threeQueued = (queue: KeyedQueue, key: string) => {
      const jobs = [deferred(), deferred(), deferred()];
      const queued = jobs.map((job) => queue.run(key, () => job.promise));
      return {
        queued,
        release: async () => {
          for (const job of jobs) job.resolve();
          await Promise.all(queued);
        },
      };
    };

    it('given jobs that took 400 ms lately, when a job would wait behind three of them (1,200 ms > 1,000), then it is turned away at once', async () => {
      now = 0;
      const queue = new KeyedQueue(10, Infinity, 1_000, () => now);
      await timedJob(queue, 'a', 400);

      const ahead = threeQueued(queue, 'a');

      expect(ahead.queued.every((job) => job !== undefined)).toBe(true);
      expect(queue.run('a', tick)).toBeUndefined();
      expect(queue.run('b', tick)).toBeDefined();
      await ahead.release();
    });

    it("given one key's jobs that took 2 s lately, when another key's jobs queue, then they are judged by their own times", async () => {
      now = 0;
      const queue = new KeyedQueue(10, Infinity, 1_000, () => now);
      await timedJob(queue, 'fast', 10);
      await timedJob(queue, 'slow', 2_000);

      const ahead = threeQueued(queue, 'fast');

      expect(ahead.queued.every((job) => job !== undefined)).toBe(true);
      expect(queue.run('fast', tick)).toBeDefined(); // 3 ahead × 10 ms
      expect(queue.run('slow', tick)).toBeDefined(); // none ahead
      expect(queue.run('slow', tick)).toBeUndefined(); // 1 ahead × 2,000 ms
      await ahead.release();
    });

    it('given a job whose turn comes after the bound, when its turn comes, then it is not run and fails with WaitedTooLong', async () => {
      now = 0;
      const queue = new KeyedQueue(10, Infinity, 1_000, () => now);
      const first = deferred();
      const running = queue.run('a', () => first.promise);
      let ran = false;
      const late = queue.run('a', async () => {
        ran = true;
      });

      await Promise.resolve(); // the first starts
      now = 1_500;
      first.resolve();

      await Promise.all([running, expect(late).rejects.toBeInstanceOf(WaitedTooLong)]);
      expect(ran).toBe(false);
      // Nothing is ahead of the next one: it runs.
      await expect(queue.run('a', async () => 'ran')).resolves.toBe('ran');
    });

    /**
     * A job queued behind one that hangs, with its own bound `ownMs` (or the queue's 1,000 ms): whether it was refused
     * when that was up, without running, and left the line. Fake timers.
     */
    async function behindAHangingJob(ownMs?: number): Promise<boolean> {
      now = 0;
      const queue = new KeyedQueue(10, Infinity, 1_000, () => now);
      const hanging = deferred();
      const running = queue.run('a', () => hanging.promise);
      let ran = false;
      const behind = queue.run(
        'a',
        async () => {
          ran = true;
        },
        ownMs,
      );
      const refused = behind!.then(
        () => false,
        (error: unknown) => error instanceof WaitedTooLong,
      );

      now = ownMs ?? 1_000;
      await vi.advanceTimersByTimeAsync(now);

      const wasRefused = await refused;
      hanging.resolve();
      await running;
      // The refused job left the line: the key takes as many as before.
      const next = await queue.run('a', async () => 'ran');
      return wasRefused && !ran && next === 'ran';
    }

    it('given a job ahead that hangs, when the bound is up, then the job behind it is refused then, not when its turn comes', async () => {
      vi.useFakeTimers();
      try {
        expect(await behindAHangingJob()).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });

    it('given a job with less time of its own than the bound, when its own time is up, then it is refused then', async () => {
      vi.useFakeTimers();
      try {
        const refusedBehindHanging = await behindAHangingJob(200);

        expect(refusedBehindHanging).toBe(true);
        // No time of its own left: turned away at once.
        expect(new KeyedQueue(10, Infinity, 1_000).run('a', async () => 'ran', 0)).toBeUndefined();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
