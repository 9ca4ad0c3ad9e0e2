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

export function textHygiene(): Middleware {
  return async (ctx, next) => {
    const issues: TextIssue[] = [];
    for (const [index, segment] of ctx.path.split('/').entries()) {
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
    issues.push(...findTextIssues(ctx.query, ['query'], ONE_LINE));
    issues.push(...findTextIssues((ctx.request as { body?: unknown }).body, ['body']));
    if (issues.length > 0) throw new HttpError(400, 'Invalid request', issues);
    await next();
  };
}
