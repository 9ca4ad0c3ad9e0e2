import { z } from 'zod';
import { emailAddressInput } from '@courtside/events/email';

/** The inputs several account routes share, parsed alike everywhere (the address rule is the web app's too). */
export const emailInput = emailAddressInput;
export const newPasswordInput = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(128, 'Use at most 128 characters');
/** The language of the page a request comes from: the language of what the server mails for it. */
export const languageQuery = z.object({ language: z.enum(['en', 'nl']).catch('en').default('en') });
