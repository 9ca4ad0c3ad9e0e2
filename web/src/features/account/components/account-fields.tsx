import { useMemo, type ComponentProps } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PasswordField } from '../../../components/forms/PasswordField';
import { TextField } from '../../../components/forms/TextField';
import { useTranslation } from '../../../hooks/useTranslation';
import { isGuessablePassword } from '@courtside/events/accounts/guessable-passwords';
import type { TFunction } from '../../../lib/i18n';

/**
 * The form pieces the account pages share: their fields, checked alike on each (the server checks them again), the
 * form hook, the email and new-password fields. One module, so one chunk: a file of each cost every page's list of lazy files
 * bytes (the pages' size budget).
 */

/** The email address of the account pages. */
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

/** The form of a mailed code alone (the verify page, an email change). */
export const codeSchema = (t: TFunction) => z.object({ code: codeField(t) });

/**
 * A form of the account pages: its zod schema, made with the page's texts (again when the language changes), checks
 * it in the browser before it is sent. `schemaOf` is a module-level function (a new one every render would make a new
 * schema every render).
 */
export function useAccountForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schemaOf: (t: TFunction) => Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  const { t } = useTranslation();
  const schema = useMemo(() => schemaOf(t), [schemaOf, t]);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
}

/**
 * A new password (register, reset, settings): it says its rules (`newPasswordField` checks them) and lets the
 * browser offer a generated one.
 */
export function NewPasswordField(props: Omit<ComponentProps<typeof PasswordField>, 'autoComplete' | 'hint'>) {
  const { t } = useTranslation();
  return <PasswordField {...props} autoComplete="new-password" hint={t('register.passwordHint')} />;
}

/** An email address (sign in, register, forgot, a new address): the browser offers the person's own. */
export function EmailField(
  props: Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'inputMode'>,
) {
  return <TextField {...props} type="email" autoComplete="email" inputMode="email" />;
}
