import type { Middleware } from 'koa';

/**
 * Counts the requests being handled, so a stopping process can wait for them before it closes its database pools.
 * The HTTP server's own close waits for connections only, and a handler goes on after its client hung up: closing the
 * pools then failed it half-way with "Cannot use a pool after calling end on the pool".
 */
export class InFlightRequests {
  private count = 0;
  private waiters: Array<() => void> = [];

  readonly middleware: Middleware = async (_ctx, next) => {
    this.count++;
    try {
      await next();
    } finally {
      this.count--;
      if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
    }
  };

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
