import type { RequestListener } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import etag from '@koa/etag';
import type { EventLog } from '@courtside/eventlog/log/port';
import { authentication } from './accounts/authentication.ts';
import { sessionIdOf } from './accounts/sessions.ts';
import { docsRoutes } from './docs/docs-routes.ts';
import { healthRoutes } from './health/health-routes.ts';
import { errorHandler } from './http/error-handler.ts';
import { securityHeaders } from './http/security-headers.ts';
import { HttpError } from './http/http-error.ts';
import { InFlightRequests } from './http/in-flight.ts';
import { jsonBody } from './http/json-body.ts';
import { withKeptPublicAnswers } from './http/kept-public-answers.ts';
import { textHygiene } from './http/text-hygiene.ts';
import { withWriteAdmission } from './http/write-admission.ts';
import { XsrfCookies, xsrfProtection } from './http/xsrf.ts';
import type { AppServices, CourtsideModule } from './module.ts';
import type { Metrics } from './observability/metrics.ts';
import { logAppErrors } from './observability/app-errors.ts';
import { requestLogging } from './observability/request-logging.ts';
import { webApp } from './web/web-app.ts';

interface AppOptions {
  services: AppServices;
  modules: readonly CourtsideModule[];
  log: EventLog;
  readModelSchema: string;
  metrics: Metrics;
  webDistDir?: string;
  /** Behind a reverse proxy: take the client address from the proxy's own X-Forwarded-For entry. */
  trustProxy: boolean;
  /** Writes this process answers at once; the next is turned away with 503 before Koa (`http/write-admission.ts`). */
  maxWritesUnderWay: number;
  /** The command bus runs as many commands as it may: writes are then turned away before the app. */
  commandsFull?: () => boolean;
}

/** One route of the api, as the router knows it (the fuzz tests send bad input to every one). */
export interface RouteInfo {
  methods: string[];
  path: string;
}

/**
 * Every answer's `Date` is the server's clock, in development the one the dev clock route moves (Node would write the
 * machine's): the pages judge "now" by it (web/src/lib/server-clock.ts), as the server judges results and deadlines.
 */
function withServerDate(listener: RequestListener, clock: () => Date): RequestListener {
  return (request, response) => {
    response.setHeader('Date', clock().toUTCString());
    listener(request, response);
  };
}

/**
 * Builds the Koa app; it does not listen (the entry point or a test does). `requestListener` is what a server
 * runs: the turning away of writes beyond what the process can answer, and the short path of kept public answers, in
 * front of the app.
 */
export function createApp(
  options: AppOptions,
): Koa & { routes: RouteInfo[]; inFlight: InFlightRequests; requestListener: RequestListener } {
  // maxIpsCount 1: only the last X-Forwarded-For entry, the one our proxy wrote, names the client. The entries
  // before it come from the client itself and could be anything (and would dodge the limits per address).
  const app = new Koa({ proxy: options.trustProxy, maxIpsCount: 1 });
  logAppErrors(app, options.services.logger);
  const router = new Router();
  healthRoutes(router, {
    pool: options.services.db,
    log: options.log,
    readModelSchema: options.readModelSchema,
    metrics: options.metrics,
    logger: options.services.logger,
  });
  for (const module of options.modules) module.routes?.(router, options.services);
  docsRoutes(router);
  // The tournament group is reserved (spec §1): nothing uses it yet.
  router.all(/^\/webapps\/api\/tournament(\/.*)?$/, () => {
    throw new HttpError(404, 'The tournament API is not available');
  });

  const inFlight = new InFlightRequests();
  app.use(inFlight.middleware);
  app.use(requestLogging(options.services.logger, options.metrics));
  const xsrf = new XsrfCookies(options.services.xsrfSecret);
  // Brotli or gzip for what is not precompressed (JSON answers, error pages), with Vary: Accept-Encoding; an
  // ETag on every answer, and 304 when the client holds it already (index.html is revalidated every time).
  app.use(compress());
  app.use(conditional());
  app.use(etag());
  app.use(securityHeaders());
  app.use(errorHandler());
  app.use(authentication(options.services.sessions));
  app.use(xsrfProtection(xsrf, sessionIdOf));
  // The bodies of the routes nest a few levels (a match's sets in the match); 32 leaves room for what comes.
  app.use(jsonBody({ maxBytes: 1024 * 1024, maxDepth: 32 }));
  app.use(textHygiene());
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  if (options.webDistDir) app.use(webApp(options.webDistDir, options.services.logger));
  app.use((ctx) => {
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
    }
  });
  const routes = router.stack
    .filter((layer) => typeof layer.path === 'string' && layer.methods.length > 0)
    .map((layer) => ({ methods: layer.methods.filter((m) => m !== 'HEAD'), path: String(layer.path) }));
  const requestListener = withServerDate(
    withWriteAdmission(
      withKeptPublicAnswers(app.callback(), {
        cache: options.services.publicAnswers,
        xsrf,
        logger: options.services.logger,
        metrics: options.metrics,
        trustProxy: options.trustProxy,
      }),
      {
        limit: options.maxWritesUnderWay,
        ...(options.commandsFull ? { full: options.commandsFull } : {}),
        logger: options.services.logger,
        metrics: options.metrics,
      },
    ),
    options.services.clock,
  );
  return Object.assign(app, { routes, inFlight, requestListener });
}
