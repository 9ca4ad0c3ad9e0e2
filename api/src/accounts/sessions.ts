import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type pg from 'pg';
import { issueXsrfToken, XSRF_COOKIE } from '../http/xsrf.ts';

export const SESSION_COOKIE = 'SESSION-ID';
export const SESSION_HEADER = 'session-id';
export const LOGGED_IN_COOKIE = 'courtside.loggedin';
const EXPIRE_COOKIE = 'courtside.expire';

/** Postgres channel on which an ended session (its id's hash) is announced: every api process ends its sockets. */
export const SESSION_ENDED_CHANNEL = 'courtside_session_ended';

const ACCESS_LIFETIME_MS = 15 * 60 * 1000;
const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface Session {
  idHash: string;
  accountId: string;
  accessExpiresAt: Date;
  /** The session lives on, but its access time ran out: only the refresh call is allowed. */
  accessExpired: boolean;
}

const hashOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/** Server-side sessions: only hashes are stored; 15 minutes of access, renewed by refresh within 30 days. */
export class SessionStore {
  constructor(
    private readonly db: pg.Pool,
    private readonly clock: () => Date,
  ) {}

  async create(accountId: string): Promise<{ sessionId: string; accessExpiresAt: Date }> {
    const sessionId = randomBytes(32).toString('base64url');
    const now = this.clock();
    const accessExpiresAt = new Date(now.getTime() + ACCESS_LIFETIME_MS);
    await this.db.query(
      `INSERT INTO courtside.sessions (id_hash, account_id, created_at, refreshed_at, access_expires_at)
       VALUES ($1, $2, $3, $3, $4)`,
      [hashOf(sessionId), accountId, now, accessExpiresAt],
    );
    return { sessionId, accessExpiresAt };
  }

  /** The live session behind a session id, or undefined when it is unknown, revoked or older than 30 days. */
  async find(sessionId: string | undefined): Promise<Session | undefined> {
    if (!sessionId || sessionId.length > 200) return undefined;
    const now = this.clock();
    const { rows } = await this.db.query<{ id_hash: string; account_id: string; access_expires_at: Date }>(
      `SELECT id_hash, account_id, access_expires_at FROM courtside.sessions
       WHERE id_hash = $1 AND revoked_at IS NULL AND refreshed_at > $2`,
      [hashOf(sessionId), new Date(now.getTime() - SESSION_LIFETIME_MS)],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      idHash: row.id_hash,
      accountId: row.account_id,
      accessExpiresAt: row.access_expires_at,
      accessExpired: row.access_expires_at.getTime() <= now.getTime(),
    };
  }

  async refresh(session: Session): Promise<Date> {
    const now = this.clock();
    const accessExpiresAt = new Date(now.getTime() + ACCESS_LIFETIME_MS);
    await this.db.query(
      'UPDATE courtside.sessions SET refreshed_at = $2, access_expires_at = $3 WHERE id_hash = $1',
      [session.idHash, now, accessExpiresAt],
    );
    return accessExpiresAt;
  }

  /** Ends a session; the live sockets opened with it are disconnected (SESSION_ENDED_CHANNEL, sent on commit). */
  async revoke(session: Session): Promise<void> {
    await this.db.query(
      `WITH ended AS (UPDATE courtside.sessions SET revoked_at = $2 WHERE id_hash = $1 RETURNING id_hash)
       SELECT pg_notify($3, id_hash) FROM ended`,
      [session.idHash, this.clock(), SESSION_ENDED_CHANNEL],
    );
  }

  /** Ends every session of the account (a password reset, an erasure), and their live sockets. */
  async revokeAll(accountId: string): Promise<void> {
    await this.db.query(
      `WITH ended AS (
         UPDATE courtside.sessions SET revoked_at = $2 WHERE account_id = $1 AND revoked_at IS NULL RETURNING id_hash
       )
       SELECT pg_notify($3, id_hash) FROM ended`,
      [accountId, this.clock(), SESSION_ENDED_CHANNEL],
    );
  }

  /** Ends the account's other sessions (a password change), and their live sockets. */
  async revokeOthers(accountId: string, keep: Session): Promise<void> {
    await this.db.query(
      `WITH ended AS (
         UPDATE courtside.sessions SET revoked_at = $3
         WHERE account_id = $1 AND id_hash <> $2 AND revoked_at IS NULL RETURNING id_hash
       )
       SELECT pg_notify($4, id_hash) FROM ended`,
      [accountId, keep.idHash, this.clock(), SESSION_ENDED_CHANNEL],
    );
  }
}

/** The session id a request carries: the SESSION-ID header (scripts, apps) or the SESSION-ID cookie. */
export function sessionIdOf(ctx: Pick<Context, 'get' | 'cookies'>): string {
  return ctx.get(SESSION_HEADER) || ctx.cookies.get(SESSION_COOKIE) || '';
}

export function sessionIdFromCookieHeader(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const readable = { httpOnly: false, sameSite: 'lax', path: '/', overwrite: true } as const;

/** Sets the session cookies of DESIGN.md §3, and a fresh anti-forgery token bound to the new session. */
export function setSessionCookies(
  ctx: Context,
  sessionId: string,
  accessExpiresAt: Date,
  xsrfSecret: string,
): void {
  const secure = ctx.secure;
  ctx.cookies.set(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_LIFETIME_MS,
    overwrite: true,
  });
  ctx.cookies.set(LOGGED_IN_COOKIE, 'true', { ...readable, secure, maxAge: SESSION_LIFETIME_MS });
  setExpireCookie(ctx, accessExpiresAt);
  ctx.cookies.set(XSRF_COOKIE, issueXsrfToken(xsrfSecret, sessionId), { ...readable, secure });
}

export function setExpireCookie(ctx: Context, accessExpiresAt: Date): void {
  ctx.cookies.set(EXPIRE_COOKIE, String(accessExpiresAt.getTime()), {
    ...readable,
    secure: ctx.secure,
    maxAge: SESSION_LIFETIME_MS,
  });
}

export function clearSessionCookies(ctx: Context, xsrfSecret: string): void {
  for (const name of [SESSION_COOKIE, LOGGED_IN_COOKIE, EXPIRE_COOKIE]) {
    ctx.cookies.set(name, '', { path: '/', maxAge: 0, expires: new Date(0), overwrite: true });
  }
  ctx.cookies.set(XSRF_COOKIE, issueXsrfToken(xsrfSecret, ''), { ...readable, secure: ctx.secure });
}
