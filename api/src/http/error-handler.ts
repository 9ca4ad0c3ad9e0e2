import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { HttpError } from './http-error.ts';

/**
 * Turns every failure into a JSON answer `{error, issues?}`. Bad input is a 400 with the zod issues; only a
 * genuine fault of ours is a 500, and its details stay in the log.
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body =
          error.issues === undefined
            ? { error: error.message }
            : { error: error.message, issues: error.issues };
        return;
      }
      if (error instanceof ZodError) {
        ctx.status = 400;
        ctx.body = { error: 'Invalid input', issues: error.issues };
        return;
      }
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // Errors raised by middleware such as the body parser (malformed JSON, too large) are the client's.
        ctx.status = status;
        ctx.body = { error: (error as Error).message || 'Bad request' };
        return;
      }
      ctx.state.logger?.error({ err: error }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: 'Something went wrong on our side. Nothing was changed; please try again.' };
    }
  };
}
