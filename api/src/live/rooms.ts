import { z } from 'zod';

/** Who asks to join a room: filled in by the accounts feature from the handshake's session. */
export interface Viewer {
  accountId?: string;
  /** The hash of the session the handshake carried: its end ends the socket. */
  sessionHash?: string;
}

export type RoomDecision = { ok: true } | { ok: false; error: string };

/**
 * Decides a room it knows, or passes (undefined) so the next authoriser may. Features add authorisers; the
 * public rooms need none.
 */
export type RoomAuthorizer = (room: ParsedRoom, viewer: Viewer) => Promise<RoomDecision | undefined>;

const roomSchema = z.string().regex(/^(match|season|ladder|company|account|tournament):[A-Za-z0-9_-]{1,64}$/);

export interface ParsedRoom {
  kind: 'match' | 'season' | 'ladder' | 'company' | 'account' | 'tournament';
  id: string;
  name: string;
}

export function parseRoom(value: unknown): ParsedRoom | undefined {
  const parsed = roomSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const [kind, id] = parsed.data.split(':') as [ParsedRoom['kind'], string];
  return { kind, id, name: parsed.data };
}

const PUBLIC_ROOMS: ReadonlySet<ParsedRoom['kind']> = new Set(['match', 'season', 'ladder', 'tournament']);

/** Match, season, ladder and tournament rooms are open to anyone; company and account rooms need an authoriser that says yes. */
export async function authorizeRoom(
  room: ParsedRoom,
  viewer: Viewer,
  authorizers: readonly RoomAuthorizer[],
): Promise<RoomDecision> {
  for (const authorizer of authorizers) {
    const decision = await authorizer(room, viewer);
    if (decision) return decision;
  }
  if (PUBLIC_ROOMS.has(room.kind)) return { ok: true };
  return { ok: false, error: 'Only managers of this company can follow this room' };
}
