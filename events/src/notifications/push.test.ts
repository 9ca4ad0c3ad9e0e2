import { describe, expect, it } from 'vitest';
import { notificationKinds } from './notify.ts';
import { pushAllowed, pushUrgency, PUSH_TTL_SECONDS } from './push.ts';

describe('pushes to phones (DESIGN.md §17)', () => {
  it('are on at first for the kinds to act on at once, off for the rest', () => {
    expect(notificationKinds.filter((kind) => pushAllowed(kind, {}))).toEqual([
      'challenge.received',
      'challenge.accepted',
      'result.toConfirm',
      'match.scheduled',
      'tournament.round',
    ]);
  });

  it('follow the account’s own switch either way', () => {
    expect(pushAllowed('challenge.received', { 'challenge.received': false })).toBe(false);
    expect(pushAllowed('team.waiting', { 'team.waiting': true })).toBe(true);
    expect(pushAllowed('team.waiting', { 'challenge.received': true })).toBe(false);
  });

  it('wake the phone for a challenge, and are kept a day', () => {
    expect(notificationKinds.filter((kind) => pushUrgency(kind) === 'high')).toEqual([
      'challenge.received',
      'tournament.round',
    ]);
    expect(pushUrgency('match.scheduled')).toBe('normal');
    expect(PUSH_TTL_SECONDS).toBe(86_400);
  });
});
