import { describe, expect, it } from 'vitest';
import { invitationTokenOf } from './account';

describe('the invitation token of a return address (onboarding prefills the invitation’s name)', () => {
  it('reads the token of an invitation page, in any language', () => {
    expect(invitationTokenOf('/account/en/invitation/abc.DEF-1')).toBe('abc.DEF-1');
    expect(invitationTokenOf('/account/nl/invitation/a%2Eb?x=1')).toBe('a.b');
  });

  it('answers nothing for other pages or no address', () => {
    expect(invitationTokenOf(undefined)).toBeUndefined();
    expect(invitationTokenOf('/account/en/settings')).toBeUndefined();
    expect(invitationTokenOf('/ladders/en/invitation/abc')).toBeUndefined();
    expect(invitationTokenOf('/account/en/invitation/')).toBeUndefined();
  });
});
