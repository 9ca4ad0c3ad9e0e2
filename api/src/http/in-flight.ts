import type { Context, Middleware } from 'koa';

/**
 * Counts the requests being handled, so a stopping process can wait for them before it closes its database pools.
 * The HTTP server's own close waits for connections only, and a handler goes on after its client hung up: closing the
 * pools then failed it half-way with "Cannot use a pool after calling end on the pool".
 */
export class InFlightRequests {
  private count = 0;
  private waiters: Array<() => void> = [];

  readonly middleware: Middleware = async (ctx, next) => {
    this.count++;
    ctx.state.inFlight = this;
    try {
      await next();
    } finally {
      this.done();
    }
  };

  /** Work a handler goes on with after it has answered: a stopping process waits for it as for a request. */
  keep(work: Promise<unknown>): void {
    this.count++;
    void work.finally(() => this.done());
  }

  private done(): void {
    this.count--;
    if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
  }

  get size(): number {
    return this.count;
  }

  /** Resolves when no request is being handled, or after `timeoutMs` (a stuck handler does not hold the stop). */
  drained(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }
}

/**
 * Goes on with `work` after the answer is sent, so the answer's timing cannot tell what the work found (whether an
 * address has an account). A failure goes to `onError` (nobody waits for the answer any more); a stopping process
 * waits for the work.
 */
export function afterTheAnswer(
  ctx: Context,
  work: () => Promise<void>,
  onError: (error: unknown) => void,
): void {
  const running = new Promise<void>((resolve) => setImmediate(resolve)).then(work).catch(onError);
  const inFlight = ctx.state.inFlight as InFlightRequests | undefined;
  if (inFlight) inFlight.keep(running);
  else void running;
}
