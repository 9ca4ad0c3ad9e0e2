import { createHmac, randomFillSync, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { UNSUBSCRIBE_PATH } from '@courtside/events/api-paths';
import { HttpError } from './http-error.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Carry their own proof instead: the one-click unsubscribe (RFC 8058) is POSTed by mail programs, without cookies,
 * and is authorised by the signed token in its address.
 */
const EXEMPT_PATHS = new Set([UNSUBSCRIBE_PATH]);

const NONCE_BYTES = 16;
const MAX_KEPT_VALID_TOKENS = 10_000;
const MAX_KEPT_SESSION_ID_LENGTH = 200;
/**
 * Random bytes for 256 nonces at a time: every answer to a client without a token carries a new one (DESIGN.md §3), and
 * one system call per answer was 8 % of the api's CPU serving a cached public read (docs/performance.md). Each
 * slice is handed out once.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64url', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** A signed double-submit token: a random value and an HMAC over the session id and that value. */
export function issueXsrfToken(secret: string, sessionId: string): string {
  const nonce = nextNonce();
  return `${nonce}.${sign(secret, sessionId, nonce)}`;
}

export function xsrfTokenIsValid(secret: string, sessionId: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, sessionId, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(secret: string, sessionId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${sessionId}.${nonce}`).digest('base64url');
}

/**
 * The anti-forgery cookie of a request: valid, or replaced by a new one for the client to retry with. Keeps the
 * tokens it found valid, with their session: a returning client sends the same cookie with every request, and its
 * HMAC was the api's largest single cost after the socket write on a kept public answer. Whether a token is valid
 * for a session never changes, so keeping the answer is safe; the map is emptied when it grows large.
 */
export class XsrfCookies {
  private readonly validTokens = new Map<string, string>();

  constructor(private readonly secret: string) {}

  /** Whether the request's cookie is valid for `sessionId`; when it is not, the answer sets a new one. */
  checkOrRenew(
    ctx: Pick<Context, 'cookies' | 'secure'>,
    sessionId: string,
  ): { valid: boolean; cookie?: string } {
    const cookie = ctx.cookies.get(XSRF_COOKIE);
    const renewal = this.renewalFor(cookie, sessionId);
    if (renewal === undefined) return { valid: true, cookie };
    ctx.cookies.set(XSRF_COOKIE, renewal, {
      httpOnly: false,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/',
      overwrite: true,
    });
    return { valid: false, cookie };
  }

  /** A new token for a client whose cookie is missing or not valid for `sessionId`; undefined when it is valid. */
  renewalFor(cookie: string | undefined, sessionId: string): string | undefined {
    if (cookie !== undefined && this.isValid(sessionId, cookie)) return undefined;
    return issueXsrfToken(this.secret, sessionId);
  }

  private isValid(sessionId: string, token: string): boolean {
    if (this.validTokens.get(token) === sessionId) return true;
    if (!xsrfTokenIsValid(this.secret, sessionId, token)) return false;
    // A session id is whatever the client sent (up to a header's 16 KB): only real-sized ones are kept.
    if (sessionId.length > MAX_KEPT_SESSION_ID_LENGTH) return true;
    if (this.validTokens.size >= MAX_KEPT_VALID_TOKENS) this.validTokens.clear();
    this.validTokens.set(token, sessionId);
    return true;
  }
}

/** The `Set-Cookie` value `checkOrRenew` has Koa's cookies write, for an answer sent without Koa. */
export function xsrfSetCookie(token: string, secure: boolean): string {
  return `${XSRF_COOKIE}=${token}; path=/; samesite=lax${secure ? '; secure' : ''}`;
}

/**
 * Sets the XSRF-TOKEN cookie for a client that has none (or one for another session), and refuses a
 * state-changing call whose X-XSRF-TOKEN header does not carry the same, validly signed, value.
 */
export function xsrfProtection(
  cookies: XsrfCookies,
  sessionIdOf: (ctx: Parameters<Middleware>[0]) => string,
): Middleware {
  return async (ctx, next) => {
    // Set before the check below, so that a refused client still gets a token to retry with.
    const { valid, cookie } = cookies.checkOrRenew(ctx, sessionIdOf(ctx));
    if (
      !SAFE_METHODS.has(ctx.method) &&
      ctx.path.startsWith('/webapps/api/') &&
      !EXEMPT_PATHS.has(ctx.path)
    ) {
      const header = ctx.get(XSRF_HEADER);
      if (!valid || header !== cookie) {
        throw new HttpError(403, 'Missing or invalid anti-forgery token: reload the page and try again');
      }
    }
    await next();
  };
}
