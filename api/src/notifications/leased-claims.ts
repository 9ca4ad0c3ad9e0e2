/**
 * The two halves of a sender whose outbox rows are claimed with a lease and sent outside any transaction
 * (push-sender.ts, webhooks/webhook-sender.ts): the loop that claims a batch whenever there is room, and the recorder
 * that writes the outcomes that came meanwhile in one statement.
 */

export interface ClaimLoop {
  /** Claim now (something was queued, places were freed). */
  wake(): void;
  /** Ends the loop once its claim under way, if any, is done. */
  stop(): Promise<void>;
}

/**
 * Claims (`claim`, which sets what it claimed on its way and says how many) as many as `room` says, again at once
 * after a full claim (more may be due), else after a wake or `pollMs`; a failed claim is logged (`onError`) and tried
 * again after `pollMs`. A `room` of 0 claims nothing and waits for a wake.
 */
export function startClaimLoop(options: {
  pollMs: number;
  room: () => number;
  claim: (room: number) => Promise<number>;
  onError: (error: unknown) => void;
}): ClaimLoop {
  let stopping = false;
  /** Woken while a claim ran: claim again before napping. */
  let woken = false;
  let endNap: (() => void) | undefined;
  function wake() {
    woken = true;
    endNap?.();
  }
  const nap = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(() => endNap?.(), ms);
      endNap = () => {
        clearTimeout(timer);
        endNap = undefined;
        done();
      };
    });
  async function loop(): Promise<void> {
    while (!stopping) {
      woken = false;
      const room = options.room();
      let claimed = 0;
      if (room > 0) {
        try {
          claimed = await options.claim(room);
        } catch (error) {
          if (stopping) return;
          options.onError(error);
          await nap(options.pollMs);
          continue;
        }
      }
      if (!stopping && !woken && !(room > 0 && claimed === room)) await nap(options.pollMs);
    }
  }
  const running = loop();
  return {
    wake,
    async stop() {
      stopping = true;
      wake();
      await running;
    },
  };
}

export interface BatchRecorder<T> {
  /** Queues an outcome; true once written, false when the row's lease was no longer this sender's. */
  record(item: T): Promise<boolean>;
  /** The statement under way, if any, and those after it. */
  settled(): Promise<void>;
}

/**
 * Outcomes waiting for one statement (`write`, which answers the ids it wrote): each statement takes all that came
 * while the last one ran. A statement that fails fails each of its outcomes.
 */
export function batchRecorder<T>(
  write: (batch: T[]) => Promise<Set<string>>,
  idOf: (item: T) => string,
): BatchRecorder<T> {
  const waiting: Array<{ item: T; settle: (recorded: boolean) => void; fail: (error: unknown) => void }> = [];
  let recording: Promise<void> | undefined;
  async function writeAll(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0);
      try {
        const written = await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.settle(written.has(idOf(entry.item)));
      } catch (error) {
        for (const entry of batch) entry.fail(error);
      }
    }
  }
  return {
    record(item) {
      return new Promise((settle, fail) => {
        waiting.push({ item, settle, fail });
        recording ??= writeAll().finally(() => (recording = undefined));
      });
    },
    async settled() {
      await recording;
    },
  };
}
