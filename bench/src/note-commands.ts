/** The client side of the tests' notes module in the command benches: the push listener and the request headers. */
import { io, type Socket } from 'socket.io-client';
import { LIVE_PATH } from '@courtside/events/api-paths';
import { withTimeout } from './services.ts';

/** A socket.io client subscribed to the room of every company, calling `onNote` with each `note.written` text. */
export async function listenForNotes(
  baseUrl: string,
  companyIds: readonly string[],
  onNote: (text: string, at: number) => void,
): Promise<Socket> {
  const socket = io(baseUrl, { path: LIVE_PATH, transports: ['websocket'], reconnection: false });
  socket.on('note.written', (data: { text?: string }) => onNote(data?.text ?? '', performance.now()));
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
      10_000,
      'socket.io connect',
    );
    for (const companyId of companyIds) {
      const ack = (await socket.timeout(5_000).emitWithAck('subscribe', { room: `ladder:${companyId}` })) as {
        ok: boolean;
        error?: string;
      };
      if (!ack.ok) throw new Error(`subscribe ladder:${companyId} refused: ${ack.error}`);
    }
    return socket;
  } catch (error) {
    socket.close();
    throw error;
  }
}

/** Headers for a command: the anti-forgery cookie that any GET sets, sent back in X-XSRF-TOKEN. */
export async function commandHeaders(baseUrl: string): Promise<Record<string, string>> {
  const health = await fetch(`${baseUrl}/webapps/api/health`);
  await health.arrayBuffer();
  const cookies = health.headers.getSetCookie().map((line) => line.split(';')[0]!.trim());
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  if (!xsrf) throw new Error('the api set no XSRF-TOKEN cookie');
  return { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf };
}
