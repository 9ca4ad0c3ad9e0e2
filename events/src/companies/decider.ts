import { reject, type Decider } from '../decider.ts';
import { companyCreated } from './events.ts';

/** A company as its commands see it: whether it exists. */
export interface CompanyState {
  company?: { companyId: string; name: string };
}

export type CompanyCommand = { type: 'CreateCompany'; companyId: string; name: string; ownerId: string };

export type CompanyDomainEvent = {
  type: typeof companyCreated.type;
  payload: { companyId: string; name: string; ownerId: string };
};

export const COMPANY_EXISTS = 'This company exists already';

/**
 * The rules of a company (spec §6, DESIGN.md §4): it is created once, by the account that then owns and manages
 * it. Its name is checked at the edge (zod); companies may share a name, as clubs do.
 */
export const companyDecider: Decider<CompanyCommand, CompanyState, CompanyDomainEvent> = {
  initialState: () => ({}),

  decide(command, state) {
    switch (command.type) {
      case 'CreateCompany': {
        if (state.company) return reject('conflict', COMPANY_EXISTS);
        const { companyId, name, ownerId } = command;
        return [{ type: companyCreated.type, streamId: companyId, payload: { companyId, name, ownerId } }];
      }
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknownCommand: never = command.type;
        // Stryker disable next-line all: unreachable, the type checker proves every command handled
        throw new Error(`Unknown company command ${String(unknownCommand)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CompanyCreated':
        return { company: { companyId: event.payload.companyId, name: event.payload.name } };
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknownEvent: never = event.type;
        // Stryker disable next-line all: unreachable, the type checker proves every event handled
        throw new Error(`Unknown company event ${String(unknownEvent)}`);
      }
    }
  },
};
