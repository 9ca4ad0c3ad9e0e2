import type { Middleware } from 'koa';
import { z } from 'zod';
import { EventParseError } from '@courtside/events/event-registry';
import { CommandRejected, CommandUnavailable, unavailableCodes } from '../commands/command-errors.ts';
import { HttpError } from './http-error.ts';
import { rejectionToHttp } from './rejection.ts';

/** How long a client should wait before trying a command again that could not run now. */
export const RETRY_AFTER_SECONDS = '2';

/** The `reason` of a `503` for a transaction the database rolled back: nothing was changed. */
const DATABASE_BUSY = 'DATABASE_BUSY';

function asHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof CommandRejected) return rejectionToHttp(error.rejection);
  if (error instanceof CommandUnavailable)
    return new HttpError(
      503,
      error.message,
      undefined,
      { 'Retry-After': RETRY_AFTER_SECONDS },
      { reason: unavailableCodes[error.reason] },
    );
  if (error instanceof EventParseError) return new HttpError(400, error.message, error.issues);
  if (transientDatabaseError(error)) {
    return new HttpError(
      503,
      'The server is busy; nothing was changed. Please try again in a moment.',
      undefined,
      { 'Retry-After': RETRY_AFTER_SECONDS },
      { reason: DATABASE_BUSY },
    );
  }
  return undefined;
}

/**
 * Postgres gave up on a transaction it would run fine again: a deadlock or serialization failure (class 40) or a
 * lock it could not take (55P03). The transaction was rolled back whole, so the client may simply try again.
 */
function transientDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('40') || code === '55P03');
}

/**
 * Turns every failure into a JSON answer `{error, issues?}`. Bad input is a 400 with the zod issues; only a
 * genuine fault of ours is a 500, and its details stay in the log.
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = asHttpError(error);
      if (answer?.status === 503 && transientDatabaseError(error)) {
        ctx.state.logger?.warn({ err: error }, 'transaction rolled back by the database; answered 503');
      }
      if (answer) {
        ctx.status = answer.status;
        ctx.set(answer.headers);
        ctx.body =
          answer.issues === undefined
            ? { error: answer.message, ...answer.details }
            : { error: answer.message, ...answer.details, issues: answer.issues };
        return;
      }
      // zod's core error: schemas of the classic API and of zod/mini (the rules shared with the web) throw it.
      if (error instanceof z.core.$ZodError) {
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
