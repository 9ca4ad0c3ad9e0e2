import { useEffect, useRef } from 'react';
import { LIVE_EVENTS, live, type LiveHandlers, type LiveClient } from '../lib/live';

/**
 * Joins a live room while the component is mounted (and `room` is set) and calls the latest
 * `handlers` for its pushes. Changing the handlers does not re-subscribe; changing the room or the
 * language (of an account room's notifications) does.
 */
export function useLiveRoom(
  room: string | null | undefined,
  handlers: LiveHandlers,
  client: LiveClient = live,
  language?: string,
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!room) return;
    const forward: LiveHandlers = {
      onResync: () => latest.current.onResync?.(),
      onError: (error) => latest.current.onError?.(error),
    };
    for (const event of LIVE_EVENTS) {
      // Each key forwards to whatever handler the latest render passed.
      (forward as Record<string, unknown>)[event] = (payload: unknown, meta: unknown) =>
        (latest.current[event] as ((p: unknown, m: unknown) => void) | undefined)?.(payload, meta);
    }
    return client.subscribe(room, forward, { language });
  }, [room, client, language]);
}
