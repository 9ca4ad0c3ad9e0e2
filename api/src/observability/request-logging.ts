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
      const seconds = (performance.now() - started) / 1000;
      const route = matchedRouteOf(ctx);
      metrics.httpDuration.observe({ method: ctx.method, route, status: String(ctx.status) }, seconds);
      if (!ctx.path.startsWith('/webapps/assets/')) {
        logger.info(
          {
            requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(seconds * 1000),
          },
          'request',
        );
      }
    }
  };
}
