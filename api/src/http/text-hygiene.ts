import type { Middleware } from 'koa';
import { findTextIssues, type TextIssue } from '@courtside/events/text';
import { HttpError } from './http-error.ts';

/**
 * Refuses, before any route runs, a request whose path, query or JSON body holds a string that may not be stored
 * (NUL, a lone surrogate, control characters; in the path and query also tabs and line breaks, which no address
 * needs; a body field that is one line says so in its own schema): `400` naming where. One check for every route, so no route can
 * forget it and no such string reaches Postgres or the event log.
 */
const ONE_LINE = { multiline: false };
/** Printable ASCII without percent-escapes: nothing in it to refuse, and most addresses are this (public reads). */
const PLAIN_URL = /^[\x21-\x24\x26-\x7e]*$/;

export function textHygiene(): Middleware {
  return async (ctx, next) => {
    const issues: TextIssue[] = [];
    if (!PLAIN_URL.test(ctx.url)) findUrlIssues(ctx.path, ctx.query, issues);
    issues.push(...findTextIssues((ctx.request as { body?: unknown }).body, ['body']));
    if (issues.length > 0) throw new HttpError(400, 'Invalid request', issues);
    await next();
  };
}

function findUrlIssues(path: string, query: unknown, issues: TextIssue[]): void {
  for (const [index, segment] of path.split('/').entries()) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new HttpError(400, 'Invalid request path', [
        { path: ['path', index], message: 'Must be valid percent-encoded UTF-8', code: 'invalid_text' },
      ]);
    }
    issues.push(...findTextIssues(decoded, ['path', index], ONE_LINE));
  }
  issues.push(...findTextIssues(query, ['query'], ONE_LINE));
}
