import { describe, expect, it } from 'vitest';
import type { Notification } from '../api/notifications';
import { addNotification, markedRead, PANEL_SIZE, routerPath, unreadCount } from './notification-list';

const item = (id: string, createdAt: string, readAt: string | null = null): Notification => ({
  id,
  kind: 'challenge.received',
  title: `title ${id}`,
  body: 'body',
  url: null,
  createdAt,
  readAt,
});

describe('the bell list', () => {
  it('puts a pushed notification first, once', () => {
    const list = [item('b', '2026-11-23T10:00:00Z'), item('a', '2026-11-23T09:00:00Z')];
    const added = addNotification(list, item('c', '2026-11-23T11:00:00Z'));
    expect(added.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(addNotification(added, item('c', '2026-11-23T11:00:00Z')).map((n) => n.id)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('keeps the newest first when a push arrives late and keeps the panel size', () => {
    const list = Array.from({ length: PANEL_SIZE }, (_, i) =>
      item(`n${i}`, `2026-11-23T10:${String(59 - i).padStart(2, '0')}:00Z`),
    );
    // n0 is 10:59, n8 10:51, n9 10:50, n19 (the oldest) 10:40.
    const added = addNotification(list, item('late', '2026-11-23T10:50:30Z'));
    expect(added).toHaveLength(PANEL_SIZE);
    expect(added[8]?.id).toBe('n8');
    expect(added[9]?.id).toBe('late');
    expect(added.some((n) => n.id === 'n19')).toBe(false);
  });

  it('counts and marks unread ones', () => {
    const list = [
      item('a', '2026-11-23T10:00:00Z'),
      item('b', '2026-11-23T09:00:00Z', '2026-11-23T09:30:00Z'),
    ];
    expect(unreadCount(list)).toBe(1);
    const read = markedRead(list, ['a'], '2026-11-23T12:00:00Z');
    expect(unreadCount(read)).toBe(0);
    expect(read[1]?.readAt).toBe('2026-11-23T09:30:00Z');
    expect(unreadCount(markedRead([item('x', '2026-11-23T08:00:00Z')], 'all', 'now'))).toBe(0);
  });

  it('turns the app’s own addresses into router paths', () => {
    expect(routerPath('/webapps/matches/en/?match=m1', '/webapps')).toBe('/matches/en/?match=m1');
    expect(routerPath('/elsewhere/x', '/webapps')).toBeNull();
    expect(routerPath(null, '/webapps')).toBeNull();
  });
});
