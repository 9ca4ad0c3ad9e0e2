import { io, type Socket } from 'socket.io-client';
import { onTestFinished } from 'vitest';
import { LIVE_PATH } from '@courtside/events/api-paths';
import { pushCheckerOf } from './push-document.ts';

export interface Push {
  event: string;
  data: unknown;
  /** A push to one room: its position there. */
  cursor: number | undefined;
  /** Per room the push went to, its position there (the cursor to resubscribe that room with). */
  cursors: Record<string, number>;
  /** The rooms the push went to (one copy per socket, whichever of them it joined). */
  rooms: string[];
}

/**
 * A socket.io client of the live channel that records every push it gets and checks each against the server's
 * AsyncAPI document: a push that is not as documented fails the test (when the client is made inside a test) or
 * `close()`.
 */
export class LiveClient {
  readonly socket: Socket;
  readonly pushes: Push[] = [];
  private readonly checks: Array<Promise<string | undefined>> = [];

  /** `notDocumented`: events of a test's own module (the spine's notes), which the product's document does not name. */
  constructor(baseUrl: string, headers: Record<string, string> = {}, notDocumented: readonly string[] = []) {
    const checker = pushCheckerOf(baseUrl);
    try {
      onTestFinished(() => this.checkPushes());
    } catch {
      // Made outside a test (beforeAll): close() checks.
    }
    this.socket = io(baseUrl, {
      path: LIVE_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: headers,
    });
    this.socket.onAny(
      (
        event: string,
        data: unknown,
        meta: { cursor?: number; cursors?: Record<string, number>; room?: string; rooms?: string[] },
      ) => {
        const rooms = meta?.rooms ?? (meta?.room === undefined ? [] : [meta.room]);
        const cursors =
          meta?.cursors ??
          (meta?.room !== undefined && meta.cursor !== undefined ? { [meta.room]: meta.cursor } : {});
        this.pushes.push({ event, data, cursor: meta?.cursor, cursors, rooms });
        if (!notDocumented.includes(event)) {
          this.checks.push(checker.then((documented) => documented.problem(event, data)));
        }
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

  /** `language`: of an account room's notifications (the page's). */
  subscribe(
    room: string,
    since?: number,
    language?: string,
  ): Promise<{ ok: boolean; error?: string; resync?: boolean }> {
    // The server answers within its bound on the live channel's reads (5 s a statement) even while the database waits:
    // a test waits longer than that, so a slow answer on a loaded machine is an answer, not a timeout.
    return this.socket.timeout(30_000).emitWithAck('subscribe', {
      room,
      ...(since === undefined ? {} : { since }),
      ...(language === undefined ? {} : { language }),
    });
  }

  /** Throws when a push received so far is not as the AsyncAPI document says. */
  async checkPushes(): Promise<void> {
    const problems = (await Promise.all(this.checks)).filter((problem) => problem !== undefined);
    if (problems.length > 0) throw new Error(`Undocumented push: ${problems.slice(0, 3).join('\n')}`);
  }

  close(): void {
    this.socket.close();
  }
}
