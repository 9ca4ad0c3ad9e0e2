import type { CourtsideConfig } from '@courtside/api/courtside';
import { courtsideForTests, type TestCourtside } from './courtside.ts';

/**
 * For a describe block: Courtside (embedded log) that mails through the outbox to a real SMTP server, sign-up codes
 * read there. The same as `courtsideForTests({ smtp: true, ...overrides })`.
 */
export function courtsideWithSmtp(overrides: Partial<CourtsideConfig> = {}): TestCourtside {
  return courtsideForTests({ smtp: true, ...overrides });
}
