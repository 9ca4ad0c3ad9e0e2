import { expect } from 'vitest';
import type { NewEvent } from '../event-registry.ts';
import type { Decider, DomainEvent, Rejection } from '../decider.ts';

/**
 * Given/when/then in events terms:
 * `spec(given events).when(command, now).then(events)` or `.thenRejects({reason, message, field})`.
 */
export function deciderSpec<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
) {
  return (given: Event[]) => ({
    when(command: Command, now = new Date('2026-03-14T10:00:00')) {
      const state = given.reduce(decider.evolve, decider.initialState());
      const result = decider.decide(command, state, now);
      return {
        then(expected: NewEvent[]) {
          expect(result).toEqual(expected);
        },
        thenRejects(expected: Omit<Rejection, 'kind'>) {
          expect(result).toEqual({ kind: 'rejected', ...expected });
        },
      };
    },
  });
}
