import { z } from 'zod';

/** The inputs several account routes share, parsed alike everywhere. */
export const emailInput = z.email('Enter a valid email address').trim().toLowerCase().max(254);
export const newPasswordInput = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(128, 'Use at most 128 characters');
/** The language of the page a request comes from: the language of what the server mails for it. */
export const languageQuery = z.object({ language: z.enum(['en', 'nl']).catch('en').default('en') });
