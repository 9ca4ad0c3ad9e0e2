import { MANAGER_REMOVED_PUSH } from '@courtside/projector/companies/projection';
import type { Server as HttpServer } from 'node:http';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { OutboxPush } from '@courtside/projector/projected-notification';
import {
  lastOutboxId,
  outboxRowsBetween,
  outboxRowsWithIds,
  roomCatchUpRows,
  roomStanding,
} from '@courtside/projector/live-outbox-queries';
import type { ProjectionTracker } from '@courtside/projector/projection-tracker';
import type { subscribeAckSchema } from './pushes.ts';
import { subscribeSchema } from './pushes.ts';
import { authorizeRoom, parseRoom, type RoomAuthorizer, type Viewer } from './rooms.ts';
import { LIVE_PATH } from '@courtside/events/api-paths';
import type { NotificationLanguage } from '@courtside/events/notifications/notify';

const CATCH_UP_LIMIT = 1_000;
/**
 * How long an outbox id that a read found missing may still arrive. Two projector transactions (two projector
 * processes, or partitions) can commit their outbox rows out of id order: the later id's notification comes first,
 * and the earlier id is not there yet when the range below it is read. A rolled-back transaction's ids never come.
 */
const LATE_ROW_MS = 30_000;
/** How soon a delivery that failed is tried again. */
const REDELIVER_MS = 1_000;
/** At most this many such ids are waited for: a larger hole (rows the outbox no longer keeps) is not a late commit. */
const MAX_LATE_IDS = 1_000;
/** How far apart (in outbox ids) the rows of one push to several rooms can be: it is written to at most a few rooms. */
const MAX_ROOMS_PER_PUSH = 8;

type Ack = (answer: z.infer<typeof subscribeAckSchema>) => void;

interface LiveServerOptions {
  httpServer: HttpServer;
  pool: pg.Pool;
  readModelSchema: string;
  tracker: ProjectionTracker;
  authorizers: readonly RoomAuthorizer[];
  viewerOf: (cookieHeader: string | undefined, sessionHeader: string | undefined) => Promise<Viewer>;
  /** Whether a handshake's `Origin` is Courtside's own (http/public-url.ts `isOwnOrigin`), given its `Host`. */
  isOwnOrigin: (origin: string, host: string | undefined) => boolean;
  onError: (error: unknown) => void;
  /** How long one live push took to hand to all its sockets (for the metrics). */
  onEmitted?: (event: string, seconds: number) => void;
}

/**
 * The public live channel (DESIGN.md §1 "Live"). Every api process reads the projector's outbox after each
 * commit and emits to its own sockets, so it works with any number of api processes. Deliveries and catch-ups
 * run on one queue, so a client that resubscribes with `since` gets what it missed before anything newer.
 */
