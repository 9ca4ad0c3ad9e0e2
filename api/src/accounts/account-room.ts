import type { RoomAuthorizer } from '../live/rooms.ts';

/** DESIGN.md §5: `account:{accountId}` carries what concerns one player; only that account may join it. */
export const accountRoomAuthorizer: RoomAuthorizer = async (room, viewer) => {
  if (room.kind !== 'account') return undefined;
  if (viewer.accountId && viewer.accountId === room.id) return { ok: true };
  return { ok: false, error: 'Only this account can follow its own room' };
};
