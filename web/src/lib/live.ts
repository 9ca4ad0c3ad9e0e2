import { appStore, type AppStore } from '../stores/store';
import { liveConnectionAtom, type LiveConnectionState } from '../stores/live';
import { LIVE_PATH } from '@courtside/events/api-paths';

/**
 * Client of the live channel (DESIGN.md §1 "Live"): socket.io at /webapps/socket.io, rooms joined
 * with `subscribe {room, since?}`, server pushes `(payload, {cursor})`, or `{cursors}` per room for a push to
 * several rooms (cursors are positions in each room). The client remembers the
 * last cursor per room and, after a reconnect, subscribes each room again with `since` so that the
 * server replays what was missed, or answers `{ok: true, resync: true}` when the client must refetch.
 */

type SeasonChange = 'teams' | 'positions' | 'matches' | 'season' | 'challenges' | 'boxes';
export type LadderChange = 'created' | 'updated' | 'deleted';

/** `match` has the shape of `GET matches/{id}`; the matches feature parses it with its own schema. */
interface MatchUpdatedPayload {
  match: unknown;
}
interface SeasonUpdatedPayload {
  seasonId: string;
  changed: SeasonChange[];
}
export interface LadderChangedPayload {
  companyId: string;
  ladderId: string;
  name: string;
  change: LadderChange;
}

/** DESIGN.md §7: the live score of match `matchId`; the matches feature parses `state`. */
interface LiveUpdatedPayload {
  matchId: string;
  state: unknown;
}

/** `challenge` has the shape of the ladder API's challenge; the matches feature parses it. */
interface ChallengeUpdatedPayload {
  challenge: unknown;
}

/** `notification` has the shape of an item of `GET notifications`; the notifications feature parses it. */
interface NotificationCreatedPayload {
  notification: unknown;
}

/** DESIGN.md §16: what changed in a tournament; its page loads it again. */
interface TournamentUpdatedPayload {
  tournamentId: string;
  changed: string[];
}

interface LiveEventMap {
  'match.updated': MatchUpdatedPayload;
  'challenge.updated': ChallengeUpdatedPayload;
  'notification.created': NotificationCreatedPayload;
  'season.updated': SeasonUpdatedPayload;
  'ladder.changed': LadderChangedPayload;
  'live.updated': LiveUpdatedPayload;
  'tournament.updated': TournamentUpdatedPayload;
}
type LiveEventName = keyof LiveEventMap;
export const LIVE_EVENTS = [
  'match.updated',
  'challenge.updated',
  'notification.created',
  'season.updated',
  'ladder.changed',
  'live.updated',
  'tournament.updated',
] as const satisfies readonly LiveEventName[];

/**
 * The second argument of every push. `room` is optional: when the server names the room, the
 * cursor is recorded for that room only and only its handlers are called; without it the cursor is
 * taken to be a position in one stream shared by all rooms, recorded for every joined room, and
 * every handler of the event is called (handlers filter by id).
 */
interface PushMeta {
  cursor: number;
  /** A push to several rooms: per room, its position there (`cursor` is then absent). */
  cursors?: Record<string, number>;
  room?: string;
  /** The rooms one push was sent to (a socket in several of them gets it once). */
  rooms?: string[];
}

type LiveRoom =
  | `match:${string}`
  | `season:${string}`
  | `ladder:${string}`
  | `company:${string}`
  | `account:${string}`
  | `tournament:${string}`;

export const liveRooms = {
  match: (id: string): LiveRoom => `match:${id}`,
  season: (id: string): LiveRoom => `season:${id}`,
  ladder: (id: string): LiveRoom => `ladder:${id}`,
  /** Managers of that company only. */
  company: (id: string): LiveRoom => `company:${id}`,
  /** That account only (DESIGN.md §5, §6): `challenge.updated`, `notification.created`. */
  account: (id: string): LiveRoom => `account:${id}`,
  /** Public (DESIGN.md §16): `tournament.updated`. */
  tournament: (id: string): LiveRoom => `tournament:${id}`,
};

type LiveEventHandlers = {
  [E in LiveEventName]?: (payload: LiveEventMap[E], meta: PushMeta) => void;
};

export interface LiveHandlers extends LiveEventHandlers {
  /** The server could not replay everything missed while disconnected: refetch the room's data. */
  onResync?(): void;
  /** The server refused the subscription (`{ok: false, error}`). */
  onError?(error: string): void;
}

type SubscribeAck =
  { ok: true; resync?: boolean; cursor?: number } | { ok: false; error: string; retry?: boolean };

export function parseAck(value: unknown): SubscribeAck {
  if (typeof value !== 'object' || value === null) return { ok: false, error: 'No answer' };
  const record = value as Record<string, unknown>;
  if (record.ok === true) {
    const ack: { ok: true; resync?: boolean; cursor?: number } = { ok: true };
    if (record.resync === true) ack.resync = true;
    if (typeof record.cursor === 'number' && Number.isFinite(record.cursor)) ack.cursor = record.cursor;
    return ack;
  }
  return {
    ok: false,
    error: typeof record.error === 'string' ? record.error : 'Subscription refused',
    retry: record.retry === true || undefined,
  };
}

