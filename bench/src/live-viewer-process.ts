/**
 * The viewers of bench/src/live-viewers.ts, in a process of their own (forked with IPC), so the server is measured
 * alone as deployed. Opens `count` socket.io clients, subscribes each to the given rooms, and records when each
 * `live.updated` arrives (process.hrtime, the machine's monotonic clock, which the parent process shares).
 *
 * Two kinds of viewer: `socket.io` (socket.io-client, as the web app) and `ws` (a bare WebSocket speaking the
 * socket.io protocol's few messages a viewer needs). A socket.io-client viewer decodes every push in full, about
 * 20 µs here; a real viewer does that once for its own copy, but 5,000 of them in one process on the server's two
 * cores add 100 ms of decoding to the last one's arrival. The `ws` viewer reads only the push's cursors and parses a
 * push once per process, so what it measures is the server's delivery.
 *
 * A socket.io viewer also records every copy of the pushes of `cursorEvents` by their cursors (`pushKey`): pushes
 * that carry no point number, such as a tournament's, are matched to their commands by the parent (the `ws` viewer
 * records none).
 *
 * Messages from the parent: {type: 'start', urls, rooms, count, connectBatch, client, cursorEvents?} → replies {type: 'ready',
 * failed}; {type: 'report'} → {type: 'report', viewers: ViewerReport[]}; {type: 'leave'} → closes all sockets,
 * {type: 'left'}.
 */
import { io } from 'socket.io-client';
import { WebSocket } from 'ws';
import { LIVE_PATH } from '@courtside/events/api-paths';

export type ParentMessage =
  /** Viewer k connects to urls[k % urls.length] (one api process each, as a sticky load balancer would). */
  | {
      type: 'start';
      urls: string[];
      rooms: string[];
      count: number;
      connectBatch: number;
      client: ViewerClient;
      /** Events whose every copy is recorded by its cursor key (`cursorArrivals`), e.g. `tournament.updated`. */
      cursorEvents?: string[];
    }
  | { type: 'report' }
  | { type: 'leave' };

export type ViewerClient = 'socket.io' | 'ws';

/** One viewer's pushes: per point `seq`, when its `live.updated` arrived (ms, monotonic), once per copy. */
export interface ViewerReport {
  arrivals: Array<[seq: number, atMs: number]>;
  /** Pushes of any event that came more than once (the same event and cursor). */
  duplicateCopies: number;
  pushes: number;
  /** Per copy of a push of the `cursorEvents`: its key (`pushKey`) and when it arrived (ms, monotonic). */
  cursorArrivals: Array<[key: string, atMs: number]>;
}

/** How a socket.io push is known among the pushes of its rooms: its positions there (the same in every copy). */
export function pushKey(meta: { cursor?: number; cursors?: object; room?: string } | undefined): string {
  return JSON.stringify(meta?.cursors ?? [meta?.room, meta?.cursor]);
}

export type ChildMessage =
  | { type: 'ready'; connected: number; failed: number; connectMs: number }
  | { type: 'report'; viewers: ViewerReport[] }
  | { type: 'left' }
  | { type: 'error'; message: string };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const send = (message: ChildMessage) => process.send!(message);

interface Viewer {
  close(): void;
  report: ViewerReport;
}

const viewers: Viewer[] = [];

