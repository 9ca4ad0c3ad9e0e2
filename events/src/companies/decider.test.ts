import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { COMPANY_EXISTS, companyDecider } from './decider.ts';

const spec = deciderSpec(companyDecider);
const companyId = '00000000-0000-4000-8000-0000000000c1';
const ownerId = '00000000-0000-4000-8000-0000000000a1';
const otherOwnerId = '00000000-0000-4000-8000-0000000000a2';

describe('companies', () => {
  it('creates a company owned by the account that created it', () => {
    spec([])
      .when({ type: 'CreateCompany', companyId, name: 'TC Tilburg', ownerId })
      .then([
        {
          type: 'CompanyCreated',
          streamId: companyId,
          payload: { companyId, name: 'TC Tilburg', ownerId },
        },
      ]);
  });

  it('creates a company once: the same id again is refused, whoever asks', () => {
    spec([{ type: 'CompanyCreated', payload: { companyId, name: 'TC Tilburg', ownerId } }])
      .when({ type: 'CreateCompany', companyId, name: 'Another club', ownerId: otherOwnerId })
      .thenRejects({ reason: 'conflict', message: COMPANY_EXISTS });
  });
});
