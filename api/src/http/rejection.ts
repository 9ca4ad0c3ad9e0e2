import type { Rejection } from '@courtside/events/decider';
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