function parseMeta(value: unknown): Partial<PushMeta> {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const meta: Partial<PushMeta> = {};
  if (typeof record.cursor === 'number' && Number.isFinite(record.cursor)) meta.cursor = record.cursor;
  if (typeof record.cursors === 'object' && record.cursors !== null) {
    const cursors = Object.entries(record.cursors as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    );
    meta.cursors = Object.fromEntries(cursors);
  }
  if (typeof record.room === 'string') meta.room = record.room;
  if (Array.isArray(record.rooms) && record.rooms.every((room) => typeof room === 'string')) {
    meta.rooms = record.rooms as string[];
  }
  return meta;
}

/**
 * The payload of `subscribe`: `since` only when a cursor is known; `language` (of an account room's notifications)
 * only when the page named one.
 */
export function subscribePayload(
  room: string,
  cursor: number | undefined,
  language?: string,
): { room: string; since?: number; language?: string } {
  return {
    room,
    ...(cursor === undefined ? {} : { since: cursor }),
    ...(language === undefined ? {} : { language }),
  };
}

/** The part of a socket.io client socket that this module uses. */
export interface LiveSocket {
  readonly connected: boolean;
  /** True while socket.io wants to be connected (it reconnects by itself). */
  readonly active: boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

interface LiveClientOptions {
  createSocket?: () => LiveSocket;
  store?: AppStore;
}

export interface LiveClient {
  /**
   * Joins `room` (connecting when needed) and calls `handlers` for its pushes; returns leave(). `language`: the
   * page's, in which an account room's notifications are written (the last one named counts).
   */
  subscribe(room: string, handlers: LiveHandlers, options?: { language?: string }): () => void;
  /** Opens the connection (subscribe does this too). */
  connect(): void;
  disconnect(): void;
  readonly state: LiveConnectionState;
  /** The last cursor seen for a joined room. */
  lastCursor(room: string): number | undefined;
}

interface RoomState {
  handlers: Set<LiveHandlers>;
  cursor: number | undefined;
  language?: string;
  /**
   * Joined while the server could not be reached: the page's own load most likely failed then, so once the room
   * is subscribed its handlers reload (onResync), as the rooms joined before the outage do when they missed too much.
   */
  joinedWhileDown: boolean;
  /** Refusals in a row that said to ask again (the server could not look the room up then), and the next ask. */
  retries: number;
  retryTimer?: ReturnType<typeof setTimeout>;
}

/**
 * A socket whose socket.io client is loaded on first use (`import()`): socket.io is not part of the JavaScript a
 * page loads before it renders (docs/performance.md, "Initial JavaScript"). Until it has arrived the socket is
 * disconnected; listeners, `connect()` and `disconnect()` given meanwhile are applied to the real socket in order.
 */
export function deferredSocket(load: () => Promise<LiveSocket>): LiveSocket {
  let real: LiveSocket | undefined;
  let wanted = false;
  const pending: Array<(socket: LiveSocket) => void> = [];
  let loading: Promise<void> | undefined;
  const whenLoaded = (action: (socket: LiveSocket) => void) => {
    if (real) {
      action(real);
      return;
    }
    pending.push(action);
    loading ??= load().then(
      (socket) => {
        real = socket;
        for (const queued of pending.splice(0)) queued(socket);
      },
      (error: unknown) => {
        loading = undefined; // the next call tries again
        console.error('live: loading socket.io failed', error);
      },
    );
  };
  return {
    get connected() {
      return real?.connected ?? false;
    },
    get active() {
      return real ? real.active : wanted;
    },
    on(event, listener) {
      whenLoaded((socket) => socket.on(event, listener));
    },
    emit(event, ...args) {
      whenLoaded((socket) => socket.emit(event, ...args));
    },
    connect() {
      wanted = true;
      whenLoaded((socket) => socket.connect());
    },
    disconnect() {
      wanted = false;
      whenLoaded((socket) => socket.disconnect());
    },
  };
}

function defaultSocket(): LiveSocket {
  return deferredSocket(async () => {
    const { io } = await import('socket.io-client');
    return io({
      path: LIVE_PATH,
      transports: ['websocket'],
      autoConnect: false,
      withCredentials: true,
    }) as unknown as LiveSocket;
  });
}

export function createLiveClient(options: LiveClientOptions = {}): LiveClient {
  const createSocket = options.createSocket ?? defaultSocket;
  const store = options.store ?? appStore;
  const rooms = new Map<string, RoomState>();
  let socket: LiveSocket | undefined;
  let state: LiveConnectionState = 'idle';
  let everConnected = false;

  const setState = (next: LiveConnectionState) => {
    if (next === state) return;
    state = next;
    store.set(liveConnectionAtom, next);
  };

  const sendSubscribe = (room: string, roomState: RoomState) => {
    clearTimeout(roomState.retryTimer);
    if (!socket?.connected) return; // the 'connect' listener subscribes every room
    socket.emit(
      'subscribe',
      subscribePayload(room, roomState.cursor, roomState.language),
      (answer: unknown) => {
        if (rooms.get(room) !== roomState) return; // left meanwhile
        const ack = parseAck(answer);
        if (!ack.ok) {
          if (ack.retry) askAgainLater(room, roomState);
          else for (const h of [...roomState.handlers]) h.onError?.(ack.error);
          return;
        }
        roomState.retries = 0;
        if (roomState.cursor === undefined && ack.cursor !== undefined) roomState.cursor = ack.cursor;
        const resync = ack.resync === true || roomState.joinedWhileDown;
        roomState.joinedWhileDown = false;
        if (resync) for (const h of [...roomState.handlers]) h.onResync?.();
      },
    );
  };

  /**
   * A refusal that says to ask again (the server could not look the room up; nothing was joined): asked again after
   * 1 s, 2 s, 4 s… at most 30 s. A reconnect meanwhile asks at once (the 'connect' listener).
   */
  const askAgainLater = (room: string, roomState: RoomState) => {
    // Pushes may be missed until then: with no cursor to catch up from, the room reloads once it is taken.
    if (roomState.cursor === undefined) roomState.joinedWhileDown = true;
    const wait = Math.min(1_000 * 2 ** roomState.retries, 30_000);
    roomState.retries += 1;
    roomState.retryTimer = setTimeout(() => {
      if (rooms.get(room) === roomState) sendSubscribe(room, roomState);
    }, wait);
  };

  const dispatch = (event: LiveEventName, payload: unknown, rawMeta: unknown) => {
    const meta = parseMeta(rawMeta);
    const targets: Array<[string, RoomState]> = [];
    const named = meta.rooms ?? (meta.room === undefined ? undefined : [meta.room]);
    if (named !== undefined) {
      for (const room of named) {
        const roomState = rooms.get(room);
        if (roomState) targets.push([room, roomState]);
      }
    } else {
      targets.push(...rooms.entries());
    }
    const called = new Set<LiveHandlers>();
    const fullMeta: PushMeta = { ...meta, cursor: meta.cursor ?? -1 };
    for (const [room, roomState] of targets) {
      // Cursors are positions in each room.
      const cursor = meta.cursors?.[room] ?? meta.cursor;
      // A room refused for now keeps its cursor: it asks again from there (a push that came through another room
      // is not sent twice: the server knows what that room covered).
      if (
        cursor !== undefined &&
        !roomState.retries &&
        (roomState.cursor === undefined || cursor > roomState.cursor)
      ) {
        roomState.cursor = cursor;
      }
      for (const h of [...roomState.handlers]) {
        if (called.has(h)) continue;
        called.add(h);
        const handler = h[event] as ((p: unknown, m: PushMeta) => void) | undefined;
        handler?.(payload, fullMeta);
      }
    }
  };

  const ensureSocket = (): LiveSocket => {
    if (socket) return socket;
    const s = createSocket();
    socket = s;
    s.on('connect', () => {
      everConnected = true;
      setState('connected');
      for (const [room, roomState] of rooms) sendSubscribe(room, roomState);
    });
    s.on('disconnect', (reason: unknown) => {
      // The server ended the socket's session (sign-out): connect again as who the browser is now, so the public
      // rooms go on; a room that needed the session is refused.
      if (reason === 'io server disconnect' && rooms.size > 0) {
        setState('reconnecting');
        s.connect();
        return;
      }
      setState(s.active ? 'reconnecting' : 'idle');
    });
    s.on('connect_error', () => setState(s.active ? 'reconnecting' : 'idle'));
    for (const event of LIVE_EVENTS) {
      s.on(event, (payload: unknown, meta: unknown) => dispatch(event, payload, meta));
    }
    return s;
  };

  const connect = () => {
    const s = ensureSocket();
    if (s.connected || s.active) return;
    setState(everConnected ? 'reconnecting' : 'connecting');
    s.connect();
  };

  return {
    subscribe(room, handlers, options = {}) {
      let roomState = rooms.get(room);
      const isNew = roomState === undefined;
      if (!roomState) {
        roomState = { handlers: new Set(), cursor: undefined, joinedWhileDown: false, retries: 0 };
        rooms.set(room, roomState);
      }
      if (state === 'reconnecting') roomState.joinedWhileDown = true;
      roomState.handlers.add(handlers);
      const newLanguage = options.language !== undefined && options.language !== roomState.language;
      if (newLanguage) roomState.language = options.language;
      if (isNew) connect();
      if (isNew || newLanguage) sendSubscribe(room, roomState);
      const joined = roomState;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        joined.handlers.delete(handlers);
        if (joined.handlers.size > 0 || rooms.get(room) !== joined) return;
        rooms.delete(room);
        if (socket?.connected) socket.emit('unsubscribe', { room }, () => {});
      };
    },
    connect,
    disconnect() {
      socket?.disconnect();
      setState('idle');
    },
    get state() {
      return state;
    },
    lastCursor(room) {
      return rooms.get(room)?.cursor;
    },
  };
}

/** The app-wide live client; it connects on the first subscription. */
export const live = createLiveClient();
