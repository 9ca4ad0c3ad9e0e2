import { describe, expect, it } from 'vitest';
import { ladderInputSchema, seasonInputSchema } from '@courtside/events/ladders/model';
import { schemaResolver } from './schema-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('schema resolver', () => {
  it('answers the parsed values when valid', async () => {
    const resolver = schemaResolver(ladderInputSchema, () => undefined);
    const result = await resolver(
      { name: ' Summer ', email: 'a@b.nl', sportsCategory: 'PADEL' },
      undefined,
      options,
    );
    expect(result).toEqual({
      values: { name: 'Summer', email: 'a@b.nl', sportsCategory: 'PADEL' },
      errors: {},
    });
  });

  it('translates the first issue of each field', async () => {
    const resolver = schemaResolver(seasonInputSchema, (field, code) => `${field}:${code}`);
    const result = await resolver(
      {
        name: '',
        startDate: '2025-05-01',
        endDate: '2025-04-01',
        minimumPlayedMatches: null,
        openForRegistration: false,
        matchType: 'BESTOFTHREE',
      },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      name: 'name:too_small',
      minimumPlayedMatches: 'minimumPlayedMatches:invalid_type',
    });
  });
});
