import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import accepts from 'accepts';
import fresh from 'fresh';
import { SESSION_COOKIE, SESSION_HEADER } from '../accounts/sessions.ts';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import { recordAnswer, requestIdOf } from '../observability/request-logging.ts';
import { keptEncodingFor, type PublicAnswerCache } from './public-answer-cache.ts';
import { JSON_ANSWER_HEADERS } from './security-headers.ts';
import { XSRF_COOKIE, type XsrfCookies, xsrfSetCookie } from './xsrf.ts';

interface KeptPublicAnswersOptions {
  cache: PublicAnswerCache;
  xsrf: XsrfCookies;
  logger: Logger;
  metrics: Pick<Metrics, 'httpDuration' | 'shortPathAnswers'>;
  /** As the app's `proxy`: whether `X-Forwarded-Proto` says the connection was secure. */
  trustProxy: boolean;
}

const JSON_ANSWER_HEADER_LIST = Object.entries(JSON_ANSWER_HEADERS).flat();
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The short path of a public read asked again (a club's TV screen, a widget, visitors of one match): a GET without a
 * session, of an address whose answer is kept (`PublicAnswerCache.answer` with `byAddress`), is answered in front of
 * Koa with what the whole app would send (its id, log line and metrics, the JSON header set, the anti-forgery cookie
 * rule, ETag and 304, the compressed form). The route ran for that address when its answer was kept; for a small
 * answer, Koa's context and the dozen middlewares cost more than the answer itself (docs/performance.md). Anything
 * else goes to `app`.
 */
export function withKeptPublicAnswers(
  app: RequestListener,
  options: KeptPublicAnswersOptions,
): RequestListener {
  return (request, response) => {
    if (request.method === 'GET' && tryKept(request, response, options)) return;
    void app(request, response);
  };
}

function tryKept(
  request: IncomingMessage,
  response: ServerResponse,
  options: KeptPublicAnswersOptions,
): boolean {
  try {
    return answerKept(request, response, options);
  } catch (error) {
    // Never expected (what is sent was valid when the route first sent it); the app answers if nothing went out.
    options.logger.error({ err: error, path: request.url }, 'short path of a kept answer failed');
    return response.headersSent;
  }
}

/** Answers the request from a kept answer; false (nothing sent) when it is not one for the short path. */
function answerKept(
  request: IncomingMessage,
  response: ServerResponse,
  options: KeptPublicAnswersOptions,
): boolean {
  const url = request.url ?? '';
  const started = performance.now();
  const kept = options.cache.keptAt(url);
  if (!kept) return false;
  const headers = request.headers;
  const cookies = headers.cookie;
  // As `sessionIdOf`: a session header, else a session cookie, makes the answer the caller's own.
  if (headers[SESSION_HEADER] || cookieOf(cookies, SESSION_COOKIE)) return false;
  // A client that asks for another encoding (deflate, zstd, "*") gets it from the compression middleware.
  let encoding: 'br' | 'gzip' | undefined;
  if (kept.answer.worthCompressing && headers['accept-encoding']) {
    encoding = keptEncodingFor(accepts(request).encodings(), kept.answer);
    if (!encoding) return false;
  }

  const requestId = requestIdOf(firstOf(headers['x-request-id']));
  const out = ['X-Request-Id', requestId, 'Vary', 'Accept-Encoding'];
  const renewal = options.xsrf.renewalFor(cookieOf(cookies, XSRF_COOKIE), '');
  if (renewal !== undefined)
    out.push('Set-Cookie', xsrfSetCookie(renewal, isSecure(request, options.trustProxy)));
  out.push(...kept.headers, ...JSON_ANSWER_HEADER_LIST, 'ETag', kept.answer.etag);
  if (encoding) out.push('Content-Encoding', encoding);
  let status = 200;
  // As Koa's `ctx.fresh` (the same package): a poller that holds the answer gets a 304 without a body.
  if (fresh(headers, { etag: kept.answer.etag })) {
    status = 304;
    response.writeHead(status, out);
    response.end();
  } else {
    const body = encoding ? kept.answer.encodedAs(encoding) : kept.answer.identity;
    out.push('Content-Type', JSON_TYPE, 'Content-Length', String(body.length));
    response.writeHead(status, out);
    response.end(body);
  }

  options.metrics.shortPathAnswers.inc();
  const query = url.indexOf('?');
  recordAnswer(options.logger, options.metrics, {
    requestId,
    method: 'GET',
    path: query < 0 ? url : url.slice(0, query),
    route: kept.route,
    status,
    seconds: (performance.now() - started) / 1000,
  });
  return true;
}

function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A cookie's value as Koa's `ctx.cookies.get` reads it (the `cookies` package's pattern). */
function cookieOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const value = COOKIE_PATTERNS[name]?.exec(header)?.[1];
  return value?.startsWith('"') ? value.slice(1, -1) : value;
}

const COOKIE_PATTERNS: Record<string, RegExp> = {
  [SESSION_COOKIE]: new RegExp(`(?:^|;) *${SESSION_COOKIE}=([^;]*)`),
  [XSRF_COOKIE]: new RegExp(`(?:^|;) *${XSRF_COOKIE}=([^;]*)`),
};

/** As Koa's `ctx.secure`: a TLS connection, or one our proxy says was HTTPS. */
function isSecure(request: IncomingMessage, trustProxy: boolean): boolean {
  if ((request.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trustProxy) return false;
  const proto = firstOf(request.headers['x-forwarded-proto']);
  return proto?.split(',')[0]?.trim().toLowerCase() === 'https';
}
