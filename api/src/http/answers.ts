import { z } from 'zod';
import { unavailableCodes } from '../commands/command-errors.ts';

/**
 * The answers every route shares (DESIGN.md §3), as the error handler writes them: the OpenAPI document names
 * them once (components) and the routes point at them.
 */
const issueSchema = z
  .looseObject({
    path: z
      .array(z.union([z.string(), z.number()]))
      .describe('Where in the request: a body field, `query`, `path`…'),
    message: z.string(),
    code: z
      .string()
      .optional()
      .describe('What kind of problem, e.g. `invalid_text`, `taken`, a zod issue code'),
  })
  .meta({ id: 'Issue', description: 'One thing wrong with the request.' });

export const errorSchema = z
  .object({ error: z.string().describe('A readable message, fit to show a person') })
  .meta({ id: 'Error', description: 'A failure: what went wrong, in words.' });

/** A command's `503`: why it could not be taken now (docs/decisions/log-and-consumers.md "A 503 says why"). */
export const unavailableSchema = z
  .object({
    error: z.string().describe('A readable message, fit to show a person'),
    reason: z.enum([...Object.values(unavailableCodes), 'DATABASE_BUSY']).optional(),
  })
  .meta({ id: 'Unavailable', description: 'A command that could not be taken now, and why.' });

export const validationErrorSchema = z
  .object({
    error: z.string(),
    issues: z.array(issueSchema).optional(),
    reason: z.string().optional().describe('A refusal code, when a rule refused the input'),
  })
  .meta({
    id: 'ValidationError',
    description: 'Bad input (`400`): `issues` says which fields and why (zod at every edge).',
  });

/** A rule's refusal (`409 {error, reason}`), with the route's reason codes. */
export const refusalSchema = (reasons: readonly string[]) =>
  z.object({
    error: z.string(),
    reason: (reasons.length > 0 ? z.enum(reasons as [string, ...string[]]) : z.string())
      .optional()
      .describe('Why, as a code a client can act on'),
    issues: z.array(issueSchema).optional(),
  });

/** What a command answers when its events are in the log but not yet in the read models (`202`). */
export const acceptedSchema = <T extends z.ZodObject>(result: T) =>
  result.extend({
    eventIds: z.array(z.uuid()).describe('The events written; a live push follows once they are projected'),
  });

/** `true`: the spec's answer of several commands. */
export const trueSchema = z.literal(true);
