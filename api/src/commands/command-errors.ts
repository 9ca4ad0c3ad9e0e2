import type { Rejection } from '@courtside/events/decider';

/** A decider refused the command: a domain value, mapped to HTTP once by the error handler. */
export class CommandRejected extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
    this.name = 'CommandRejected';
  }
}

export type UnavailableReason =
  | 'busy'
  /** The process runs as many commands at once as it may (CommandBusOptions.maxInFlight). */
  | 'overloaded'
  | 'log_unavailable'
  | 'catching_up'
  | 'quarantined'
  /** The log failed to confirm an append: it may or may not be written. */
  | 'append_unconfirmed'
  /** The company's last append is not confirmed yet: nothing is decided before it settles. */
  | 'earlier_append_unconfirmed';

const messages: Record<UnavailableReason, string> = {
  busy: 'Too many changes for this club at once. Nothing was changed; please try again shortly.',
  overloaded: 'Courtside is taking too many changes at once. Nothing was changed; please try again shortly.',
  log_unavailable: 'The event log is unavailable right now. Nothing was changed; please try again shortly.',
  catching_up:
    'The service is catching up and cannot check this change right now. Nothing was changed; please try again shortly.',
  quarantined:
    "This club's data cannot be updated right now: an operator has been alerted. Nothing was changed; please try again later.",
  append_unconfirmed:
    'The event log did not confirm this change. It may or may not have been saved: please check before trying again.',
  earlier_append_unconfirmed:
    "The event log has not confirmed this club's last change yet. Nothing was changed; please try again shortly.",
};

/**
 * The `reason` of a `503` answer's body (docs/decisions/log-and-consumers.md "A 503 says why"): every one but `APPEND_UNCONFIRMED` means
 * nothing was changed, so a client may send the same command again after `Retry-After`.
 */
export const unavailableCodes = {
  busy: 'BUSY',
  overloaded: 'OVERLOADED',
  log_unavailable: 'LOG_UNAVAILABLE',
  catching_up: 'CATCHING_UP',
  quarantined: 'QUARANTINED',
  append_unconfirmed: 'APPEND_UNCONFIRMED',
  earlier_append_unconfirmed: 'EARLIER_APPEND_UNCONFIRMED',
} as const satisfies Record<UnavailableReason, string>;

/** The command could not be decided or appended now; trying again later may work (HTTP 503 with Retry-After). */
export class CommandUnavailable extends Error {
  constructor(
    readonly reason: UnavailableReason,
    message = messages[reason],
  ) {
    super(message);
    this.name = 'CommandUnavailable';
  }
}
