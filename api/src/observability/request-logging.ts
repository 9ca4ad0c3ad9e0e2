import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';

/** Gives every request an id (kept from `X-Request-Id` when sane), a child logger, a log line and a timing. */
export function requestLogging(logger: Logger, metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', requestId);
    const requestLogger = logger.child({ requestId });
    ctx.state.logger = requestLogger;
    const started = performance.now();
    try {
      await next();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      metrics.httpDuration.observe({ method: ctx.method, route, status: String(ctx.status) }, seconds);
      if (!ctx.path.startsWith('/webapps/assets/')) {
        requestLogger.info(
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(seconds * 1000) },
          'request',
        );
      }
    }
  };
}