export function startLiveServer(options: LiveServerOptions): { io: Server; close(): Promise<void> } {
  const io = new Server(options.httpServer, { path: LIVE_PATH, serveClient: false, cors: { origin: false } });
  const schema = options.readModelSchema;
  let delivered: number | undefined;
  /** Outbox ids at or below `delivered` that a read found missing, each with when to stop waiting for it. */
  const late = new Map<number, number>();
  let queue: Promise<void> = Promise.resolve();
  /** Runs `work` after everything queued before it; its failure is its caller's (the queue goes on). */
  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  /**
   * The outbox id up to which pushes went out, read at start: live pushes begin after it, catch-ups end at it. A
   * read that failed (a database too busy to give a connection in time, at a restart under load) is tried again by
   * the next subscription rather than leaving the process unable to catch anyone up.
   */
  const deliveredSoFar = async (): Promise<number> =>
    (delivered ??= await lastOutboxId(options.pool, schema));

  async function deliverUpTo(outboxTo: number, inline: OutboxPush[] = []): Promise<void> {
    if (delivered === undefined) {
      // The start's read failed and no subscription has read it since (none joined a room): begin from here; older
      // pushes are only for catch-ups.
      delivered = outboxTo;
      return;
    }
    const lateRows = await lateRowsOf(inline);
    if (outboxTo <= delivered) {
      emit(lateRows);
      return;
    }
    const fresh = inline.filter((push) => push.id > delivered!);
    // What did not come with a notification (a missed one, a large batch) is read from the outbox.
    const readUpTo = fresh.length > 0 ? fresh[0]!.id - 1 : outboxTo;
    const rows =
      readUpTo > delivered ? await outboxRowsBetween(options.pool, schema, delivered, readUpTo) : [];
    // Rows of concurrent transactions may also sit between this batch's own ids.
    noteMissing([...rows, ...fresh], delivered, outboxTo);
    emit([...lateRows, ...rows, ...fresh]);
    delivered = outboxTo;
  }

  function emit(rows: OutboxPush[]): void {
    for (const push of mergeRooms(rows)) {
      const started = performance.now();
      io.to(push.rooms).emit(push.event, push.data, pushMeta(push));
      options.onEmitted?.(push.event, (performance.now() - started) / 1000);
      if (push.event === MANAGER_REMOVED_PUSH)
        leaveCompanyRoom(push.data as { companyId: string; accountId: string });
    }
  }

  /** A removed manager's sockets (of this process) leave the company's room (DESIGN.md §9 "Managers"). */
  function leaveCompanyRoom({ companyId, accountId }: { companyId: string; accountId: string }): void {
    const room = `company:${companyId}`;
    for (const socket of io.sockets.sockets.values()) {
      if ((socket.data as SocketData).accountId === accountId && socket.rooms.has(room))
        void socket.leave(room);
    }
  }

  /** Remembers the ids of (after, upTo] that `rows` lack: rows of transactions that had not committed yet. */
  function noteMissing(rows: readonly OutboxPush[], after: number, upTo: number): void {
    if (upTo - after === rows.length || upTo - after > MAX_LATE_IDS) return;
    const found = new Set(rows.map((row) => row.id));
    const until = Date.now() + LATE_ROW_MS;
    for (let id = after + 1; id <= upTo && late.size < MAX_LATE_IDS; id++)
      if (!found.has(id)) late.set(id, until);
  }

  /** The late rows that arrived: with a notification, or else read from the outbox; expired ids are forgotten. */
  async function lateRowsOf(inline: readonly OutboxPush[]): Promise<OutboxPush[]> {
    if (late.size === 0) return [];
    const now = Date.now();
    for (const [id, until] of late) if (until < now) late.delete(id);
    const arrived = inline.filter((push) => late.has(push.id));
    const unknown = [...late.keys()].filter((id) => !arrived.some((push) => push.id === id));
    const read = unknown.length ? await outboxRowsWithIds(options.pool, schema, unknown) : [];
    const rows = [...arrived, ...read].sort((a, b) => a.id - b.id);
    for (const row of rows) late.delete(row.id);
    return rows;
  }

  /**
   * A delivery that failed (its read of the outbox) leaves `delivered` where it was; it is tried again shortly,
   * reading its rows from the outbox, rather than waiting for the next change to carry them out.
   */
  let redeliverTo = 0;
  let redeliver: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const deliver = (outboxTo: number, pushes?: OutboxPush[]) =>
    void enqueue(() => deliverUpTo(outboxTo, pushes)).catch((error: unknown) => {
      options.onError(error);
      if (closed) return;
      redeliverTo = Math.max(redeliverTo, outboxTo);
      redeliver ??= setTimeout(() => {
        redeliver = undefined;
        deliver(redeliverTo);
      }, REDELIVER_MS);
    });
  const stopListening = options.tracker.onOutbox(deliver);
  void enqueue(async () => void (await deliveredSoFar())).catch(options.onError);

  io.on('connection', (socket: Socket) => {
    // A page of another site may open a socket here, and a browser sends it the session cookie: such a socket is
    // nobody's, and follows the public rooms only (an app or a script sends no Origin, and keeps its session).
    const origin = headerOf(socket, 'origin');
    const foreign = origin !== undefined && !options.isOwnOrigin(origin, headerOf(socket, 'host'));
    /** Who the handshake's session is; a socket opened with a session joins its room (endSessionSockets). */
    const lookUpViewer = async (): Promise<Viewer> => {
      if (foreign) return {};
      const found = await options.viewerOf(socket.handshake.headers.cookie, headerOf(socket, 'session-id'));
      if (found.sessionHash && !socket.disconnected) void socket.join(sessionRoom(found.sessionHash));
      return found;
    };
    // Looked up once; a look-up that failed is made again by the next subscription.
    let viewer: Promise<Viewer> | undefined;
    const viewerNow = (): Promise<Viewer> => {
      viewer ??= lookUpViewer().catch((error: unknown) => {
        viewer = undefined;
        throw error;
      });
      return viewer;
    };
    void viewerNow().catch(options.onError);
    /**
     * Per joined room, the outbox id after which this socket has been sent every push of that room (live or by a
     * catch-up), so a catch-up of another room leaves out a push the socket already got. Gone with the socket.
     */
    const covered = new Map<string, number>();

    /**
     * Sends the socket the pushes of `roomName` after `since` that it missed (it has just joined the room), and says
     * where the room stands: the answer of its subscription.
     */
    async function catchUp(
      roomName: string,
      since: number | undefined,
    ): Promise<z.infer<typeof subscribeAckSchema>> {
      const cover = (from: number) =>
        covered.set(roomName, Math.min(covered.get(roomName) ?? Number.POSITIVE_INFINITY, from));
      const upTo = await deliveredSoFar();
      // Cursors are positions in the room; inside, the outbox id of the last push the client holds.
      const { position, heldId, oldest } = await roomStanding(options.pool, schema, {
        room: roomName,
        delivered: upTo,
        since: since ?? 0,
      });
      // The cursor in the ack lets a client of a quiet room resubscribe with `since` after a reconnect.
      if (since === undefined || since === position) {
        cover(upTo);
        return { ok: true, cursor: position };
      }
      // The room's missed rows, with the rows of the same pushes to other rooms (written next to them).
      const rows = await roomCatchUpRows(options.pool, schema, {
        room: roomName,
        heldId,
        delivered: upTo,
        limit: CATCH_UP_LIMIT + 1,
        spread: MAX_ROOMS_PER_PUSH,
      });
      // A cursor the room never reached (another installation's, or from before positions), pushes older than
      // the outbox keeps, or too many to send: the client reloads instead.
      const resync =
        since > position ||
        oldest === null ||
        oldest > since + 1 ||
        rows.filter((row) => row.mine).length > CATCH_UP_LIMIT;
      // Missed pushes go out before the ack, so the ack's cursor never runs ahead of what the client holds.
      if (!resync)
        for (const push of catchUpPushes(rows, roomName, heldId, covered))
          socket.emit(push.event, push.data, pushMeta(push));
      cover(resync ? upTo : heldId);
      return resync ? { ok: true, cursor: position, resync: true } : { ok: true, cursor: position };
    }

    socket.on('subscribe', (input: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      const parsed = subscribeSchema.safeParse(input);
      const room = parsed.success ? parseRoom(parsed.data.room) : undefined;
      if (!parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'language'))
        return reply({ ok: false, error: 'Unknown language: en or nl' });
      if (!parsed.success || !room) return reply({ ok: false, error: 'Unknown room' });
      void (async () => {
        const who = await viewerNow();
        const decision = await authorizeRoom(room, who, options.authorizers);
        if (!decision.ok) return reply(decision);
        if (room.kind === 'account' && parsed.data.language)
          (socket.data as SocketData).language = parsed.data.language;
        (socket.data as SocketData).accountId = who.accountId;
        await enqueue(async () => {
          if (socket.disconnected) return;
          await socket.join(room.name);
          let answer: z.infer<typeof subscribeAckSchema>;
          try {
            answer = await catchUp(room.name, parsed.data.since);
          } catch (error) {
            // Nothing of the room was sent: out of it before the queue goes on, so no live push reaches the socket
            // before it asks again (subscribeAckSchema's `retry`) and catches up then.
            await socket.leave(room.name);
            covered.delete(room.name);
            throw error;
          }
          reply(answer);
        });
      })().catch((error: unknown) => {
        options.onError(error);
        reply({ ok: false, error: 'Could not subscribe right now; please try again', retry: true });
      });
    });

    socket.on('unsubscribe', (input: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      const parsed = subscribeSchema.safeParse(input);
      const room = parsed.success ? parseRoom(parsed.data.room) : undefined;
      if (!room) return reply({ ok: false, error: 'Unknown room' });
      covered.delete(room.name);
      void Promise.resolve(socket.leave(room.name)).then(() => reply({ ok: true }));
    });
  });

  return {
    io,
    async close() {
      closed = true;
      stopListening();
      clearTimeout(redeliver);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await queue;
    },
  };
}