async function openSocketIoViewer(
  url: string,
  rooms: string[],
  cursorEvents: readonly string[] = [],
): Promise<Viewer> {
  const socket = io(url, {
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
  });
  const viewer: Viewer = {
    close: () => socket.close(),
    report: { arrivals: [], duplicateCopies: 0, pushes: 0, cursorArrivals: [] },
  };
  const seen = new Set<string>();
  socket.onAny(
    (
      event: string,
      data: unknown,
      meta: { cursor?: number; cursors?: object; room?: string } | undefined,
    ) => {
      const at = nowMs();
      viewer.report.pushes++;
      // A push is known by its positions in its rooms.
      const key = `${event}@${pushKey(meta)}`;
      if (seen.has(key)) viewer.report.duplicateCopies++;
      else seen.add(key);
      if (cursorEvents.includes(event)) viewer.report.cursorArrivals.push([pushKey(meta), at]);
      if (event === 'live.updated') {
        const seq = (data as { state?: { seq?: unknown } } | null)?.state?.seq;
        if (typeof seq === 'number') viewer.report.arrivals.push([seq, at]);
      }
    },
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  for (const room of rooms) {
    const ack = (await socket.timeout(60_000).emitWithAck('subscribe', { room })) as {
      ok: boolean;
      error?: string;
    };
    if (!ack.ok) throw new Error(`subscribe ${room}: ${ack.error}`);
  }
  return viewer;
}

/** The point (`state.seq`) of each `live.updated` push, by its cursors: parsed from the first copy in this process. */
const pointOfCursor = new Map<string, number | undefined>();
const LIVE_UPDATED = '42["live.updated",';

/** The push's second argument as sent (`{"cursor":…}` to one room, `{"rooms":…,"cursors":…}` to several). */
function metaText(frame: string): string {
  return frame.slice(Math.max(frame.lastIndexOf(',{"cursor":'), frame.lastIndexOf(',{"rooms":')));
}

/**
 * A viewer on a bare WebSocket: the engine.io handshake ("0{…}" open, "40" connect to the main namespace), the
 * subscriptions as socket.io events with acknowledgements ("42<id>[…]" → "43<id>[…]"), pings answered ("2" → "3");
 * a push ("42[event, data, {cursor, …}]") is known by its cursors, read from the end of the frame.
 */
async function openWsViewer(url: string, rooms: string[]): Promise<Viewer> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_PATH}/?EIO=4&transport=websocket`);
  const viewer: Viewer = {
    close: () => socket.close(),
    report: { arrivals: [], duplicateCopies: 0, pushes: 0, cursorArrivals: [] },
  };
  const seen = new Set<string>();
  const acks = new Map<number, (answer: string) => void>();
  let connected: (() => void) | undefined;
  socket.on('message', (raw: Buffer) => {
    const at = nowMs();
    const frame = raw.toString();
    if (frame === '2') return socket.send('3');
    if (frame.startsWith('42[')) {
      viewer.report.pushes++;
      const cursor = metaText(frame);
      if (seen.has(cursor)) viewer.report.duplicateCopies++;
      else seen.add(cursor);
      if (!frame.startsWith(LIVE_UPDATED)) return;
      if (!pointOfCursor.has(cursor)) {
        const [, data] = JSON.parse(frame.slice(2)) as [string, { state?: { seq?: unknown } } | null];
        const seq = data?.state?.seq;
        pointOfCursor.set(cursor, typeof seq === 'number' ? seq : undefined);
      }
      const seq = pointOfCursor.get(cursor);
      if (seq !== undefined) viewer.report.arrivals.push([seq, at]);
    } else if (frame.startsWith('0{')) socket.send('40');
    else if (frame.startsWith('40')) connected?.();
    else if (frame.startsWith('43')) {
      const id = Number.parseInt(frame.slice(2), 10);
      acks.get(id)?.(frame.slice(String(id).length + 2));
      acks.delete(id);
    }
  });
  // A socket that fails later shows as missing pushes; its error must not end the process.
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    connected = resolve;
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  for (const [id, room] of rooms.entries()) {
    const answer = await new Promise<string>((resolve, reject) => {
      acks.set(id, resolve);
      socket.send(`42${id}${JSON.stringify(['subscribe', { room }])}`);
      setTimeout(() => reject(new Error(`subscribe ${room}: no answer in 60 s`)), 60_000).unref();
    });
    const [ack] = JSON.parse(answer) as [{ ok: boolean; error?: string }];
    if (!ack.ok) throw new Error(`subscribe ${room}: ${ack.error}`);
  }
  return viewer;
}

process.on('message', (message: ParentMessage) => {
  void (async () => {
    switch (message.type) {
      case 'start': {
        const started = nowMs();
        let failed = 0;
        for (let first = 0; first < message.count; first += message.connectBatch) {
          const batch = Math.min(message.connectBatch, message.count - first);
          const opened = await Promise.allSettled(
            Array.from({ length: batch }, (_, index) =>
              message.client === 'ws'
                ? openWsViewer(message.urls[(first + index) % message.urls.length]!, message.rooms)
                : openSocketIoViewer(
                    message.urls[(first + index) % message.urls.length]!,
                    message.rooms,
                    message.cursorEvents,
                  ),
            ),
          );
          for (const result of opened) {
            if (result.status === 'fulfilled') viewers.push(result.value);
            else failed++;
          }
        }
        send({ type: 'ready', connected: viewers.length, failed, connectMs: nowMs() - started });
        break;
      }
      case 'report':
        send({ type: 'report', viewers: viewers.map((viewer) => viewer.report) });
        break;
      case 'leave': {
        for (const viewer of viewers) viewer.close();
        viewers.length = 0;
        send({ type: 'left' });
        break;
      }
      default: {
        const unknown: never = message;
        throw new Error(`unknown message ${JSON.stringify(unknown)}`);
      }
    }
  })().catch((error: unknown) => send({ type: 'error', message: String(error) }));
});
process.on('disconnect', () => process.exit(0));
