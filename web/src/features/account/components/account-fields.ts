import { z } from 'zod';
import { isGuessablePassword } from '@courtside/events/accounts/guessable-passwords';
import type { TFunction } from '../../../lib/i18n';

/** The fields the account pages share, checked alike on each (the server checks them again). */
export const emailField = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t('form.required'))
    .pipe(z.email(t('form.email')));

export const newPasswordField = (t: TFunction) =>
  z
    .string()
    .min(10, t('register.passwordMin'))
    .max(128, t('register.passwordMax'))
    .refine((password) => !isGuessablePassword(password), {
      message: t('register.passwordGuessable'),
      abort: true,
    });

/** A mailed 6-digit code, spaces allowed as people type them. */
export const codeField = (t: TFunction) =>
  z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, t('verify.codeFormat')));
