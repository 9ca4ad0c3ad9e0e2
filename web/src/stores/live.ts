import { atom } from 'jotai';

/**
 * - `idle`: no live connection wanted (or it was refused).
 * - `connecting`: the first connection attempt is under way.
 * - `connected`: live updates arrive.
 * - `reconnecting`: the connection was lost or could not be made; socket.io keeps retrying.
 */
export type LiveConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export const liveConnectionAtom = atom<LiveConnectionState>('idle');
