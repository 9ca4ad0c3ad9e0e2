import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** Gives the text to show for a failed check of `field` (zod issue `code`); undefined keeps the schema's. */
type IssueTranslator<V> = (field: string, code: string, values: V) => string | undefined;

/**
 * A react-hook-form resolver for a shared zod schema (events package) whose messages are English:
 * each field gets its first issue, with the text from `translate` (so Dutch works too). On success
 * the parsed (trimmed) values reach the submit handler.
 */
export function schemaResolver<V extends FieldValues, Out = V>(
  schema: ZodType<Out>,
  translate: IssueTranslator<V>,
): Resolver<V, unknown, Out> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (errors[field]) continue;
      errors[field] = { type: issue.code, message: translate(field, issue.code, values) ?? issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
