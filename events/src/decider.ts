import type { NewEvent } from './event-registry.ts';

/**
 * Why a command was refused, as a domain value: the api maps it to HTTP once, at its edge. `field` names the
 * input the refusal is about, when there is one.
 */
export interface Rejection {
  kind: 'rejected';
  reason: 'not_found' | 'conflict' | 'forbidden' | 'invalid';
  message: string;
  field?: string;
  /** A stable code a client can act on (DESIGN.md §5: `BUSY`, `OUT_OF_RANGE`, …), answered as `reason`. */
  code?: string;
}

export function reject(reason: Rejection['reason'], message: string, field?: string): Rejection {
  return field === undefined
    ? { kind: 'rejected', reason, message }
    : { kind: 'rejected', reason, message, field };
}

/** A refusal with a code of DESIGN.md's (a 409 `{error, reason}` at the edge). */
export function refuse(code: string, message: string): Rejection {
  return { kind: 'rejected', reason: 'conflict', message, code };
}

export function isRejection(value: unknown): value is Rejection {
  return (value as Rejection | null)?.kind === 'rejected';
}

/** An event as the rules see it: what happened and to which stream, without the log's envelope. */
export type DomainEvent = Pick<NewEvent, 'type' | 'payload'>;

/**
 * The emmett shape of a feature's rules: `decide(command, state, now)` gives the events a command causes or why
 * it is refused, `evolve(state, event)` folds an event into the state. Both pure: time comes in as `now`.
 */
export interface Decider<
  Command,
  State,
  Event extends DomainEvent = DomainEvent,
  /** What `decide` emits: the feature's events as its schemas type them, where the feature says so. */
  Emitted extends NewEvent = NewEvent,
> {
  decide(command: Command, state: State, now: Date): Emitted[] | Rejection;
  evolve(state: State, event: Event): State;
  initialState(): State;
}
