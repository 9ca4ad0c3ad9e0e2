/**
 * The viewers of bench/src/live-viewers.ts, in a process of their own (forked with IPC), so the server is measured
 * alone as deployed. Opens `count` socket.io clients, subscribes each to the given rooms, and records when each
 * `live.updated` arrives (process.hrtime, the machine's monotonic clock, which the parent process shares).
 *
 * Messages from the parent: {type: 'start', url, rooms, count, firstViewer} → replies {type: 'ready', failed};
 * {type: 'report'} → {type: 'report', viewers: ViewerReport[]}; {type: 'leave'} → closes all sockets, {type: 'left'}.
 */
import { io, type Socket } from 'socket.io-client';
import { LIVE_PATH } from '@courtside/events/api-paths';

export type ParentMessage =
  | { type: 'start'; url: string; rooms: string[]; count: number; connectBatch: number }
  | { type: 'report' }
  | { type: 'leave' };

/** One viewer's pushes: per point `seq`, when its `live.updated` arrived (ms, monotonic), once per copy. */
export interface ViewerReport {
  arrivals: Array<[seq: number, atMs: number]>;
  /** Pushes of any event that came more than once (the same event and cursor). */
  duplicateCopies: number;
  pushes: number;
}

export type ChildMessage =
  | { type: 'ready'; connected: number; failed: number; connectMs: number }
  | { type: 'report'; viewers: ViewerReport[] }
  | { type: 'left' }
  | { type: 'error'; message: string };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const send = (message: ChildMessage) => process.send!(message);

interface Viewer {
  socket: Socket;
  report: ViewerReport;
  seen: Set<string>;
}

const viewers: Viewer[] = [];

async function openViewer(url: string, rooms: string[]): Promise<Viewer> {
  const socket = io(url, {
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
  });
  const viewer: Viewer = { socket, report: { arrivals: [], duplicateCopies: 0, pushes: 0 }, seen: new Set() };
  socket.onAny((event: string, data: unknown, meta: { cursor?: number } | undefined) => {
    const at = nowMs();
    viewer.report.pushes++;
    const key = `${event}@${meta?.cursor}`;
    if (viewer.seen.has(key)) viewer.report.duplicateCopies++;
    else viewer.seen.add(key);
    if (event === 'live.updated') {
      const seq = (data as { state?: { seq?: unknown } } | null)?.state?.seq;
      if (typeof seq === 'number') viewer.report.arrivals.push([seq, at]);
    }
  });
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

process.on('message', (message: ParentMessage) => {
  void (async () => {
    switch (message.type) {
      case 'start': {
        const started = nowMs();
        let failed = 0;
        for (let first = 0; first < message.count; first += message.connectBatch) {
          const batch = Math.min(message.connectBatch, message.count - first);
          const opened = await Promise.allSettled(
            Array.from({ length: batch }, () => openViewer(message.url, message.rooms)),
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
        for (const viewer of viewers) viewer.socket.close();
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
