import { afterAll, beforeAll } from 'vitest';
import type { CourtsideConfig, RunningCourtside } from '@courtside/api/courtside';
import { readCodesFrom, readCodesFromSmtp } from './accounts.ts';
import { createBackend, startTestCourtside, type TestBackend } from './courtside.ts';
import { SmtpCollector } from './smtp.ts';

interface CourtsideWithSmtp {
  smtp: SmtpCollector;
  courtside: RunningCourtside;
  backend: TestBackend;
}

/**
 * For a describe block: Courtside (embedded log) that mails through the outbox to a real SMTP server, sign-up codes
 * read there; started before the block's tests and stopped after them. Read the fields inside the tests.
 */
export function courtsideWithSmtp(overrides: Partial<CourtsideConfig> = {}): CourtsideWithSmtp {
  const running = { smtp: new SmtpCollector() } as CourtsideWithSmtp;
  beforeAll(async () => {
    await running.smtp.start();
    readCodesFromSmtp(running.smtp);
    running.backend = await createBackend('embedded');
    running.courtside = await startTestCourtside(running.backend, {
      mailUrl: running.smtp.url,
      mailRetryBaseMs: 100,
      ...overrides,
    });
  });
  afterAll(async () => {
    readCodesFrom(undefined);
    await running.courtside?.stop();
    await running.smtp.stop();
  });
  return running;
}
