import { isRejection, type Rejection } from '@courtside/events/decider';
import type { NewEvent } from '@courtside/events/event-registry';
import type { Decision } from '../commands/command-bus.ts';
import { CommandRejected } from '../commands/command-errors.ts';
import { HttpError } from './http-error.ts';

const statusOf: Record<Rejection['reason'], number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

/** The one place a domain rejection becomes an HTTP answer: its status, its message, the field it is about. */
export function rejectionToHttp(rejection: Rejection): HttpError {
  const issues =
    rejection.field === undefined
      ? undefined
      : [{ path: [rejection.field], message: rejection.message, code: rejection.reason }];
  const details = rejection.code === undefined ? {} : { reason: rejection.code };
  return new HttpError(statusOf[rejection.reason], rejection.message, issues, {}, details);
}

/** A decider's answer as the command bus takes it: the events and the route's result, or the refusal thrown. */
export function decided<T>(outcome: NewEvent[] | Rejection, result: T): Decision<T> {
  if (isRejection(outcome)) throw new CommandRejected(outcome);
  return { events: outcome, result };
}
