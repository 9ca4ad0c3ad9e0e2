import type { NotificationKind } from './notify.ts';

/**
 * DESIGN.md §17: the kinds a phone shows on its lock screen unless the account switched them off
 * (`preferences.push`); every other kind is off unless switched on. `tournament.round` is named for the tournaments'
 * kind: a kind this build does not know is simply never asked about.
 */
const PUSH_ON_BY_DEFAULT: ReadonlySet<string> = new Set([
  'challenge.received',
  'challenge.accepted',
  'result.toConfirm',
  'match.scheduled',
  'tournament.round',
]);

/** Kinds a push service is asked to deliver at once, waking the phone (`Urgency: high`, RFC 8030 §5.3). */
const URGENT: ReadonlySet<string> = new Set(['challenge.received', 'tournament.round']);

/** Whether the account's phones are told of this kind: its own switch, else the kind's default. */
export function pushAllowed(
  kind: NotificationKind,
  push: Partial<Record<NotificationKind, boolean>>,
): boolean {
  return push[kind] ?? PUSH_ON_BY_DEFAULT.has(kind);
}

export function pushUrgency(kind: NotificationKind): 'high' | 'normal' {
  return URGENT.has(kind) ? 'high' : 'normal';
}

/** How long a push service keeps a push for a phone that is off (RFC 8030 `TTL`): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
