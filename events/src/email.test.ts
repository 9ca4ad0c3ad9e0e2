import { describe, expect, it } from 'vitest';
import { emailAddressInput, isEmailAddress } from './email.ts';

/** DESIGN.md §19 "Invitations": the one address rule of the server, which the web preview uses too. */
describe('an email address', () => {
  it.each([
    ['a plain address', 'ann@club.nl', true],
    ['dots, plus and a subdomain', 'ann.de.vries+ladder@mail.club.nl', true],
    ['capitals and spaces around (trimmed)', '  Ann@Club.NL ', true],
    ['a non-ASCII local part (no account could be made with it)', 'renée.jacobs@example.nl', false],
    ['a non-ASCII domain', 'ann@clüb.nl', false],
    ['no @', 'ann.club.nl', false],
    ['two @', 'ann@@club.nl', false],
    ['no dot in the domain', 'ann@club', false],
    ['a space inside', 'ann smith@club.nl', false],
    ['two dots in a row', 'ann..smith@club.nl', false],
    ['a dot first', '.ann@club.nl', false],
    ['empty', '', false],
    ['255 characters', `${'a'.repeat(246)}@club.nl`.padEnd(255, 'l'), false],
    ['254 characters', `${'a'.repeat(246)}@club.nl`, true],
  ])('%s: %s', (_, text, valid) => {
    expect(isEmailAddress(text)).toBe(valid);
  });

  it('is parsed in lower case', () => {
    expect(emailAddressInput.parse('Ann@Club.NL')).toBe('ann@club.nl');
  });
});
