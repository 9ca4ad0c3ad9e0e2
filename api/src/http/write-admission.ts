import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestListener } from 'node:http';
import { CommandUnavailable, unavailableCodes } from '../commands/command-errors.ts';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import { recordAnswer, requestIdOf } from '../observability/request-logging.ts';
import { RETRY_AFTER_SECONDS } from './error-handler.ts';
import { JSON_ANSWER_HEADERS } from './security-headers.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** When a write reached the process, and whether it came in a crowd. */
export interface WriteArrival {
  /** `performance.now()` when the request came in. */
  at: number;
  /** Half the admission's room or more was taken when it came: the process is in a burst. */
  crowded: boolean;
}

const arrivals = new AsyncLocalStorage<WriteArrival>();

/**
 * When the write being answered reached the process, for the command bus: a command's bound starts there, not when
 * the route hands it over (in a burst a request waited ~1 s in the event loop behind the others' reading,
 * signing in and parsing before its command's bound began), and is shorter for a write that came in a crowd (the
 * time before its arrival, in the kernel's accept queue and the event loop, is long then too). Undefined outside a
 * write. (Stamping only writes that came in a burst, a quarter of the room or more under way, let three times as
 * many of a burst's commands in, and answered them after p99 5 s: docs/performance.md.)
 */
export function writeArrival(): WriteArrival | undefined {
  return arrivals.getStore();
}
const OVERLOADED = JSON.stringify({
  error: new CommandUnavailable('overloaded').message,
  reason: unavailableCodes.overloaded,
});

/**
 * Turns writes away in front of Koa while the process has as many under way as it can answer in time:
 * 2,000 commands sent at once were each read, signed in, parsed and queued before all but a hundred were refused,
 * so the refusals came after p50 1.2 s, p99 2.9 s on two busy cores. A POST, PUT, PATCH or DELETE to the api that
 * arrives while `limit` of them are being answered gets the command bus's own `503` ("taking too many changes at
 * once", `Retry-After`) at once, for a fraction of the cost; reads are never turned away here.
 */
export function withWriteAdmission(
  app: RequestListener,
  options: {
    limit: number;
    /**
     * The command bus runs as many commands as it may: checked first, before the body is read, the session looked up,
     * the anti-forgery token checked or the database asked, since such a write would be refused by the bus anyway.
     */
    full?: () => boolean;
    logger: Logger;
    metrics: Pick<Metrics, 'httpDuration'>;
  },
): RequestListener {
  let underWay = 0;
  return (request, response) => {
    if (!WRITES.has(request.method ?? '') || !request.url?.startsWith('/webapps/api/')) {
      return void app(request, response);
    }
    if (underWay >= options.limit || options.full?.()) {
      const requestId = requestIdOf(firstOf(request.headers['x-request-id']));
      response.writeHead(503, {
        ...JSON_ANSWER_HEADERS,
        'X-Request-Id': requestId,
        'Retry-After': RETRY_AFTER_SECONDS,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(OVERLOADED),
      });
      response.end(OVERLOADED);
      const query = request.url.indexOf('?');
      recordAnswer(options.logger, options.metrics, {
        requestId,
        method: request.method!,
        path: query < 0 ? request.url : request.url.slice(0, query),
        route: 'turned away',
        status: 503,
        seconds: 0,
      });
      return;
    }
    const arrival = { at: performance.now(), crowded: underWay * 2 >= options.limit };
    underWay++;
    response.once('close', () => underWay--);
    arrivals.run(arrival, () => void app(request, response));
  };
}

function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
