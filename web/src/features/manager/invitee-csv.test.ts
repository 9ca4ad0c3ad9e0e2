import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '@courtside/events/email';
import { isEmail, parseInvitees, splitFields } from './invitee-csv';

describe('parseInvitees', () => {
  it('reads one address a line, trimmed and in lower case, blank lines left out', () => {
    expect(parseInvitees('  Ann@Club.test \n\nbob@club.test\n', 1)).toEqual([
      { line: 1, email: 'ann@club.test' },
      { line: 3, email: 'bob@club.test' },
    ]);
  });

  it('reads CSV with a header row and commas', () => {
    expect(parseInvitees('email,fullName,partnerEmail\nann@club.test, Ann Smith ,pat@club.test', 2)).toEqual([
      { line: 2, email: 'ann@club.test', fullName: 'Ann Smith', partnerEmail: 'pat@club.test' },
    ]);
  });

  it('reads CSV without a header and with semicolons', () => {
    expect(parseInvitees('ann@club.test;Ann;pat@club.test', 2)).toEqual([
      { line: 1, email: 'ann@club.test', fullName: 'Ann', partnerEmail: 'pat@club.test' },
    ]);
  });

  it('takes a header only as the first row', () => {
    const rows = parseInvitees('ann@club.test\nemail', 1);
    expect(rows.map((row) => [row.email, row.problem])).toEqual([
      ['ann@club.test', undefined],
      ['email', 'EMAIL_INVALID'],
    ]);
  });

  it('reads simple quoted fields, a separator and doubled quote inside', () => {
    expect(parseInvitees('"ann@club.test","Smith, Ann ""A""",', 1)).toEqual([
      { line: 1, email: 'ann@club.test', fullName: 'Smith, Ann "A"' },
    ]);
    expect(splitFields('"a;b";c')).toEqual(['a;b', 'c']);
    expect(splitFields('a;"b,c"')).toEqual(['a', 'b,c']);
  });

  it('names each row’s problem', () => {
    const rows = parseInvitees(
      [',Nobody', 'not-an-address', 'ann@club.test', 'ANN@club.test', 'bob@club.test,Bob,bad'].join('\n'),
      1,
    );
    expect(rows.map((row) => row.problem)).toEqual([
      'EMAIL_MISSING',
      'EMAIL_INVALID',
      undefined,
      'DUPLICATE',
      'PARTNER_INVALID',
    ]);
  });

  it('needs a partner for doubles and padel only, never the invitee again nor an earlier partner', () => {
    expect(parseInvitees('ann@club.test', 2)[0]?.problem).toBe('PARTNER_MISSING');
    expect(parseInvitees('ann@club.test', 1)[0]?.problem).toBeUndefined();
    expect(parseInvitees('ann@club.test,,ann@club.test', 2)[0]?.problem).toBe('DUPLICATE');
    const rows = parseInvitees('ann@club.test,,pat@club.test\nbob@club.test,,pat@club.test', 2);
    expect(rows.map((row) => row.problem)).toEqual([undefined, 'DUPLICATE']);
  });

  it('counts a row with a problem as unseen (its address may come right later)', () => {
    const rows = parseInvitees('ann@club.test,,bad\nann@club.test', 1);
    expect(rows.map((row) => row.problem)).toEqual(['PARTNER_INVALID', undefined]);
  });
});

describe('the server’s address rule (DESIGN.md §19 "Invitations")', () => {
  it('marks every row the server would skip as INVALID_EMAIL, renée’s too, and only those', () => {
    const addresses = [
      'renée.jacobs@example.nl',
      'ann..b@club.nl',
      '.ann@club.nl',
      'ann@clüb.nl',
      'ann@club.n',
      'ann@club.nl',
      'ann.de-vries+1@mail.club.nl',
    ];
    for (const address of addresses) {
      const [row] = parseInvitees(address, 1);
      expect(row?.problem === 'EMAIL_INVALID', address).toBe(!isEmailAddress(address));
    }
    expect(parseInvitees('renée.jacobs@example.nl', 1)[0]?.problem).toBe('EMAIL_INVALID');
    expect(parseInvitees('ann@club.nl,,renée@example.nl', 1)[0]?.problem).toBe('PARTNER_INVALID');
  });
});

describe('isEmail', () => {
  it('asks for one @ and a dotted domain, without spaces', () => {
    expect(isEmail('a@b.nl')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.nl')).toBe(false);
    expect(isEmail('a@@c.nl')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@c.nl`)).toBe(false);
  });
});
