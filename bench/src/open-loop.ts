/**
 * An open-loop sender: item `seq` is due at `start + seq / rate` (a schedule from the start time, not sleeps that
 * drift); a late timer sends everything that is due at once; a send never waits for earlier ones to finish. So an
 * overloaded system shows it as growing latency instead of a sender that slows down (coordinated omission).
 */
export async function sendOpenLoop(
  rate: number,
  count: number,
  send: (seq: number, dueAt: number) => Promise<void>,
): Promise<void> {
  const interval = 1000 / rate;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 5;
  for (let seq = 0; seq < count;) {
    const dueAt = start + seq * interval;
    const now = performance.now();
    if (dueAt > now) {
      await new Promise((resolve) => setTimeout(resolve, dueAt - now));
      continue;
    }
    while (seq < count && start + seq * interval <= performance.now()) {
      inFlight.push(send(seq, start + seq * interval));
      seq++;
    }
  }
  await Promise.all(inFlight);
}

/** Waits (polling, bounded by `seconds`) until `pending()` is false. */
export async function drain(pending: () => boolean, seconds: number): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  while (pending() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
