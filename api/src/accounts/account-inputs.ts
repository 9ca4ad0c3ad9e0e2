import { z } from 'zod';
import { isGuessablePassword } from '@courtside/events/accounts/guessable-passwords';
import { emailAddressInput } from '@courtside/events/email';

/** The inputs several account routes share, parsed alike everywhere (the address rule is the web app's too). */
export const emailInput = emailAddressInput;
/** A password being set (sign-up, reset, change): long enough, and not one that is guessed first (§19). */
export const newPasswordInput = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(128, 'Use at most 128 characters')
  .refine((password) => !isGuessablePassword(password), {
    message:
      'This password is too easy to guess (a very common one, or one character repeated): choose another',
    abort: true,
  });
/** The language of the page a request comes from: the language of what the server mails for it. */
export const languageQuery = z.object({ language: z.enum(['en', 'nl']).catch('en').default('en') });
