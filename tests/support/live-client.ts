import { io, type Socket } from 'socket.io-client';
import { LIVE_PATH } from '@courtside/events/api-paths';

export interface Push {
  event: string;
  data: unknown;
  cursor: number;
  /** The rooms the push went to (one copy per socket, whichever of them it joined). */
  rooms: string[];
}

/** A socket.io client of the live channel that records every push it gets. */
export class LiveClient {
  readonly socket: Socket;
  readonly pushes: Push[] = [];

  constructor(baseUrl: string, headers: Record<string, string> = {}) {
    this.socket = io(baseUrl, {
      path: LIVE_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: headers,
    });
    this.socket.onAny(
      (event: string, data: unknown, meta: { cursor: number; room?: string; rooms?: string[] }) => {
        const rooms = meta?.rooms ?? (meta?.room === undefined ? [] : [meta.room]);
        this.pushes.push({ event, data, cursor: meta?.cursor, rooms });
      },
    );
  }

  async connected(): Promise<void> {
    if (this.socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  subscribe(room: string, since?: number): Promise<{ ok: boolean; error?: string; resync?: boolean }> {
    return this.socket
      .timeout(5_000)
      .emitWithAck('subscribe', since === undefined ? { room } : { room, since });
  }

  close(): void {
    this.socket.close();
  }
}
