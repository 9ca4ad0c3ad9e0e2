import { describe, expect, it } from 'vitest';
import { companyDecider } from '../../events/src/companies/decider.ts';

/** The rules of a company (spec §6, DESIGN.md §4): what its commands know of it after its events. */
describe('a company, as its commands see it', () => {
  it('given nothing, then there is no company; given CompanyCreated, then the company with its id and name, and its creator its first manager', () => {
    expect(companyDecider.initialState()).toEqual({});
    const state = companyDecider.evolve(companyDecider.initialState(), {
      type: 'CompanyCreated',
      payload: { companyId: 'company-1', name: 'TC Tilburg', ownerId: 'owner-1' },
    });
    expect(state).toEqual({ company: { companyId: 'company-1', name: 'TC Tilburg' }, managers: ['owner-1'] });
  });
});
