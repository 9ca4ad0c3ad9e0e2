import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/** Parses a request part with zod; a mismatch is a 400 that says what was wrong. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(
      400,
      `Invalid ${what}`,
      result.error.issues.map((issue) => ({ path: issue.path, message: issue.message, code: issue.code })),
    );
  }
  return result.data;
}
