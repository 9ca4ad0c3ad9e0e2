import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * The headers of a JSON answer (OWASP's REST Security Cheat Sheet): a browser never renders it, so it needs no
 * document policies, only to never be framed, sniffed or read by other origins. A third of the bytes helmet's
 * document set takes, which counted for a small public read (docs/performance.md).
 */
export const JSON_ANSWER_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

const noMoreMiddleware = async () => undefined;

/**
 * Security headers for every answer, chosen once the answer is known (errors included). JSON answers get the
 * short set above. Documents get helmet's: only the embeddable widget (DESIGN.md §2) may be framed by other
 * sites; every other page may be framed by Courtside itself only, so the manager screens cannot be clickjacked.
 */
export function securityHeaders(): Middleware {
  const directives = {
    defaultSrc: ["'self'"],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    imgSrc: ["'self'", 'data:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
  };
  const framable = helmet({
    contentSecurityPolicy: { directives: { ...directives, frameAncestors: ['*'] } },
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
  const strict = helmet({
    contentSecurityPolicy: { directives: { ...directives, frameAncestors: ["'self'"] } },
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  });
  return async (ctx, next) => {
    await next();
    if (ctx.response.is('json')) ctx.set(JSON_ANSWER_HEADERS);
    else await (ctx.path.startsWith('/webapps/widget/') ? framable : strict)(ctx, noMoreMiddleware);
  };
}
