import type Koa from 'koa';
import type { Logger } from './logger.ts';

/** A client that hung up or reset the connection while its answer was being sent. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Errors Koa meets after the handlers are done (an answer's stream failing while it is sent) go to the log with the
 * request's id, never to the console as Koa's default does: a client that went away mid-answer (a poller closing,
 * a person leaving the page during a large answer) at debug level, anything else as an error.
 */
export function logAppErrors(app: Koa, logger: Logger): void {
  app.on('error', (error: unknown, ctx?: Koa.Context) => {
    const log = (ctx?.state?.logger as Logger | undefined) ?? logger;
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && CLIENT_GONE.has(code)) {
      log.debug({ err: error }, 'the client went away before its answer was sent');
    } else {
      log.error({ err: error }, 'an answer failed while it was sent');
    }
  });
}
