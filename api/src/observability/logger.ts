import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: options.name ?? 'courtside',
    level: options.level ?? 'info',
    // Secrets never reach a log line, whatever a handler passes in.
    redact: {
      paths: [
        'password',
        '*.password',
        'req.headers.cookie',
        'req.headers["session-id"]',
        'req.headers["x-xsrf-token"]',
      ],
      censor: '[redacted]',
    },
  });
}