interface SocketData {
  /** The language of the page, named when it joined its account's room: of its `notification.created` pushes. */
  language?: NotificationLanguage;
  /** The signed-in account, once the socket joined a room. */
  accountId?: string;
}

export function socketLanguage(socket: Socket): NotificationLanguage | undefined {
  return (socket.data as SocketData).language;
}

/** Not a room a client can name (parseRoom): the sockets opened with one session. */
const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;

/** Disconnects this process's sockets opened with an ended session: they were its account's to follow. */
export function endSessionSockets(io: Server, sessionHash: string): void {
  io.in(sessionRoom(sessionHash)).disconnectSockets(true);
}

function headerOf(socket: Socket, name: string): string | undefined {
  const value = socket.handshake.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

interface MergedPush {
  event: string;
  data: unknown;
  rooms: string[];
  /** Per room it goes to, its position there: the cursor the client resubscribes that room with. */
  positions: Record<string, number>;
}

/**
 * The second argument of a push: one room's push names its position as `cursor`; a push to several rooms names
 * each room's in `cursors` (pushMetaSchema).
 */
function pushMeta(push: MergedPush) {
  const [only] = push.rooms;
  return push.rooms.length === 1 && only !== undefined
    ? { cursor: push.positions[only]!, room: only, rooms: push.rooms }
    : { rooms: push.rooms, cursors: push.positions };
}

/**
 * One change pushed to several rooms (a match to its match, season and ladder rooms) is written as consecutive
 * outbox rows with the same event and data. Emitting them as one, to all their rooms at once, lets socket.io
 * deliver it once to a socket that is in several of those rooms. Only consecutive rows merge, so pushes keep
 * their order.
 */
export function mergeRooms(rows: readonly OutboxPush[]): MergedPush[] {
  return mergeRows(rows).map(({ key: _key, rowIds: _rowIds, ...push }) => push);
}

function mergeRows(
  rows: readonly OutboxPush[],
): Array<MergedPush & { key: string; rowIds: Map<string, number> }> {
  const merged: Array<MergedPush & { key: string; rowIds: Map<string, number> }> = [];
  for (const row of rows) {
    const key = `${row.event}\u0000${JSON.stringify(row.data)}`;
    const last = merged.at(-1);
    if (last && last.key === key) {
      if (!last.rooms.includes(row.room)) last.rooms.push(row.room);
      last.rowIds.set(row.room, row.id);
      last.positions[row.room] = row.position;
    } else {
      const rowIds = new Map([[row.room, row.id]]);
      merged.push({
        key,
        event: row.event,
        data: row.data,
        rooms: [row.room],
        positions: { [row.room]: row.position },
        rowIds,
      });
    }
  }
  return merged;
}

/**
 * What a socket that resubscribes to `room` after the outbox id `since` (its last push there) is sent: the pushes
 * to the room after it, each once and naming all the rooms it went to, minus those the socket already got through
 * another room it is in (`covered`: per room, the outbox id after which the socket got every push of that room).
 */
export function catchUpPushes(
  rows: readonly OutboxPush[],
  room: string,
  since: number,
  covered: ReadonlyMap<string, number>,
): MergedPush[] {
  return mergeRows(rows)
    .filter((push) => (push.rowIds.get(room) ?? 0) > since)
    .filter(
      (push) =>
        ![...push.rowIds].some(
          ([other, id]) => other !== room && covered.has(other) && id > covered.get(other)!,
        ),
    )
    .map(({ key: _key, rowIds: _rowIds, ...push }) => push);
}
