import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';

/** The route that answers a request (@koa/router's own field), as metrics label it. */
export function matchedRouteOf(ctx: Context): string {
  return (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
}

/** The request's id: the client's `X-Request-Id` when sane (a proxy's), else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** An answered request's metric and log line (assets get no line: a page load asks for a dozen). */
export function recordAnswer(
  logger: Logger,
  metrics: Pick<Metrics, 'httpDuration'>,
  answer: { requestId: string; method: string; path: string; route: string; status: number; seconds: number },
): void {
  const { requestId, method, path, route, status, seconds } = answer;
  metrics.httpDuration.observe({ method, route, status: String(status) }, seconds);
  if (path.startsWith('/webapps/assets/')) return;
  logger.info({ requestId, method, path, status, ms: Math.round(seconds * 1000) }, 'request');
}

/**
 * Gives every request an id (kept from `X-Request-Id` when sane), a child logger, a log line and a timing. The child
 * logger is made when something asks for it (`ctx.state.logger`): most answers log only their closing line.
 */
export function requestLogging(logger: Logger, metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.set('X-Request-Id', requestId);
    let requestLogger: Logger | undefined;
    const loggerOfRequest = () => (requestLogger ??= logger.child({ requestId }));
    Object.defineProperty(ctx.state, 'logger', {
      get: loggerOfRequest,
      enumerable: true,
      configurable: true,
    });
    const started = performance.now();
    try {
      await next();
    } finally {
      recordAnswer(logger, metrics, {
        requestId,
        method: ctx.method,
        path: ctx.path,
        route: matchedRouteOf(ctx),
        status: ctx.status,
        seconds: (performance.now() - started) / 1000,
      });
    }
  };
}
