import type { Middleware } from 'koa';
import { sessionIdOf } from '../accounts/sessions.ts';
import { setMatchedRoute } from '../observability/request-logging.ts';
import { keptEncodingFor, type PublicAnswerCache, sendKeptAnswer } from './public-answer-cache.ts';
import { JSON_ANSWER_HEADERS } from './security-headers.ts';
import type { XsrfCookies } from './xsrf.ts';

/**
 * The short path of a public read asked again (a club's TV screen, a widget, visitors of one match): a GET without a
 * session, of an address whose answer is kept (`PublicAnswerCache.answer` with `byAddress`), is answered here with
 * what the whole chain would send (the JSON header set, the anti-forgery cookie, ETag and 304, the compressed form)
 * without the dozen middlewares and the route, which ran for that address when its answer was kept. For a small
 * answer they cost more than the answer itself (docs/performance.md). Anything else goes on down the chain.
 */
export function keptPublicAnswers(
  cache: PublicAnswerCache,
  xsrf: XsrfCookies,
  onAnswered: () => void = () => undefined,
): Middleware {
  return (ctx, next) => {
    if (ctx.method !== 'GET') return next();
    const kept = cache.keptAt(ctx.url);
    if (!kept || sessionIdOf(ctx) !== '') return next();
    // A client that asks for another encoding (deflate, zstd, "*") gets it from the compression middleware.
    if (kept.answer.worthCompressing && ctx.get('accept-encoding') && !keptEncodingFor(ctx, kept.answer))
      return next();
    setMatchedRoute(ctx, kept.route);
    ctx.vary('Accept-Encoding');
    xsrf.checkOrRenew(ctx, '');
    ctx.set(kept.headers);
    ctx.set(JSON_ANSWER_HEADERS);
    sendKeptAnswer(ctx, kept.answer);
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
    onAnswered();
    return Promise.resolve();
  };
}
