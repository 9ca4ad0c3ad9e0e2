import type { Context, Middleware } from 'koa';
import { HttpError } from '../http/http-error.ts';
import { sessionIdOf, type Session, type SessionStore } from './sessions.ts';

/** Puts the request's live session, if any, on `ctx.state.session`. */
export function authentication(sessions: SessionStore): Middleware {
  return async (ctx, next) => {
    const sessionId = sessionIdOf(ctx);
    ctx.state.session = sessionId ? await sessions.find(sessionId) : undefined;
    await next();
  };
}

export function sessionOf(ctx: Context): Session | undefined {
  return ctx.state.session as Session | undefined;
}

/** The signed-in account's session; 401 when there is none or its access time has run out (refresh first). */
export function requireSession(ctx: Context): Session {
  const session = sessionOf(ctx);
  if (!session) throw new HttpError(401, 'Please sign in');
  if (session.accessExpired)
    throw new HttpError(401, 'Your access has expired: refresh it, or sign in again');
  return session;
}
